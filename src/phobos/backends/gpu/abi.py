"""The launch ABI of a built variant, which both GPU back ends write and the launcher
reads: its parameters in order (each tensor a pointer to its first element, each
scalar itself, then each runtime dim as an i64), its entry's symbol, and what a
launch needs to know besides (threads, shared memory, a GEMM variant's plan, a debug
variant's asserts).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from phobos.dtypes import BY_NAME
from phobos.errors import PhobosError, Span
from phobos.ir import nodes as ir
from phobos.targets import element_bytes

# Where a debug variant records its first failed assert (a device global the launch
# reads after the kernel has run): the assert's number plus one (0: none failed),
# then the block's x, y and z and the thread.
ASSERT_RECORD = "ph_assert_record"
ASSERT_RECORD_WORDS = 5


@dataclass(frozen=True)
class Param:
    """One kernel argument as the launcher passes it."""

    kind: str  # "tensor", "scalar", "dim"; "tensormap" (a GEMM kernel's "a" or "b"); a GEMM kernel's "grid" (x, y, z)
    name: str
    dtype: str  # the Phobos type name (i64 for a dim); a tensor map's tensor


@dataclass(frozen=True)
class Generated:
    """The C++ of one variant and what a launch needs to know about it."""

    name: str  # the kernel's name
    source: str
    threads: int
    shared_bytes: int  # on sm_80 and later; below, `shared_on`
    params: tuple[Param, ...]
    aligned: frozenset[str] = frozenset()  # tensors assumed to start 16-byte aligned
    arch_suffix: str = ""  # "a": built for sm_90a, whose wgmma and setmaxnreg plain sm_90 lacks
    gemm: Any = None  # the CUDA back end's GEMM plan (gemm_plan, gemm_mma_plan): tensor maps, a persistent grid
    cluster: int = 1  # CTAs a cluster (a GEMM variant's pairs): the persistent grid is a multiple of it
    repacked: frozenset[str] = frozenset()  # a GEMM variant's operands TMA reads from copies (gemm_repack.py)
    # A general variant's tensor maps (kind "tensormap"): each one's name, and its boxes' columns and rows.
    boxes: tuple[tuple[str, int, int], ...] = ()
    # How scalars are passed: "cuda" (a 16-bit float as an f32) or "tileir" (as its 16 bits).
    abi: str = "cuda"
    # Below sm_80 the tensor-core branches are compiled out, and what they alone use
    # with them: the shared memory there (None: the same).
    scalar_shared_bytes: int | None = None
    # How each `dot` is written: (line, column, words), in source order.
    lowerings: tuple[tuple[int, int, str], ...] = ()
    # A debug variant's asserts, by number less one: where each is and its message
    # (lower/debug.py: the launch reads which failed first).
    asserts: tuple[tuple[Span, str], ...] = ()
    debug: bool = False  # its prints and asserts are compiled in: each launch waits, then reads the record
    fused: bool = False  # math_mode "fast": a float multiply and the add after it may be one fma

    def target(self, arch: str) -> str:
        """What NVRTC builds for `arch`: sm_90a where the code has sm_90a's instructions
        (a GEMM kernel is only built for it; a general kernel's wgmma branches are
        compiled only there, its other targets taking their own branches)."""
        if self.arch_suffix and (self.gemm is not None or arch == "sm_90"):
            return arch + self.arch_suffix
        return arch

    def shared_on(self, arch: str) -> int:
        """The shared memory a CTA of this variant takes on `arch` (`sm_XY`)."""
        if self.scalar_shared_bytes is None or int(arch.removeprefix("sm_").rstrip("a")) >= 80:
            return self.shared_bytes
        return self.scalar_shared_bytes

    @property
    def symbol(self) -> str:
        """The entry point's C name: prefixed, so a kernel named like a function the
        CUDA headers declare with C linkage (`norm`, `exp`, `printf`) does not clash,
        nor one named as PTX reserves (`_`, `WARP_SZ`); a Tile IR entry is named so too."""
        return entry_symbol(self.name)


def kernel_params(kernel: ir.Kernel) -> list[Param]:
    """A kernel's arguments as a launch passes them: its parameters in order, then its
    runtime dims as i64 (the CUDA entry and the Tile IR entry alike)."""
    params = [Param("tensor" if isinstance(p, ir.TensorParam) else "scalar", p.name, p.dtype.name)
              for p in kernel.params]
    return params + [Param("dim", d, "i64") for d in kernel.runtime_dims]


def entry_symbol(name: str) -> str:
    return f"phobos_{name}"


# The most bytes of parameters an entry takes: ptxas's limit ("Formal parameter space
# overflowed (32816 bytes required, max 32764 bytes allowed)" from NVRTC 13 for sm_80 and
# sm_90 alike; drivers from CUDA 12.1 launch such entries on sm_70 and later), and
# tileiras's, whose cubins ptxas makes too (4,093 i64 scalars beside a tensor and a dim
# assemble, 4,094 do not).
PARAM_SPACE = 32764
_PLACE = {"tensor": (8, 8), "dim": (8, 8), "grid": (8, 8), "tensormap": (128, 64)}  # (bytes, alignment)


def param_bytes(params: Sequence[Param], abi: str) -> int:
    """The bytes an entry's parameters take, each at a multiple of its alignment, as the
    ABI passes them (`abi` "cuda": a 16-bit float as an f32; "tileir": as its 16 bits)."""
    end = 0
    for p in params:
        if p.kind == "scalar":
            size = 4 if abi == "cuda" and p.dtype in ("f16", "bf16") else element_bytes(BY_NAME[p.dtype])
            align = size
        else:
            size, align = _PLACE[p.kind]
        end = -(-end // align) * align + size
    return end


def check_param_space(params: Sequence[Param], kernel: ir.Kernel, abi: str, back_end: str) -> None:
    """Refuse an entry whose parameters take more than PARAM_SPACE bytes, at the kernel."""
    needed = param_bytes(params, abi)
    if needed <= PARAM_SPACE:
        return
    kinds = {"tensor": "tensor", "scalar": "scalar", "dim": "runtime dim"}
    counts = Counter(kinds.get(p.kind, p.kind) for p in params if p.kind in kinds)
    listed = ", ".join(f"{n:,} {kind}{'s' if n > 1 else ''}" for kind, n in counts.items())
    raise PhobosError(
        f"kernel `{kernel.name}` takes {needed:,} bytes of parameters on the {back_end} back end ({listed}), "
        f"but a kernel's parameters may take at most {PARAM_SPACE:,} bytes",
        kernel.span,
        notes=("pass many values as one tensor instead",),
    )
