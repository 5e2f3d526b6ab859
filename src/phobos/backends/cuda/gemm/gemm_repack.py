"""Copies of GEMM operands that TMA cannot read as they lie, into rows it can.

TMA needs an operand 16-byte aligned with its rows a multiple of 16 bytes apart. A
row-major operand whose rows are not (a bf16 K of 4001) would otherwise be copied into
the stages by the producer's threads, several times slower than TMA. Where the
product is large enough to repay it, the launch first copies such an operand with the
driver's 2-D copy (cuMemcpy2DAsync, on the launch's stream) into a scratch buffer of
the same rows, each padded to the next 16 bytes, and the tensor maps read the scratch:
the kernel is the TMA variant, unchanged. The padding is never read (the map's extents
are the operand's), so it is not cleared.

Each stream a kind of launch runs on has its own scratch, so launches on different
streams never share one; launches on one stream are ordered, so the next copy cannot
overtake the last kernel's reads. A scratch is allocated at its stream's first launch
and kept, as a BLAS library keeps its workspace, until the prepared launch is dropped.
PHOBOS_CUDA_REPACK=0 (read when a kind of launch is first prepared) turns it off.
"""

from __future__ import annotations

import math
import weakref
from typing import Any

from phobos.backends.gpu.arrays import DeviceArray
from phobos.errors import PhobosError
from phobos.ir.specialize import Specialization

ENV_REPACK = "PHOBOS_CUDA_REPACK"
ROW_BYTES = 16  # TMA's row pitch multiple and base alignment
# The copy repays itself when each of the operand's tiles is read by enough tiles of
# the product: a K x N operand by M of at least this, an M x K one by N of at least it.
LEAST_OTHER_EXTENT = 256


def tma_reads(spec: Specialization, name: str) -> bool:
    """Whether launches of key `spec` promise that TMA can read tensor `name` where it
    lies (its extents aside): 16-byte aligned, its rows a multiple of 16 bytes apart."""
    return name in spec.aligned and name in spec.pitched


def repacked(spec: Specialization, operands: tuple[str, str]) -> frozenset[str]:
    """The operands a TMA variant of key `spec` reads from copies: those the key does not
    promise TMA can read where they lie (the launch chose TMA only where it may copy them)."""
    return frozenset(name for name in operands if not tma_reads(spec, name))


class Repack:
    """One operand's copies into rows 16 bytes apart, a scratch buffer per stream."""

    def __init__(self, array: DeviceArray, what: str):
        self.what = what  # the operand, for errors
        self.width = array.shape[-1] * array.dtype.itemsize
        self.pitch = -(-self.width // ROW_BYTES) * ROW_BYTES
        self.rows = math.prod(array.shape[:-1])
        self.scratch: dict[int, int] = {}
        self._copies: dict[tuple[int, int], Any] = {}
        self._finalizer = weakref.finalize(self, _free, self.scratch)

    def padded(self, array: DeviceArray, stream: int) -> DeviceArray:
        """The scratch of `stream` as the array TMA reads in `array`'s place: the same
        shape and type, rows `pitch` bytes apart (the strides say so)."""
        cols, shape = self.pitch // array.dtype.itemsize, array.shape
        strides = (*(cols * math.prod(shape[d + 1:-1]) for d in range(len(shape) - 1)), 1)
        return DeviceArray(self._scratch(stream), shape, strides, array.dtype, array.device, True, None)

    def copy(self, source: int, stream: int, handle: Any) -> None:
        """The operand at `source` into `stream`'s scratch, queued on that stream."""
        from cuda.bindings import driver

        key = (source, stream)
        params = self._copies.get(key)
        if params is None:
            if len(self._copies) >= 64:
                self._copies.clear()
            params = driver.CUDA_MEMCPY2D()
            params.srcMemoryType = params.dstMemoryType = driver.CUmemorytype.CU_MEMORYTYPE_DEVICE
            params.srcDevice, params.srcPitch = source, self.width
            params.dstDevice, params.dstPitch = self._scratch(stream), self.pitch
            params.WidthInBytes, params.Height = self.width, self.rows
            self._copies[key] = params
        (err,) = driver.cuMemcpy2DAsync(params, handle)
        if err != driver.CUresult.CUDA_SUCCESS:
            raise PhobosError(f"the copy of {self.what} into rows TMA can read failed: {getattr(err, 'name', err)}")

    def _scratch(self, stream: int) -> int:
        ptr = self.scratch.get(stream)
        if ptr is None:
            from cuda.bindings import driver

            err, allocated = driver.cuMemAlloc(self.pitch * self.rows)
            if err != driver.CUresult.CUDA_SUCCESS:
                raise PhobosError(
                    f"could not allocate {self.pitch * self.rows} bytes to copy {self.what} into rows TMA can read "
                    f"({getattr(err, 'name', err)}); {ENV_REPACK}=0 has the producer's threads read it where it lies")
            ptr = self.scratch[stream] = int(allocated)
        return ptr


def _free(scratch: dict[int, int]) -> None:
    """The scratch buffers, once their launches are dropped (at exit the driver may be
    gone: then there is nothing left to free)."""
    try:
        from cuda.bindings import driver

        for ptr in scratch.values():
            driver.cuMemFree(ptr)
    except Exception:  # noqa: BLE001 - at interpreter exit
        pass
    scratch.clear()
