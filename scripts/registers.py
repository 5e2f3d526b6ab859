"""Registers and PTX lines of every benchmark kernel variant, to compare two trees.

ptxas's register allocation moves with small changes in the form of the generated
code, and a register more can cost a CTA an SM: a 512-thread CTA past 64 registers
fits once where it fitted twice (the fast 16384-column softmax went to 68 when the row
sweeps wrote their column from `threadIdx.x`, and ran at x0.775). This builds each
variant of the benchmark kernels (benchmarks/kernels), relaxed and fast, at the
benchmark's key (every dim a multiple of 16, every tensor aligned) with NVRTC,
`-Xptxas -v` for the registers and a PTX build for its lines. No GPU is needed.

    python scripts/registers.py --out now.json                  # this tree
    git worktree add /tmp/before <commit>
    python scripts/registers.py --tree /tmp/before --out before.json
    python scripts/registers.py --compare before.json now.json  # exits 1 where one is worse
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
ARCH = "sm_90"  # the H200's


def nvrtc_build(source: str, name: str, arch: str, options: list[str], ptx: bool) -> tuple[str, str]:
    """NVRTC's log and (for `ptx`) the PTX of `source`, built for `arch` with `options`."""
    from cuda.bindings import nvrtc

    target = arch.replace("sm_", "compute_") if ptx else arch
    flags = [f"-arch={target}".encode(), *(o.encode() for o in options), *([] if ptx else [b"-Xptxas=-v"])]
    _, program = nvrtc.nvrtcCreateProgram(source.encode(), f"{name}.cu".encode(), 0, [], [])
    try:
        (status,) = nvrtc.nvrtcCompileProgram(program, len(flags), flags)
        _, size = nvrtc.nvrtcGetProgramLogSize(program)
        log = b" " * size
        nvrtc.nvrtcGetProgramLog(program, log)
        text = log.decode(errors="replace")
        if status != nvrtc.nvrtcResult.NVRTC_SUCCESS:
            raise RuntimeError(f"NVRTC refused {name}:\n{text}")
        if not ptx:
            return text, ""
        _, size = nvrtc.nvrtcGetPTXSize(program)
        code = b" " * size
        nvrtc.nvrtcGetPTX(program, code)
        return text, code.rstrip(b"\0").decode()
    finally:
        nvrtc.nvrtcDestroyProgram(program)


def usage(variant: Any, fast: bool, arch: str = ARCH) -> dict[str, Any]:
    """The registers, spill bytes and PTX lines of one variant (an ir.Kernel of the tree
    on sys.path) at the benchmark's key, relaxed or `fast`."""
    from phobos.backends.cuda.runtime.compile import options
    from phobos.backends.cuda.write.kernel import generate
    from phobos.ir import nodes as ir
    from phobos.ir.specialize import specialize

    aligned = frozenset(p.name for p in variant.params if isinstance(p, ir.TensorParam))
    spec = specialize(variant, dict.fromkeys(variant.runtime_dims, 16), {}, aligned, scalars_known=False,
                      fast_math=fast)
    gen = generate(variant, spec)
    target = arch + gen.arch_suffix
    log, _ = nvrtc_build(gen.source, gen.name, target, options(gen.fused), ptx=False)
    _, ptx = nvrtc_build(gen.source, gen.name, target, options(gen.fused), ptx=True)
    registers = [int(n) for n in re.findall(r"Used (\d+) registers", log)]
    spills = [int(n) for n in re.findall(r"(\d+) bytes spill stores", log)]
    return {"kernel": variant.name, "bindings": variant.bindings, "fast": fast,
            "registers": max(registers, default=0), "spill_bytes": max(spills, default=0),
            "ptx_lines": ptx.count("\n")}


def measure(tree: Path, arch: str) -> list[dict[str, Any]]:
    """`usage` of every benchmark variant of the tree at `tree`, both math modes."""
    sys.path[:0] = [str(tree / "src"), str(tree)]
    import benchmarks.kernels as bench

    kernels = [*bench.STREAMS.kernels.values(), *bench.GEMMS.kernels.values(),
               bench._softmax_rows, bench._layer_norm, bench._row_means]
    rows = []
    for kernel in kernels:
        for variant in kernel.variants:
            for fast in (False, True):
                rows.append(usage(variant, fast, arch))
                print(json.dumps(rows[-1]), file=sys.stderr, flush=True)
    return rows


def compare(before: list[dict[str, Any]], after: list[dict[str, Any]]) -> int:
    """Print each variant whose numbers differ; the count of those that got worse."""

    def key(row: dict[str, Any]) -> tuple[str, str, bool]:
        return row["kernel"], json.dumps(row["bindings"], sort_keys=True), row["fast"]

    old = {key(row): row for row in before}
    worse = 0
    for row in after:
        was = old.get(key(row))
        if was is None:
            print(f"new     {' '.join(map(str, key(row)))}")
            continue
        numbers = ("registers", "spill_bytes", "ptx_lines")
        if any(was[n] != row[n] for n in numbers):
            bad = any(row[n] > was[n] for n in numbers)
            worse += bad
            change = ", ".join(f"{n} {was[n]} -> {row[n]}" for n in numbers if was[n] != row[n])
            mode = "fast" if row["fast"] else "relaxed"
            print(f"{'WORSE' if bad else 'better':<7} {row['kernel']} {row['bindings']} {mode}: {change}")
    print(f"{len(after)} builds compared, {worse} worse")
    return worse


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tree", type=Path, default=ROOT, help="the source tree to build (default: this one)")
    parser.add_argument("--arch", default=ARCH)
    parser.add_argument("--out", type=Path, help="where to write the numbers (JSON)")
    parser.add_argument("--compare", nargs=2, type=Path, metavar=("BEFORE", "AFTER"),
                        help="compare two files --out wrote instead of building")
    args = parser.parse_args()
    if args.compare:
        before, after = (json.loads(path.read_text()) for path in args.compare)
        return 1 if compare(before, after) else 0
    rows = measure(args.tree.resolve(), args.arch)
    text = json.dumps(rows, indent=1)
    if args.out:
        args.out.write_text(text + "\n")
    else:
        print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
