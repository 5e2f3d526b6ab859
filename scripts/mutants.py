"""Mutants for every gate (issue 27 item 3): small, plausible bugs in the back ends,
each applied alone to a copy of the tree, and the gates run on it in order.

    gate 0  text and bytes: the CUDA C++, Tile IR text and bytecode goldens
    gate 1  the assemblers accept: NVRTC (sm_90, sm_80) and tileiras (sm_90) build
            every corpus kernel as the unmutated tree does (the same files, the same
            refusals)
    gate 2  the device agrees: the corpus on the GPU against the interpreter
            (scripts/gpu_gate.py --cases-only), then the device-array tests
            (tests/test_cuda_device.py), on the GPU machine only (--device)

Each mutant is written against one gate: the one that must turn it red. Gate 0 says
whether anything changed, not whether it is right, so a mutant written against gate
1 or 2 is judged there as if its goldens had been accepted (gate 0 is still run and
recorded). A mutant its gate does not catch is a survivor, and the table says so.

    python scripts/mutants.py --out mutants.json                                   # gates 0 and 1, here
    python scripts/mutants.py --device --only-gate 2 --no-gate0 --jobs 8 --out mutants_gpu.json  # the GPU machine
    python scripts/mutants.py --merge mutants.json mutants_gpu.json --out all.json --table docs/gates.md

`--jobs N` runs N mutants side by side, each in its own copy of the tree (the GPU
machine's 16 CPUs keep gate 2's corpus runs within one command there); `--merge` runs
nothing and folds the runs' gates into one table, which it writes into docs/gates.md
between the table's markers.

Gate 2 of a Tile IR mutant needs that mutant's cubins, which only tileiras builds, and
the GPU machine has none: build them here first, one xz archive a mutant, and carry the
folder with the run (a mutant whose text has changed since its archive, or whose corpus
meets a kernel the archive lacks, is recorded as not run, with the line naming it). Both
sides build and run a Tile IR mutant's corpus in the same folder, its own under
TILEIR_PLACES (the system's temporary folder, /tmp on both machines), as the bytecode
names each kernel's file with its folder:

    python scripts/mutants.py --only-gate 2 --tileir-cubins .mutant-cubins     # here
    python scripts/mutants.py --device --only-gate 2 --no-gate0 --tileir-cubins .mutant-cubins ...

`--host` runs, for each gate-2 mutant of the CUDA back end, a stand-in for gate 2 that
needs no GPU: the corpus as the CUDA back end's code run on the host against the
interpreter (tests/test_cuda_host_corpus.py; g++, tensor-core branches compiled out).
Its column says what the stand-in saw; it decides no verdict, which stays gate 2's.

No mutant touches the working tree: each runs in a scratch copy (`git archive HEAD`, or
the working tree's src, tests, scripts and benchmarks where there is no repository),
which is removed at the end. --out is written again after each mutant.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import queue
import shutil
import subprocess
import sys
import tarfile
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CUDA = "src/phobos/backends/cuda"
TILEIR = "src/phobos/backends/tileir"
GPU = "src/phobos/backends/gpu"
TABLE_START = "<!-- mutants table: scripts/mutants.py --table -->"
TABLE_END = "<!-- end of the mutants table -->"


@dataclass(frozen=True)
class Mutant:
    name: str
    gate: int  # the gate written against
    path: str  # from the repository root
    old: str  # text found exactly once in the file
    new: str
    what: str
    # Code only a device below sm_80 runs (the software rounding cvt.rn replaces from sm_80):
    # no lent GPU runs it, so gate 2's verdict is that of its stand-in on the host (`--host`).
    host_only: bool = False


M = Mutant
MUTANTS = [
    # ---- gate 0: correct code written otherwise (a comment, a pragma, a pad, a tuning constant)
    M("pad_32", 0, f"{CUDA}/layout/stages.py",
      "ROW_PAD = 16", "ROW_PAD = 32", "ldmatrix stages padded 32 bytes a row"),
    M("unroll_dropped", 0, f"{CUDA}/lower/sweeps.py", 'self.line("#pragma unroll")\n        self.line(head)',
      'self.line(head)', "fully unrolled register loops no longer marked"),
    M("in_flight_1", 0, f"{CUDA}/gemm/gemm_writer.py", "REALIGNED_IN_FLIGHT = 2", "REALIGNED_IN_FLIGHT = 1",
      "one realigned chunk in flight a producer thread"),
    M("stages_4", 0, f"{CUDA}/gemm/gemm_plan.py", "MOST_STAGES = 8", "MOST_STAGES = 4", "at most 4 GEMM stages"),
    M("module_text", 0, f"{TILEIR}/printer.py", 'p.lines.append(f"cuda_tile.module @{module.name} {{")',
      'p.lines.append(f"cuda_tile.module  @{module.name} {{")', "Tile IR text spaced otherwise"),
    M("launch_comment", 0, f"{CUDA}/write/kernel.py", "threads a CTA, {shared} bytes of shared memory",
      "threads per CTA, {shared} bytes of shared memory", "the kernel's header comment reworded"),
    M("debug_kept", 0, f"{CUDA}/write/kernel.py",
      "kernel = scalar_debug(kernel) if spec.debug else ir.without_debug(kernel)", "kernel = scalar_debug(kernel)",
      "prints and asserts compiled in without debug"),
    M("iota_axis", 0, f"{CUDA}/lower/exprs.py", 'return f"(i64)({pos[axis]})"', 'return f"(i64)({pos[0]})"',
      "an index tile's elements all the row index"),
    M("tileir_iota_axis", 0, f"{TILEIR}/exprs.py", "self.e.along(self.e.iota(held[axis]), axis, held)",
      "self.e.along(self.e.iota(held[0]), 0, held)", "an index tile along the first axis whatever its axis"),
    # ---- gate 1: code the assemblers refuse
    M("mma_shape", 1, f"{CUDA}/write/prelude.py", 'PH_MMA(mma_bf16, "m16n8k16"', 'PH_MMA(mma_bf16, "m16n8k12"',
      "an mma.sync shape PTX does not have"),
    M("ldmatrix_type", 1, f"{CUDA}/write/prelude.py", '"ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}',
      '"ldmatrix.sync.aligned.m8n8.x4.shared.b32 {%0, %1, %2, %3}', "ldmatrix of 32-bit elements"),
    M("cp_async_size", 1, f"{CUDA}/write/prelude.py", '"cp.async.cg.shared.global [%0], [%1], 16;"',
      '"cp.async.cg.shared.global [%0], [%1], 12;"', "a cp.async of 12 bytes"),
    M("tma_rank", 1, f"{CUDA}/write/tma_prelude.py", '"cp.async.bulk.tensor.2d.shared::cluster.global.tile',
      '"cp.async.bulk.tensor.3d.shared::cluster.global.tile', "a 2-D box loaded as 3-D"),
    M("wgmma_operands", 1, f"{CUDA}/gemm/gemm_writer.py", "f\", 1, 1, 0, {0 if plan.b.major == 'K' else 1}\"",
      '", 1, 1, 0"', "wgmma without B's transpose operand"),
    M("vec_width", 1, f"{CUDA}/write/prelude.py", "template <class T> PH_INLINE T shfl_idx(T v, int k, int w)",
      "template <class T> PH_INLINE T shfl_idx(T v, int k)", "shfl_idx's width parameter dropped"),
    M("magic", 1, f"{TILEIR}/writer.py", 'MAGIC = b"\\x7fTileIR\\x00"', 'MAGIC = b"\\x7fTileIR\\x01"',
      "the bytecode's magic number"),
    M("varint_bit", 1, f"{TILEIR}/encoding.py", "out.append(byte | 0x80)", "out.append(byte | 0x40)",
      "a varint's continuation bit"),
    M("type_tag_f32", 1, f"{TILEIR}/registry.py", "('Float32', 7, '13.1')", "('Float32', 9, '13.1')",
      "f32's type tag written as f64's"),
    M("type_tag_i32", 1, f"{TILEIR}/registry.py", "('Int32', 3, '13.1')", "('Int32', 2, '13.1')",
      "i32's type tag written as i16's"),
    M("attr_tag_int", 1, f"{TILEIR}/registry.py", "('Integer', 1)", "('Integer', 2)",
      "an integer attribute tagged as a float"),
    # ---- gate 2: code that builds and gives wrong values
    M("smem_declared", 2, f"{CUDA}/write/kernel.py", '"  extern __shared__ __align__(16) unsigned char smem[];"',
      '"  extern __shared__ __align__(16) unsigned char smem;"',
      "shared memory declared as one byte (C++ takes the byte's value cast to an address)"),
    # (Not the xor shuffle's width: every xor lane mask is a constant below the width, the
    # checker's rule, and then the width changes nothing; that mutant was equivalent.)
    M("shfl_up_width", 2, f"{CUDA}/write/prelude.py", "return __shfl_up_sync(PH_ALL_LANES, v, n, w); }",
      "return __shfl_up_sync(PH_ALL_LANES, v, n); }",
      "a group's shuffle up over the whole warp (the width defaults): a group's first lanes read the group before"),
    M("reduce_steps", 2, f"{CUDA}/write/prelude.py", "for (int m = width / 2; m >= 1; m /= 2)",
      "for (int m = width / 2; m > 1; m /= 2)", "a group reduction one shuffle short"),
    M("warp_reduce_steps", 2, f"{CUDA}/write/prelude.py", "for (int m = padded / 2; m >= 1; m /= 2)",
      "for (int m = padded / 2; m > 1; m /= 2)", "a warp reduction one shuffle short"),
    M("barrier_dropped", 2, f"{CUDA}/plan/barriers.py", "        return id(s) in self.before",
      "        return False", "no barrier between statements"),
    M("bf16_rounding", 2, f"{CUDA}/write/prelude.py", "h.bits = (u16)((u + 0x7fffu + ((u >> 16) & 1u)) >> 16);",
      "h.bits = (u16)((u + 0x7fffu) >> 16);", "bf16 rounding ties away, not to even (below sm_80)", host_only=True),
    M("atomic_max_min", 2, f"{CUDA}/write/prelude.py",
      "PH_INLINE i32 atomic_max(i32* p, i32 v) { return atomicMax(p, v); }",
      "PH_INLINE i32 atomic_max(i32* p, i32 v) { return atomicMin(p, v); }", "i32 atomic_max as atomicMin"),
    M("imax_imin", 2, f"{CUDA}/lower/exprs.py", 'return a if a == b else f"ph::max64({a}, {b})"',
      'return a if a == b else f"ph::min64({a}, {b})"', "a region's lower bound taken as the smaller"),
    M("fma_operands", 2, f"{CUDA}/lower/dot_fma.py", 'return f"fmaf({a}, {b}, {c})"', 'return f"fmaf({a}, {c}, {b})"',
      "a blocked f32 product's multiply-add with its operands swapped"),
    M("ring_wait", 2, f"{CUDA}/lower/stage_ring.py", "    pending = 0 if own_turn or not rings else depth - 2",
      "    pending = 0 if own_turn or not rings else depth - 1",
      "the ring's turn waiting for one group fewer than its windows"),
    M("group_width", 2, f"{CUDA}/layout/groups.py", "width = max(spread, min(WARP, _ceil_pow2(length)))",
      "width = max(spread, min(WARP, _ceil_pow2(length))) * 2", "row groups twice as wide as planned"),
    M("register_index", 2, f"{CUDA}/layout/fragments.py",
      "return Modes((self.size, self.slots, self.passes), (0, 0, 0), (0, 0, 0)).index([element, slot, pass_])",
      "return Modes((self.size, self.slots, self.passes), (0, 0, 0), (0, 0, 0)).index([element, pass_, slot])",
      "a register tile's slot and pass swapped"),
    M("gemm_swizzle_bit", 2, f"{CUDA}/gemm/gemm_prelude.py", "((((byte >> 4) ^ (row & 7))) << 4)",
      "((((byte >> 4) ^ (row & 3))) << 4)", "the output staging's swizzle on two bits"),
    M("transpose_perm", 2, f"{CUDA}/gemm/gemm_prelude.py", "const u32 lo01 = __byte_perm(w0, w1, 0x5140)",
      "const u32 lo01 = __byte_perm(w0, w1, 0x4150)", "an 8-bit B transposed with two bytes swapped"),
    M("tile_compare", 2, f"{TILEIR}/arith.py", '"<": "LESS_THAN", "<=": "LESS_THAN_OR_EQUAL"',
      '"<": "LESS_THAN_OR_EQUAL", "<=": "LESS_THAN"', "Tile IR's < and <= swapped"),
    M("mma_s8_types", 1, f"{CUDA}/write/prelude.py", '"s32.s8.s8.s32"', '"s32.s8.u4.s32"',
      "an i8 mma.sync with a 4-bit operand type"),
    M("cp_async_cache", 1, f"{CUDA}/write/prelude.py",
      '"cp.async.cg.', '"cp.async.cv.', "a cp.async cache hint PTX lacks"),
    M("wgmma_fence", 1, f"{CUDA}/write/prelude.py", '"wgmma.fence.sync.aligned;"', '"wgmma.fence.aligned;"',
      "wgmma.fence without .sync"),
    M("tma_store_group", 1, f"{CUDA}/gemm/gemm_prelude.py", "cp.async.bulk.tensor.2d.global.shared::cta.bulk_group",
      "cp.async.bulk.tensor.2d.global.shared::cta.mbarrier", "a TMA store completing on an mbarrier it does not name"),
    M("setmaxnreg", 1, f"{CUDA}/gemm/gemm_plan.py", "CONSUMER_REGISTERS = 224", "CONSUMER_REGISTERS = 228",
      "setmaxnreg to a count that is not a multiple of 8"),
    M("try_wait_parity", 1, f"{CUDA}/write/tma_prelude.py", "mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;",
      "mbarrier.try_wait.shared::cta.b64 p, [%1], %2;", "an mbarrier wait given a parity as a state"),
    M("opcode_maxf", 1, f"{TILEIR}/registry.py", "{'name': 'maxf', 'opcode': 69,", "{'name': 'maxf', 'opcode': 169,",
      "maxf's opcode out of the table"),
    M("f2i_nan", 2, f"{CUDA}/write/prelude.py", "if (!(v == v)) return (T)0;", "if (!(v == v)) return hi_v;",
      "a NaN converted to an integer as its largest value"),
    M("f2i_top", 2, f"{CUDA}/write/prelude.py",
      "if (v >= hi_plus_one) return hi_v;", "if (v > hi_plus_one) return hi_v;",
      "a float at the integer type's first value past its range wraps"),
    M("tf32_mask", 2, f"{CUDA}/write/prelude.py",
      "__float_as_uint(x) & 0xffffe000u", "__float_as_uint(x) & 0xfffff000u",
      "TF32 cut to 9 mantissa bits"),
    M("max64_min", 2, f"{CUDA}/write/prelude.py", "PH_INLINE i64 max64(i64 a, i64 b) { return b > a ? b : a; }",
      "PH_INLINE i64 max64(i64 a, i64 b) { return b < a ? b : a; }", "max64 giving the smaller"),
    M("bound_inclusive", 2, f"{CUDA}/lower/exprs.py", 'parts.append(f"0 <= {c} && {c} < {n}")',
      'parts.append(f"0 <= {c} && {c} <= {n}")', "an element read one past a tensor's end"),
    M("linear_minus", 2, f"{CUDA}/lower/exprs.py", 'text = f"{paren(text)} * {n} + {paren(p)}"',
      'text = f"{paren(text)} * {n} - {paren(p)}"', "a row-major offset subtracting the column"),
    M("atom_order", 2, f"{CUDA}/lower/dot_mma.py",
      'f"const int {row} = {at} / {atoms_n} * {atom.m}, {col} = {at} % {atoms_n} * {atom.n};"',
      'f"const int {row} = {at} % {atoms_n} * {atom.m}, {col} = {at} / {atoms_n} * {atom.n};"',
      "mma.sync atoms dealt with rows and columns swapped"),
    M("ldmatrix_half", 2, f"{CUDA}/lower/dot_mma.py", "f'{step} * {atom.k} + {lane} / 16 * {chunk}'",
      "f'{step} * {atom.k} + {lane} / 16 * {chunk} / 2'", "ldmatrix's second k half read from the first's place"),
    M("grid_axes", 2, f"{GPU}/launch.py", "self._function, grid[0], grid[1], grid[2], block",
      "self._function, grid[1], grid[0], grid[2], block", "a launch's grid x and y swapped"),
    M("f64_scalar", 2, f"{GPU}/launch.py", '"f32": ctypes.c_float, "f64": ctypes.c_double',
      '"f32": ctypes.c_float, "f64": ctypes.c_float', "an f64 scalar argument passed as an f32"),
    M("tile_opcode_subf", 2, f"{TILEIR}/registry.py", "{'name': 'subf', 'opcode': 103,",
      "{'name': 'subf', 'opcode': 2,", "Tile IR subtraction written as addition"),
    M("tile_type_f16", 2, f"{TILEIR}/registry.py", "('Float16', 5, '13.1')", "('Float16', 6, '13.1')",
      "f16 tagged as bf16"),
    M("own_comment", 0, f"{CUDA}/write/kernel.py", "// where the statements' own shared memory starts",
      "// the statements' own shared memory", "a comment in the kernel's head reworded"),
    M("stage_comment", 0, f"{CUDA}/lower/dot_stage.py", "a thread a turn, zeros where nothing is read",
      "a thread a turn, zero where nothing is read", "the staging's comment reworded"),
    M("atom_passes", 2, f"{CUDA}/layout/groups.py",
      "return Modes((2, self.blocks), (8, 16 * self.row_warps), (0, 0))",
      "return Modes((2, self.blocks), (8, 8 * self.row_warps), (0, 0))",
      "an accumulator layout's blocks 8 rows apart a warp"),
    M("shfl_idx_lane", 2, f"{CUDA}/write/prelude.py", "return __shfl_sync(PH_ALL_LANES, v, k, w)",
      "return __shfl_sync(PH_ALL_LANES, v, k + 1, w)", "shfl idx reading the next lane"),
    M("atomic_min_u32", 2, f"{CUDA}/write/prelude.py", "PH_INLINE u32 atomic_min(u32* p, u32 v) { return atomicMin",
      "PH_INLINE u32 atomic_min(u32* p, u32 v) { return atomicMax", "u32 atomic_min as atomicMax"),
    M("negate", 2, f"{CUDA}/lower/exprs.py", 'return f"-{paren(b)}"', 'return f"{paren(b)}"',
      "0 - b folded to b"),
    M("tile_equal", 2, f"{TILEIR}/arith.py", '"==": "EQUAL", "!=": "NOT_EQUAL"', '"==": "NOT_EQUAL", "!=": "EQUAL"',
      "Tile IR's == and != swapped"),
    M("opcode_mulf", 2, f"{TILEIR}/registry.py", "{'name': 'mulf', 'opcode': 76,", "{'name': 'mulf', 'opcode': 2,",
      "mulf written as addf (the same operands: tileiras takes it)"),
    M("tile_reduce_op", 2, f"{TILEIR}/exprs.py", '{"sum": "addf", "max": "maxf", "min": "minf"}[op]',
      '{"sum": "addf", "max": "minf", "min": "maxf"}[op]', "Tile IR's max and min reductions swapped"),
]


def tree_copy(where: Path) -> Path:
    """The committed tree (HEAD) unpacked under `where`; where there is no git repository
    (the GPU machine gets the working tree's files alone), the folders the gates read."""
    where.mkdir(parents=True)
    target = where / "tree"
    found = subprocess.run(["git", "archive", "HEAD"], cwd=ROOT, capture_output=True)
    if found.returncode == 0:
        with tarfile.open(fileobj=io.BytesIO(found.stdout)) as tar:
            tar.extractall(target, filter="data")
        return target
    skipped = shutil.ignore_patterns("__pycache__", "*.egg-info", ".pytest_cache")
    for folder in ("src", "tests", "scripts", "benchmarks"):
        shutil.copytree(ROOT / folder, target / folder, ignore=skipped)
    shutil.copy2(ROOT / "pyproject.toml", target / "pyproject.toml")
    return target


def run(cmd: list[str], tree: Path, env: dict[str, str], timeout: float) -> tuple[int, str]:
    try:
        done = subprocess.run(cmd, cwd=tree, env=env, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return 124, f"timed out after {timeout:.0f} s"
    return done.returncode, (done.stdout + done.stderr)[-4000:]


def gate0(tree: Path, env: dict[str, str]) -> tuple[bool, str]:
    """Whether a golden test fails (CUDA C++, Tile IR text and bytes, the GEMM kernels')."""
    code, out = run([sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider", "tests/test_cuda_golden.py",
                     "tests/test_tileir_golden.py", "tests/test_cuda_gemm.py", "-k", "golden"], tree, env, 900)
    return code != 0, out.strip().splitlines()[-1] if out.strip() else ""


def builds(tree: Path, env: dict[str, str], backend: str) -> dict[str, list[str]]:
    """What `phobos compile` builds and refuses of each corpus file on `backend`."""
    found = {}
    targets = ["--target", "sm_90", "--target", "sm_80"] if backend == "cuda" else []
    for path in sorted((tree / "tests" / "corpus").glob("*.phobos")):
        out = tree / "out" / backend / path.stem
        code, text = run([sys.executable, "-m", "phobos", "compile", str(path), "--backend", backend, *targets,
                          "--emit", "cubin", "-o", str(out)], tree, env, 900)
        lines = [line for line in text.splitlines() if "error:" in line or "Traceback" in line or "files built" in line]
        found[path.stem] = [f"exit {code}", *sorted(lines)]
        shutil.rmtree(out, ignore_errors=True)
    return found


def gate1(tree: Path, env: dict[str, str], baseline: dict[str, dict[str, list[str]]], backend: str
          ) -> tuple[bool, str]:
    """Whether the assembler of `backend` refuses what it built before (or the build fails)."""
    now = builds(tree, env, backend)
    differ = [stem for stem in now if now[stem] != baseline[backend].get(stem)]
    return bool(differ), f"{len(differ)} corpus file(s) built otherwise: {', '.join(differ[:4])}" if differ else ""


def gate2(tree: Path, env: dict[str, str], backend: str, archive: Path | None = None
          ) -> tuple[bool | None, str]:
    """Whether the corpus on the GPU, through `backend`, disagrees with the interpreter,
    and the run's last line. A Tile IR mutant runs from its own cubins: those tileiras
    builds here, or where it is not here (the GPU machine) those of its `archive`
    (`tileir_archive`); None (not run) where neither is to be had, or where the corpus
    met a kernel the archive lacks (the line then names it)."""
    if backend == "tileir":
        code, _ = run([sys.executable, "-c", "from phobos.backends.tileir.assemble import installed; "
                       "raise SystemExit(0 if installed() else 1)"], tree, env, 60)
        if code != 0:
            if archive is None or not archive.exists():
                return None, "no archive of this mutant's Tile IR cubins"
            unpacked = tree.parent / "cubins"
            shutil.rmtree(unpacked, ignore_errors=True)
            with tarfile.open(archive) as tar:
                tar.extractall(unpacked, filter="data")
            env = {**env, "PHOBOS_CACHE_DIR": str(unpacked)}
    code, out = run([sys.executable, "scripts/gpu_gate.py", "--cases-only", "--first-failure", "--no-ledger",
                     "--no-sanitizer", "--quiet", "--backend", backend], tree, env, 1500)
    if backend == "tileir" and "has no Tile IR cubin" in out:
        return None, next(line for line in out.splitlines() if "has no Tile IR cubin" in line)[:400]
    if code == 0 and backend == "cuda":  # gate 2's device arrays too (gpu_gate.py runs them before its ledger line)
        code, out = run([sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider",
                         "tests/test_cuda_device.py"], tree, env, 600)
    return code != 0, out.strip().splitlines()[-1] if out.strip() else ""


def tileir_archive(m: Mutant, tree: Path, env: dict[str, str], into: Path) -> tuple[bool, str]:
    """The corpus's Tile IR cubins for sm_90 as mutant `m` builds them (tileiras, here),
    as one xz archive in `into` named after the mutant, with the mutant's text beside it
    (`<name>.json`) so that a changed mutant's archive is not used for it."""
    built = tree.parent / "built"
    shutil.rmtree(built, ignore_errors=True)
    code, out = run([sys.executable, "scripts/gpu_gate.py", "--tileir-cubins", "sm_90"], tree,
                    {**env, "PHOBOS_CACHE_DIR": str(built)}, 3600)
    if code != 0:
        return False, out.strip().splitlines()[-1] if out.strip() else f"exit {code}"
    into.mkdir(parents=True, exist_ok=True)
    with tarfile.open(into / f"{m.name}.tar.xz", "w:xz") as tar:
        tar.add(built, arcname=".")
    (into / f"{m.name}.json").write_text(json.dumps({"path": m.path, "old": m.old, "new": m.new}) + "\n")
    shutil.rmtree(built, ignore_errors=True)
    return True, out.strip().splitlines()[-1] if out.strip() else ""


# Where a Tile IR mutant's corpus is built (its archive, here) and run (gate 2, on the GPU
# machine): one folder a mutant, the same on both machines, since the Tile IR bytecode
# names each kernel's file with its folder (its debug info) and a cubin is found by those
# bytes. (The copies `--jobs` makes lie in a folder of a random name.)
TILEIR_PLACES = Path(tempfile.gettempdir()) / "phobos-mutants-tileir"


def at_tileir_place(m: Mutant, tree: Path, env: dict[str, str]) -> tuple[Path, dict[str, str]]:
    """The mutated `tree` copied to the mutant's own folder under TILEIR_PLACES (what was
    there replaced), and `env` for it."""
    place = TILEIR_PLACES / m.name
    shutil.rmtree(place, ignore_errors=True)
    shutil.copytree(tree, place / "tree", ignore=shutil.ignore_patterns("__pycache__", ".pytest_cache"))
    return place / "tree", {**env, "PYTHONPATH": str(place / "tree" / "src")}


def archive_current(m: Mutant, cubins: Path | None) -> bool:
    """Whether `cubins` holds an archive built for the mutant as it is now."""
    if cubins is None or not (cubins / f"{m.name}.json").exists():
        return False
    return json.loads((cubins / f"{m.name}.json").read_text()) == {"path": m.path, "old": m.old, "new": m.new}


def host(tree: Path, env: dict[str, str]) -> tuple[bool, str]:
    """Whether the corpus, as CUDA code run on the host, disagrees with the interpreter."""
    code, out = run([sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider",
                     "tests/test_cuda_host_corpus.py"], tree, env, 1500)
    return code != 0, out.strip().splitlines()[-1] if out.strip() else ""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default="mutants.json")
    parser.add_argument("--table", help="write the gates' table (markdown) to this file, between its markers "
                        f"{TABLE_START!r} and {TABLE_END!r} where it has them")
    parser.add_argument("--device", action="store_true", help="run gate 2 too (on the GPU machine)")
    parser.add_argument("--host", action="store_true",
                        help="a CUDA gate-2 mutant also meets gate 2's stand-in on the host (no GPU)")
    parser.add_argument("--only-gate", type=int, choices=(0, 1, 2), help="only the mutants written against it")
    parser.add_argument("--only", nargs="*", default=(), help="only these mutants")
    parser.add_argument("--no-gate0", action="store_true",
                        help="skip gate 0 (on the GPU machine, where a run here has recorded it)")
    parser.add_argument("--jobs", type=int, default=1, help="mutants run side by side, each in its own copy")
    parser.add_argument("--tileir-cubins", metavar="DIR",
                        help="without --device (where tileiras is): build each chosen Tile IR gate-2 mutant's corpus "
                        "cubins into an archive in DIR, and run nothing else; with --device: run those mutants' "
                        "gate 2 from their archives")
    parser.add_argument("--merge", nargs="+", metavar="JSON",
                        help="run nothing: fold these runs' results (later ones add their gates) into --out")
    args = parser.parse_args()
    if args.merge:
        results = merged([json.loads(Path(path).read_text()) for path in args.merge])
    else:
        chosen = [m for m in MUTANTS if (args.only_gate is None or m.gate == args.only_gate)
                  and (not args.only or m.name in args.only)]
        results = run_all(chosen, args)
    Path(args.out).write_text(json.dumps(results, indent=1) + "\n")
    if args.table:
        write_table(Path(args.table), table(results))
    return 1 if any(r["verdict"] == "survived" for r in results) else 0


def run_all(chosen: list[Mutant], args: argparse.Namespace) -> list[dict]:
    """Each mutant applied alone to a copy of the tree and met by its gates; with
    `--jobs`, that many copies take the mutants in turn."""
    with tempfile.TemporaryDirectory(prefix="phobos-mutants-") as scratch:
        copies = [tree_copy(Path(scratch) / f"copy{j}") for j in range(max(1, args.jobs))]
        # One cache for every copy: it is keyed by the code built (and, for Tile IR, its
        # bytes), so a mutant's code misses it and the unmutated kernels are built once.
        cache = str(Path(scratch) / "cache")
        envs = [{**os.environ, "PYTHONPATH": str(tree / "src"), "PHOBOS_CACHE_DIR": cache} for tree in copies]
        for m in chosen:  # every mutant applies to exactly one place
            text = (copies[0] / m.path).read_text()
            if text.count(m.old) != 1:
                raise SystemExit(f"mutant {m.name}: its text occurs {text.count(m.old)} times in {m.path}")
        need = {("cuda" if m.path.startswith(CUDA) else "tileir") for m in chosen if m.gate == 1}
        baseline = {backend: builds(copies[0], envs[0], backend) for backend in sorted(need)}
        free: queue.Queue[int] = queue.Queue()
        for j in range(len(copies)):
            free.put(j)

        def one(m: Mutant) -> dict:
            j = free.get()
            try:
                return met(m, copies[j], envs[j], baseline, args)
            finally:
                free.put(j)

        done: dict[str, dict] = {}

        def recorded(m: Mutant) -> dict:
            """One mutant's row, and every row so far written to --out (a run cut short
            keeps what it found)."""
            row = one(m)
            with lock:
                done[m.name] = row
                rows = [done[c.name] for c in chosen if c.name in done]
                Path(args.out).write_text(json.dumps(rows, indent=1) + "\n")
            return row

        lock = threading.Lock()
        with ThreadPoolExecutor(len(copies)) as pool:
            return list(pool.map(recorded, chosen))


def met(m: Mutant, tree: Path, env: dict[str, str], baseline: dict[str, dict[str, list[str]]],
        args: argparse.Namespace) -> dict:
    """One mutant applied to `tree`, its gates run, and the tree restored."""
    source = tree / m.path
    original = source.read_text()
    source.write_text(original.replace(m.old, m.new))
    start = time.monotonic()
    tileir_gate2 = m.gate == 2 and not m.path.startswith((CUDA, GPU))
    try:
        row = {**asdict(m), "caught": {}}
        archives_only = bool(args.tileir_cubins) and not args.device  # for the GPU machine; no gate runs
        if archives_only and tileir_gate2:
            row["archive"] = tileir_archive(m, *at_tileir_place(m, tree, env), Path(args.tileir_cubins))
        if not (args.no_gate0 or archives_only):
            row["caught"]["0"] = gate0(tree, env)
        if m.gate == 1 and not archives_only:
            backend = "cuda" if m.path.startswith(CUDA) else "tileir"
            row["caught"]["1"] = gate1(tree, env, baseline, backend)
        if m.gate == 2 and args.device and not m.host_only:
            cubins = Path(args.tileir_cubins) if args.tileir_cubins else None
            archive = cubins / f"{m.name}.tar.xz" if archive_current(m, cubins) else None
            where = at_tileir_place(m, tree, env) if tileir_gate2 else (tree, env)
            caught, line = gate2(*where, "tileir" if tileir_gate2 else "cuda", archive)
            if caught is None:
                row["not_run"] = line
            else:
                row["caught"]["2"] = (caught, line)
        if m.gate == 2 and args.host and m.path.startswith(CUDA):
            row["caught"]["host"] = host(tree, env)
    finally:
        source.write_text(original)
        if tileir_gate2:
            shutil.rmtree(TILEIR_PLACES / m.name, ignore_errors=True)
    row["verdict"] = verdict(row)
    row["seconds"] = round(time.monotonic() - start, 1)
    seen = ", ".join(f"{'gate ' + g if g.isdigit() else g}: {mark(c)}" for g, c in row["caught"].items())
    why = f"; not run: {row['not_run']}" if "not_run" in row else ""
    print(f"{m.name:22s} gate {m.gate}: {row['verdict']:9s} ({seen}{why})", flush=True)
    return row


def verdict(row: dict) -> str:
    """Caught, survived or not run, at the mutant's own gate (for gate 2 of code no lent
    GPU runs, at its stand-in on the host)."""
    own = row["caught"].get("host" if row.get("host_only") else str(row["gate"]))
    return "caught" if own and own[0] else "survived" if own else "not run"


def merged(runs: list[list[dict]]) -> list[dict]:
    """The rows of every run by mutant, in MUTANTS' order, each gate's outcome from the
    last run that has it. A row whose mutant has changed since its run is left out where
    a later run holds the mutant as it is now, and refused otherwise (its outcome would
    be another bug's), as is a mutant no run holds."""
    known = {m.name: m for m in MUTANTS}
    rows: dict[str, dict] = {}
    for run_rows in reversed(runs):  # the latest run first: its outcomes stand
        for r in run_rows:
            m = known.get(r["name"])
            current = m is not None and (m.path, m.old, m.new) == (r["path"], r["old"], r["new"])
            if not current:
                if r["name"] in rows:
                    continue
                raise SystemExit(f"mutant {r['name']}: not as scripts/mutants.py has it now; run it again")
            kept = rows.setdefault(r["name"], {**r, "host_only": known[r["name"]].host_only, "caught": {}})
            kept["caught"] = {**r["caught"], **kept["caught"]}
    missing = [m.name for m in MUTANTS if m.name not in rows]
    if missing:
        raise SystemExit(f"no run holds {len(missing)} mutant(s): {', '.join(missing[:6])}")
    for r in rows.values():
        r["verdict"] = verdict(r)
    return [rows[m.name] for m in MUTANTS]


def write_table(path: Path, text: str) -> None:
    """The table into `path` between its markers, or as the whole file."""
    if path.exists():
        doc = path.read_text()
        if TABLE_START in doc and TABLE_END in doc:
            head, rest = doc.split(TABLE_START, 1)
            path.write_text(head + TABLE_START + "\n" + text + rest[rest.index(TABLE_END):])
            return
    path.write_text(text)


def mark(outcome: list | tuple | None) -> str:
    return "" if outcome is None else "red" if outcome[0] else "green"


def table(results: list[dict]) -> str:
    """The gates' counts, as seed 002 shows them, and each mutant's row."""
    lines = ["| gate | what it holds the code to | mutants written against it | caught | survived | not run here |",
             "|---|---|---:|---:|---:|---:|"]
    holds = {0: "the goldens: CUDA C++, Tile IR text and bytecode, byte for byte",
             1: "NVRTC and tileiras build every corpus kernel as before",
             2: "the corpus on the GPU agrees with the interpreter"}
    for gate in (0, 1, 2):
        rows = [r for r in results if r["gate"] == gate]
        count = {v: sum(r["verdict"] == v for r in rows) for v in ("caught", "survived", "not run")}
        lines.append(f"| {gate} | {holds[gate]} | {len(rows)} | {count['caught']} | {count['survived']} | "
                     f"{count['not run']} |")
    hosted = [r for r in results if "host" in r["caught"]]
    if hosted:
        red = sum(bool(r["caught"]["host"][0]) for r in hosted)
        lines += ["", f"Gate 2's stand-in on the host (no GPU; `--host`) turned {red} of the {len(hosted)} "
                  "CUDA gate-2 mutants it ran red; it decides the verdict only of a mutant of code no lent GPU "
                  "runs (marked *host*)."]
    lines += ["", "| mutant | gate | file | the bug | verdict | gate 0 | gate 1 | gate 2 | host |",
              "|---|---:|---|---|---|---|---|---|---|"]
    for r in results:
        marks = [mark(r["caught"].get(g)) for g in ("0", "1", "2", "host")]
        where = r["path"].removeprefix("src/phobos/backends/")
        judged = f"{r['verdict']} (host)" if r.get("host_only") else r["verdict"]
        lines.append(f"| {r['name']} | {r['gate']} | {where} | {r['what']} | {judged} | {' | '.join(marks)} |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    sys.exit(main())
