"""Host side of the Phobos Hopper GEMM prototype (see gemm_kernel.cu).

Pure cuda.bindings (driver + NVRTC); no torch needed here, so the same code path is what the
Phobos runtime will use.  Tensors are passed as raw device pointers with explicit leading
dimensions (in elements).

  python3 gemm.py            # compile (no GPU needed), print the ptxas report, self-check layout

Constraints the caller must meet (TMA): A and B base addresses 16-byte aligned, lda and ldb
multiples of 8 elements (row pitch a multiple of 16 bytes).  M, N, K are otherwise arbitrary:
TMA zero-fills out-of-bounds reads and the epilogue masks stores.  K == 0 is handled here by
memset (the kernel would otherwise store stale accumulators).
"""

from __future__ import annotations

import ctypes
import hashlib
import re
import sys
from dataclasses import asdict, dataclass
from pathlib import Path

from cuda.bindings import driver as cu
from cuda.bindings import nvrtc

HERE = Path(__file__).resolve().parent
CACHE_DIR = HERE / "cache"
BUILD_DIR = HERE / "build"
KERNEL_NAME = "gemm_bf16_f32"

# ptxas "Potential Performance Loss: wgmma.mma_async instructions are serialized ..." codes.
SERIALIZATION_WARNINGS = ("C7510", "C7511", "C7515")


@dataclass(frozen=True)
class Config:
    BM: int = 128          # two consumer warpgroups x 64 rows
    BN: int = 256          # one m64n256k16 accumulator per consumer (128 f32 regs/thread)
    STAGES: int = 4        # 4 x 48 KiB ring (+1 KiB alignment slack) fits the 227 KiB limit
    GROUP_M: int = 8       # tile-rows per group in the L2-friendly order
    PRODUCER_REGS: int = 24
    CONSUMER_REGS: int = 240   # 128*24 + 256*240 == 384*168 == register file share at launch

    @property
    def smem_bytes(self) -> int:
        stage = (self.BM * 64 + 64 * self.BN) * 2
        return self.STAGES * stage + 16 * self.STAGES + 1024   # stages + barriers + align slack


# ------------------------------------------------------------------------------------------------
# Accumulator fragment layout (the data Phobos's layout plan needs)
# ------------------------------------------------------------------------------------------------

def fragment_position(thread_in_warpgroup: int, register_index: int, N: int) -> tuple[int, int]:
    """(row, col) inside the 64xN tile held by f32 accumulator register `register_index`
    (0 .. N/2-1) of thread `thread_in_warpgroup` (0..127) after wgmma.m64nNk16.

    Same mapping as the comment in gemm_kernel.cu (PTX ISA accumulator-D figure for m64nNk16):
    warp w owns rows 16w..16w+15; inside a warp, lane/4 picks the row (plus 8 for registers
    2,3 of each group of 4), lane%4 picks a column pair, register r%2 the column in the pair,
    r/4 the 8-column slab.
    """
    t, r = thread_in_warpgroup, register_index
    if not (0 <= t < 128):
        raise ValueError("thread_in_warpgroup must be in [0, 128)")
    if N % 8 or not (8 <= N <= 256):
        raise ValueError("N must be a multiple of 8 in [8, 256]")
    if not (0 <= r < N // 2):
        raise ValueError(f"register_index must be in [0, {N // 2})")
    warp, lane = divmod(t, 32)
    row = 16 * warp + lane // 4 + 8 * ((r // 2) % 2)
    col = 8 * (r // 4) + 2 * (lane % 4) + (r % 2)
    return row, col


def check_fragment_layout(N: int) -> None:
    """The mapping must be a bijection from (thread, register) onto the 64xN tile."""
    seen = {}
    for t in range(128):
        for r in range(N // 2):
            pos = fragment_position(t, r, N)
            assert 0 <= pos[0] < 64 and 0 <= pos[1] < N, (t, r, pos)
            assert pos not in seen, f"{pos} held by both {seen[pos]} and {(t, r)}"
            seen[pos] = (t, r)
    assert len(seen) == 64 * N


# ------------------------------------------------------------------------------------------------
# Source generation and NVRTC compile (cached cubin)
# ------------------------------------------------------------------------------------------------

def wgmma_wrapper(bn: int) -> str:
    """The wgmma asm statement: bn/2 accumulator operands are too many to write by hand."""
    nreg = bn // 2
    regs = ", ".join(f"%{i}" for i in range(nreg))
    outs = ", ".join(f'"+f"(d[{i}])' for i in range(nreg))
    a, b, s = nreg, nreg + 1, nreg + 2
    return (
        f"__device__ __forceinline__ void wgmma_m64k16(float (&d)[{nreg}], u64 da, u64 db, bool scale_d) {{\n"
        f"    asm volatile(\n"
        f'        "{{\\n\\t.reg .pred p;\\n\\t"\n'
        f'        "setp.ne.b32 p, %{s}, 0;\\n\\t"\n'
        f'        "wgmma.mma_async.sync.aligned.m64n{bn}k16.f32.bf16.bf16 "\n'
        f'        "{{{regs}}}, "\n'
        # scale-d = p, imm-scale-a = 1, imm-scale-b = 1, imm-trans-a = 0 (K-major),
        # imm-trans-b = 1 (B is N-major in smem)
        f'        "%{a}, %{b}, p, 1, 1, 0, 1;\\n\\t}}"\n'
        f"        : {outs}\n"
        f'        : "l"(da), "l"(db), "r"((int)scale_d));\n'
        f"}}\n"
    )


def kernel_source(cfg: Config = Config()) -> str:
    src = (HERE / "gemm_kernel.cu").read_text()
    subs = {k: str(v) for k, v in asdict(cfg).items()}
    subs["WGMMA_WRAPPER"] = wgmma_wrapper(cfg.BN)
    # The wrapper must be substituted first: its text contains no @TOKEN@, the others are short.
    src = src.replace("@WGMMA_WRAPPER@", subs.pop("WGMMA_WRAPPER"))
    for k, v in subs.items():
        src = src.replace(f"@{k}@", v)
    left = re.findall(r"@[A-Z_]+@", src)
    assert not left, f"unsubstituted tokens {left}"
    return src


NVRTC_OPTIONS = [
    "--gpu-architecture=sm_90a",   # 'a': wgmma / setmaxnreg are not in plain sm_90
    "-std=c++17",
    "--fmad=false",
    "--ptxas-options=--verbose",   # register / spill report lands in the program log
]


def _nvrtc_check(res, prog=None):
    if res != nvrtc.nvrtcResult.NVRTC_SUCCESS:
        log = _nvrtc_log(prog) if prog is not None else ""
        raise RuntimeError(f"NVRTC error {res}:\n{log}")


def _nvrtc_log(prog) -> str:
    res, n = nvrtc.nvrtcGetProgramLogSize(prog)
    buf = b" " * n
    nvrtc.nvrtcGetProgramLog(prog, buf)
    return buf.rstrip(b"\x00 ").decode(errors="replace")


def nvrtc_version() -> tuple[int, int]:
    res, major, minor = nvrtc.nvrtcVersion()
    return major, minor


def compile_cubin(cfg: Config = Config(), *, use_cache: bool = True) -> tuple[bytes, str]:
    """Returns (cubin, nvrtc_log).  Cache key includes the NVRTC version, so a machine with a
    different NVRTC recompiles instead of loading a cubin built by another ptxas."""
    src = kernel_source(cfg)
    ver = nvrtc_version()
    key = hashlib.sha256(repr((src, NVRTC_OPTIONS, ver)).encode()).hexdigest()[:16]
    cubin_path = CACHE_DIR / f"{KERNEL_NAME}_{key}.cubin"
    log_path = cubin_path.with_suffix(".log")
    BUILD_DIR.mkdir(exist_ok=True)
    (BUILD_DIR / f"{KERNEL_NAME}_bn{cfg.BN}.cu").write_text(src)
    if use_cache and cubin_path.exists() and log_path.exists():
        return cubin_path.read_bytes(), log_path.read_text()

    res, prog = nvrtc.nvrtcCreateProgram(src.encode(), b"gemm_kernel.cu", 0, [], [])
    _nvrtc_check(res)
    opts = [o.encode() for o in NVRTC_OPTIONS]
    (res,) = nvrtc.nvrtcCompileProgram(prog, len(opts), opts)
    log = _nvrtc_log(prog)
    if res != nvrtc.nvrtcResult.NVRTC_SUCCESS:
        raise RuntimeError(f"NVRTC compile failed ({res}):\n{log}")
    res, n = nvrtc.nvrtcGetCUBINSize(prog)
    _nvrtc_check(res, prog)
    cubin = b" " * n
    (res,) = nvrtc.nvrtcGetCUBIN(prog, cubin)
    _nvrtc_check(res, prog)
    nvrtc.nvrtcDestroyProgram(prog)

    CACHE_DIR.mkdir(exist_ok=True)
    cubin_path.write_bytes(cubin)
    log_path.write_text(log)
    return cubin, log


def serialization_warnings(log: str) -> list[str]:
    return [ln for ln in log.splitlines() if any(c in ln for c in SERIALIZATION_WARNINGS)
            or "serialized" in ln]


def ptxas_registers(log: str) -> int | None:
    m = re.search(r"Used (\d+) registers", log)
    return int(m.group(1)) if m else None


# ------------------------------------------------------------------------------------------------
# Driver side
# ------------------------------------------------------------------------------------------------

def _ck(ret):
    """cuda.bindings returns (CUresult, *values)."""
    if isinstance(ret, tuple):
        err, rest = ret[0], ret[1:]
    else:
        err, rest = ret, ()
    if err != cu.CUresult.CUDA_SUCCESS:
        _, name = cu.cuGetErrorName(err)
        raise RuntimeError(f"CUDA driver error {err}: {name}")
    if not rest:
        return None
    return rest[0] if len(rest) == 1 else rest


def _ensure_context():
    """Use the current context (torch's primary context when torch initialised CUDA first);
    otherwise make the device-0 primary context current."""
    _ck(cu.cuInit(0))
    ctx = _ck(cu.cuCtxGetCurrent())
    if ctx is None or int(ctx) == 0:
        dev = _ck(cu.cuDeviceGet(0))
        ctx = _ck(cu.cuDevicePrimaryCtxRetain(dev))
        _ck(cu.cuCtxSetCurrent(ctx))
    return _ck(cu.cuCtxGetDevice())


class _AlignedMap:
    """128 tensor-map bytes in a 64-byte aligned buffer we own.  (cuda.bindings' CUtensorMap
    Python objects are only 16-byte aligned, so we never hand their address to anyone.)"""

    def __init__(self, raw: bytes):
        assert len(raw) == 128
        self._buf = ctypes.create_string_buffer(128 + 64)
        self.addr = (ctypes.addressof(self._buf) + 63) & ~63
        ctypes.memmove(self.addr, raw, 128)

    def bytes(self) -> bytes:
        return ctypes.string_at(self.addr, 128)


def _encode_via_libcuda(dtype, rank, ptr, dims, strides, box, estr, il, sw, l2, oob) -> bytes:
    """Fallback: call cuTensorMapEncodeTiled in libcuda directly with a 64-byte aligned output,
    in case a driver insists on the documented alignment of `tensorMap`."""
    lib = ctypes.CDLL("libcuda.so.1")
    out = _AlignedMap(bytes(128))
    u64a = ctypes.c_uint64 * rank
    u32a = ctypes.c_uint32 * rank
    fn = lib.cuTensorMapEncodeTiled
    fn.restype = ctypes.c_int
    err = fn(ctypes.c_void_p(out.addr), ctypes.c_int(int(dtype)), ctypes.c_uint32(rank),
             ctypes.c_void_p(ptr), u64a(*dims), (ctypes.c_uint64 * (rank - 1))(*strides),
             u32a(*box), u32a(*estr), ctypes.c_int(int(il)), ctypes.c_int(int(sw)),
             ctypes.c_int(int(l2)), ctypes.c_int(int(oob)))
    if err != 0:
        raise RuntimeError(f"cuTensorMapEncodeTiled (libcuda) failed: {err}")
    return out.bytes()


def _tensor_map_2d(ptr: int, inner: int, outer: int, ld: int, box_inner: int, box_outer: int):
    """bf16 2-D tiled tensor map, 128-byte swizzle.  `inner` is the contiguous dimension (its
    box is 64 elements = 128 B, the widest a 128B-swizzle box may be); `ld` is the row pitch in
    elements.  OOB_FILL_NONE means out-of-bounds elements read as zero."""
    if ptr % 16 or (ld * 2) % 16:
        raise ValueError("TMA needs a 16-byte aligned base and a row pitch multiple of 16 bytes")
    if ld < inner:
        raise ValueError("row pitch smaller than the row")
    enum = (
        cu.CUtensorMapDataType.CU_TENSOR_MAP_DATA_TYPE_BFLOAT16,
        cu.CUtensorMapInterleave.CU_TENSOR_MAP_INTERLEAVE_NONE,
        cu.CUtensorMapSwizzle.CU_TENSOR_MAP_SWIZZLE_128B,
        cu.CUtensorMapL2promotion.CU_TENSOR_MAP_L2_PROMOTION_L2_256B,
        cu.CUtensorMapFloatOOBfill.CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE,
    )
    dims, strides, box, estr = [inner, outer], [ld * 2], [box_inner, box_outer], [1, 1]
    u64, u32 = cu.cuuint64_t, cu.cuuint32_t
    err, tmap = cu.cuTensorMapEncodeTiled(
        enum[0], 2, ptr,
        [u64(x) for x in dims],
        [u64(x) for x in strides],        # stride of dim 1 in bytes (dim 0 is implicit)
        [u32(x) for x in box],
        [u32(x) for x in estr],
        *enum[1:])
    if err == cu.CUresult.CUDA_SUCCESS:
        return _AlignedMap(ctypes.string_at(int(tmap.getPtr()), 128))
    try:
        raw = _encode_via_libcuda(enum[0], 2, ptr, dims, strides, box, estr, *enum[1:])
    except Exception as e:
        raise RuntimeError(f"cuTensorMapEncodeTiled failed via cuda.bindings ({err}) and "
                           f"libcuda ({e}); dims={dims} pitch={ld * 2} box={box}") from None
    return _AlignedMap(raw)


class Gemm:
    def __init__(self, cfg: Config = Config()):
        self.cfg = cfg
        self.device = _ensure_context()
        self.cubin, self.log = compile_cubin(cfg)
        self._image = ctypes.create_string_buffer(self.cubin, len(self.cubin))
        self.module = _ck(cu.cuModuleLoadData(ctypes.addressof(self._image)))
        self.func = _ck(cu.cuModuleGetFunction(self.module, KERNEL_NAME.encode()))
        _ck(cu.cuFuncSetAttribute(
            self.func, cu.CUfunction_attribute.CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
            cfg.smem_bytes))
        self.num_sms = _ck(cu.cuDeviceGetAttribute(
            cu.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, self.device))
        self.num_regs = _ck(cu.cuFuncGetAttribute(
            cu.CUfunction_attribute.CU_FUNC_ATTRIBUTE_NUM_REGS, self.func))
        self._maps = {}

    def tensor_maps(self, a_ptr, b_ptr, M, N, K, lda, ldb):
        # Encoding costs a few microseconds; cache per (pointer, shape) like a real runtime would.
        key = (a_ptr, b_ptr, M, N, K, lda, ldb)
        if key not in self._maps:
            ma = _tensor_map_2d(a_ptr, K, M, lda, 64, self.cfg.BM)   # A: (K contiguous, M rows)
            mb = _tensor_map_2d(b_ptr, N, K, ldb, 64, 64)            # B: (N contiguous, K rows)
            self._maps[key] = (ma, mb)
        return self._maps[key]

    def prepare(self, a_ptr, b_ptr, c_ptr, M, N, K, lda, ldb, ldc, stream=0):
        """Encode tensor maps and pack the kernel arguments once; returns a no-argument launch
        function (so timing loops measure cuLaunchKernel, not Python argument packing)."""
        stream = cu.CUstream(stream)
        if M == 0 or N == 0:
            return lambda: None
        if K == 0:
            # The kernel would store accumulators that were never reset; C = 0 is the answer.
            def zero():
                for r in range(M):
                    _ck(cu.cuMemsetD32Async(c_ptr + r * ldc * 4, 0, N, stream))
            return zero
        ma, mb = self.tensor_maps(a_ptr, b_ptr, M, N, K, lda, ldb)
        cfg = self.cfg
        tiles = -(-M // cfg.BM) * -(-N // cfg.BN)
        grid = min(self.num_sms, tiles)
        # Kernel parameters by value: a void*[] holding the address of each argument's bytes;
        # cuLaunchKernel copies the 128-byte tensor maps into the parameter buffer.
        scalars = [
            ctypes.c_uint64(c_ptr),
            ctypes.c_int(M), ctypes.c_int(N), ctypes.c_int(K),
            ctypes.c_longlong(ldc),
        ]
        args = (ma, mb, scalars)
        ptrs = (ctypes.c_void_p * 7)(ma.addr, mb.addr,
                                     *[ctypes.addressof(a) for a in scalars])
        ptrs_addr = ctypes.addressof(ptrs)
        func, smem = self.func, cfg.smem_bytes

        def launch():
            _keep = (args, ptrs)   # the closure keeps the argument buffers alive
            _ck(cu.cuLaunchKernel(func, grid, 1, 1, 384, 1, 1, smem, stream, ptrs_addr, 0))
        launch.grid = grid
        return launch

    def __call__(self, a_ptr, b_ptr, c_ptr, M, N, K, lda, ldb, ldc, stream=0):
        self.prepare(a_ptr, b_ptr, c_ptr, M, N, K, lda, ldb, ldc, stream)()


def _main():
    cfg = Config()
    for n in (8, 64, 128, 256):
        check_fragment_layout(n)
    print("fragment layout: bijection onto 64xN verified for N in 8,64,128,256")
    print("examples (t, r) -> (row, col), N=256:",
          {(t, r): fragment_position(t, r, 256) for t, r in
           [(0, 0), (0, 1), (0, 2), (0, 4), (1, 0), (4, 0), (31, 127), (32, 0), (127, 127)]})
    print(f"NVRTC {nvrtc_version()}, options {NVRTC_OPTIONS}")
    cubin, log = compile_cubin(cfg, use_cache="--no-cache" not in sys.argv)
    print(f"cubin {len(cubin)} bytes, smem {cfg.smem_bytes} B")
    print("---- NVRTC/ptxas log ----")
    print(log.strip() or "(empty)")
    print("-------------------------")
    warn = serialization_warnings(log)
    print("registers:", ptxas_registers(log))
    if warn:
        print("WGMMA SERIALIZATION WARNINGS:\n  " + "\n  ".join(warn))
        sys.exit(1)
    print("no wgmma serialization warnings (C7510/C7511/C7515)")


if __name__ == "__main__":
    _main()
