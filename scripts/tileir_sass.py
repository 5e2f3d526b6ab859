"""What the machine code of a kernel looks like through each back end, read without a GPU
(issue 25's study: docs/tileir.md).

    python scripts/tileir_sass.py [--arch sm_90] [--cutile]

Builds the benchmark kernels named below through the CUDA back end (NVRTC) and the
Tile IR back end (tileiras, the `tileir` extra), disassembles each cubin with nvdisasm
(the `nvidia-cuda-nvdisasm` wheel, or NVDISASM naming the binary) and prints, per
kernel, the count of SASS instructions and of those that move data: global loads and
stores by width, shared memory, TMA, barriers and mbarrier waits, shuffles and tensor
cores. The counts are static (each instruction once, however often it runs). With
`--cutile`, the same vector add and the same GEMM (bf16, 128 x 128 x 64 tiles) written in
cuTile Python (the `cuda-tile` package) are exported for the same target and counted
beside them.
"""

# No `from __future__ import annotations`: cuTile reads its kernel's annotations at run time.
import argparse
import collections
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

# (file, kernel, the variant's stem as `phobos compile` names it)
KERNELS = [
    ("streams.phobos", "add_bf16", "add_bf16.BLOCK-8192"),
    ("streams.phobos", "add_f32", "add_f32.BLOCK-4096"),
    ("streams.phobos", "cast_bf16_f32", "cast_bf16_f32.BLOCK-4096"),
    ("streams.phobos", "block_sums", "block_sums.BLOCK-4096"),
    ("rows.py", "softmax_rows", "softmax_rows.COLS-4096.THREADS-256"),
    ("rows.py", "layer_norm", "layer_norm.COLS-4096.THREADS-128"),
    ("rows.py", "row_means", "row_means.ROWS-1.COLS-2048"),
    ("gemm.phobos", "gemm_bf16", "gemm_bf16.TM-128.TN-128.TK-64"),
]
MOVES = ("LDG", "STG", "LDS", "STS", "LDSM", "UTMALDG", "UTMASTG", "LDGSTS", "BAR", "SYNCS.PHASECHK", "SHFL",
         "HGMMA", "HMMA", "RED", "ATOM")
INSTRUCTION = re.compile(r"\s*/\*[0-9a-f]+\*/\s+(?:@!?U?P\w+\s+)?([A-Z][A-Z0-9_.]*)")


def nvdisasm() -> str:
    from phobos.backends.tileir.regplan import nvdisasm as find

    return find() or sys.exit("no nvdisasm: pip install nvidia-cuda-nvdisasm, or set NVDISASM")


def counts(cubin: Path, tool: str) -> tuple[int, dict[str, int]]:
    text = subprocess.run([tool, "-c", str(cubin)], capture_output=True, text=True, check=True).stdout
    ops = collections.Counter(m.group(1) for m in map(INSTRUCTION.match, text.splitlines()) if m)
    moves = {op: n for op, n in sorted(ops.items()) if op.startswith(MOVES)}
    return sum(ops.values()), moves


def build(arch: str, out: Path) -> dict[tuple[str, str], Path]:
    """The cubins of KERNELS, by (kernel, back end): the CUDA back end's usual variant
    and Tile IR's variant for dims that are multiples of 16 (what the benchmark passes)."""
    from phobos.backends.cuda.runtime.aot import build_file as cuda_build
    from phobos.backends.tileir.aot import build_file as tileir_build

    found = {}
    for file, kernel, stem in KERNELS:
        path = ROOT / "benchmarks" / "kernels" / file
        cuda_build(path, [arch], "cubin", out / "cuda", (kernel,))
        tileir_build(path, [arch], "cubin", out / "tileir", (kernel,))
        found[(kernel, "cuda")] = out / "cuda" / f"{stem}.{arch}.cubin"
        found[(kernel, "tileir")] = out / "tileir" / f"{stem}.div16.{arch}.cubin"
    return found


def cutile_add(arch: str, out: Path) -> Path:
    """cuTile Python's vector add of bf16, 8192 a block, for dims multiples of 16."""
    import cuda.tile as ct
    from cuda.tile._cext import CallingConvention
    from cuda.tile.compilation import ArrayConstraint, KernelSignature, export_kernel

    @ct.kernel
    def add(a, b, c, tile: ct.Constant[int]):
        bid = ct.bid(0)
        x = ct.load(a, index=(bid,), shape=(tile,))
        y = ct.load(b, index=(bid,), shape=(tile,))
        ct.store(c, index=(bid,), tile=(x.astype(ct.float32) + y.astype(ct.float32)).astype(ct.bfloat16))

    def array() -> ArrayConstraint:
        return ArrayConstraint(ct.bfloat16, 1, index_dtype=ct.int32, stride_lower_bound_incl=0, alias_groups=[],
                               may_alias_internally=False, stride_constant=[1], shape_divisible_by=16,
                               base_addr_divisible_by=16)

    target = out / "cutile_add_bf16.cubin"
    signature = KernelSignature([array(), array(), array(), 8192], CallingConvention.cutile_python_v1())
    export_kernel(add, [signature], str(target), gpu_code=arch, output_format="cubin")
    return target


def cutile_gemm(arch: str, out: Path) -> Path:
    """cuTile Python's GEMM of bf16 (C = A B, 128 x 128 tiles, 64 k a turn), as its samples
    write one, for dims and row pitches multiples of 16."""
    import cuda.tile as ct
    from cuda.tile._cext import CallingConvention
    from cuda.tile.compilation import ArrayConstraint, KernelSignature, export_kernel

    @ct.kernel
    def gemm(a, b, c, tm: ct.Constant[int], tn: ct.Constant[int], tk: ct.Constant[int]):
        bx, by = ct.bid(0), ct.bid(1)
        acc = ct.full((tm, tn), 0, dtype=ct.float32)
        for k in range(ct.num_tiles(a, axis=1, shape=(tm, tk))):
            x = ct.load(a, index=(by, k), shape=(tm, tk), padding_mode=ct.PaddingMode.ZERO)
            y = ct.load(b, index=(k, bx), shape=(tk, tn), padding_mode=ct.PaddingMode.ZERO)
            acc = ct.mma(x, y, acc)
        ct.store(c, index=(by, bx), tile=acc.astype(ct.bfloat16))

    def matrix() -> ArrayConstraint:
        return ArrayConstraint(ct.bfloat16, 2, index_dtype=ct.int32, stride_lower_bound_incl=0, alias_groups=[],
                               may_alias_internally=False, stride_constant=[None, 1], shape_divisible_by=16,
                               stride_divisible_by=[8, 1], base_addr_divisible_by=16)

    target = out / "cutile_gemm_bf16.cubin"
    signature = KernelSignature([matrix(), matrix(), matrix(), 128, 128, 64], CallingConvention.cutile_python_v1())
    export_kernel(gemm, [signature], str(target), gpu_code=arch, output_format="cubin")
    return target


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--arch", default="sm_90")
    parser.add_argument("--cutile", action="store_true")
    args = parser.parse_args()
    tool = nvdisasm()
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder)
        rows = [(f"{kernel} ({backend})", cubin) for (kernel, backend), cubin in build(args.arch, out).items()]
        if args.cutile:
            rows.append(("add_bf16 (cuTile Python)", cutile_add(args.arch, out)))
            rows.append(("gemm_bf16 (cuTile Python)", cutile_gemm(args.arch, out)))
        for label, cubin in rows:
            total, moves = counts(cubin, tool)
            print(f"| {label} | {total} | {', '.join(f'{op} {n}' for op, n in moves.items())} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
