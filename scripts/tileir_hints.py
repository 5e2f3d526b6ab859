"""What the entry's `occupancy` hint makes tileiras do, read without a GPU (issue 25's
study: docs/tileir.md, part 2).

    python scripts/tileir_hints.py [--arch sm_90] [--occupancy 1 2 4 8]

Builds two benchmark kernels (the bf16 vector add and the bf16 GEMM, in the variants
scripts/tileir_sass.py counts) through the Tile IR back end, once as written and once
with `@occupancy(n)` for each `n`, for dims that are multiples of 16, and prints for each
cubin what nvdisasm says of it: its SASS instructions and those that move data, the
registers a thread uses and the cap tileiras set, the threads of a CTA, its static shared
memory, and the local-memory spills (STL, LDL). Needs the `tileir` extra and nvdisasm,
as tileir_sass.py does.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from tileir_sass import ROOT, counts, nvdisasm

# (file, kernel, the variant's autotune values)
KERNELS = [
    ("streams.phobos", "add_bf16", {"BLOCK": 8192}),
    ("gemm.phobos", "gemm_bf16", {"TM": 128, "TN": 128, "TK": 64}),
]
SHARED = re.compile(r"\.section\s+\.nv\.shared\.\w+,\"aw\",@nobits.*?\.zero\s+(\d+)", re.S)


def nvinfo(listing: str, name: str) -> list[int]:
    """The numbers of the .nv.info record `name` (EIATTR_...), as nvdisasm lists them."""
    block = listing.split(f"//----- nvinfo : {name}\n", 1)
    if len(block) == 1:
        return []
    record = block[1].split("//-----", 1)[0]
    words = re.findall(r"\.word\s+(0x[0-9a-f]+)", record)
    return [int(w, 16) for w in words] or [int(s, 16) for s in re.findall(r"\.short\s+(0x[0-9a-f]+)", record)]


def build(file: str, kernel: str, bindings: dict[str, int], occupancy: int | None, arch: str, out: Path) -> Path:
    """The cubin of the variant `bindings` of `kernel`, with `@occupancy(occupancy)`
    added where it is not None, for the launch whose dims are multiples of 16."""
    import phobos
    from phobos.backends.tileir.assemble import assemble
    from phobos.backends.tileir.launch import lowered, specializations

    text = (ROOT / "benchmarks" / "kernels" / file).read_text()
    if occupancy is not None:
        text = text.replace(f"kernel {kernel}(", f"@occupancy({occupancy})\nkernel {kernel}(", 1)
    variant = next(v for v in phobos.compile(text, path=file).kernels[kernel].variants
                   if all(v.bindings[k] == n for k, n in bindings.items()))
    spec = dict(specializations(variant, False, False))[".div16"]
    _, bytecode = lowered(variant, spec)
    target = out / f"{kernel}.{occupancy}.{arch}.cubin"
    target.write_bytes(assemble(bytecode, arch, kernel))
    return target


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--arch", default="sm_90")
    parser.add_argument("--occupancy", type=int, nargs="+", default=[1, 2, 4, 8])
    args = parser.parse_args()
    tool = nvdisasm()
    print("| kernel | @occupancy | SASS | registers (cap) | threads | shared bytes | spills | what moves data |")
    print("|---|---:|---:|---|---:|---:|---|---|")
    with tempfile.TemporaryDirectory() as folder:
        for file, kernel, bindings in KERNELS:
            for occupancy in [None, *args.occupancy]:
                cubin = build(file, kernel, bindings, occupancy, args.arch, Path(folder))
                listing = subprocess.run([tool, str(cubin)], capture_output=True, text=True, check=True).stdout
                total, moves = counts(cubin, tool)
                code = subprocess.run([tool, "-c", str(cubin)], capture_output=True, text=True, check=True).stdout
                spills = f"STL {len(re.findall(r' STL', code))}, LDL {len(re.findall(r' LDL', code))}"
                shared = sum(int(n) for n in SHARED.findall(listing))
                regs, cap = nvinfo(listing, "EIATTR_REGCOUNT")[-1:], nvinfo(listing, "EIATTR_MAXREG_COUNT")
                threads = nvinfo(listing, "EIATTR_REQNTID")[:1]
                data = ", ".join(f"{op} {n}" for op, n in moves.items())
                print(f"| {kernel} | {'-' if occupancy is None else occupancy} | {total} | {regs[0]} ({cap[0]}) "
                      f"| {threads[0]} | {shared} | {spills} | {data} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
