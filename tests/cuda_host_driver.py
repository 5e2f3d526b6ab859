"""The driver's side of a GEMM-form launch on the host, for tests/cuda_host_gemm.py: a
stand-in for cuda.bindings.driver (`host_driver()`) against which the launch's own
GemmArguments encodes its tensor maps and records its repacking copies. Its
cuTensorMapEncodeTiled checks its arguments as the driver documents them and writes
the 128 bytes of a CUtensorMap in a layout of its own (`MAP_LAYOUT`), which the C++
stand-ins of cuda_host_gemm.py read."""

from __future__ import annotations

import ctypes
import enum
import struct
import sys
import types
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from phobos.backends.cuda.gemm.gemm_launch import MAP_BYTES

# The host's tensor map, in the 128 bytes of a CUtensorMap: the global address, dims[5],
# strides[4] (bytes, of dims 1 on), box[5], element strides[5], then rank, data type,
# element bytes, swizzle, interleave, fill, L2 promotion (each a byte), and a magic word.
MAP_LAYOUT = "<Q5Q4Q5H5B7B2xI"
MAP_MAGIC = 0x50484D50
TAG_SHIFT = 44  # a tensor's address in a map: (its argument's place + 1) << 44
COPY_AT = 108  # where a map of a repacked operand holds its copy (cuda_host_gemm._with_copy)


class DataType(enum.IntEnum):  # CUtensorMapDataType, as cuda.h numbers it
    CU_TENSOR_MAP_DATA_TYPE_UINT8 = 0
    CU_TENSOR_MAP_DATA_TYPE_UINT16 = 1
    CU_TENSOR_MAP_DATA_TYPE_UINT32 = 2
    CU_TENSOR_MAP_DATA_TYPE_INT32 = 3
    CU_TENSOR_MAP_DATA_TYPE_UINT64 = 4
    CU_TENSOR_MAP_DATA_TYPE_INT64 = 5
    CU_TENSOR_MAP_DATA_TYPE_FLOAT16 = 6
    CU_TENSOR_MAP_DATA_TYPE_FLOAT32 = 7
    CU_TENSOR_MAP_DATA_TYPE_FLOAT64 = 8
    CU_TENSOR_MAP_DATA_TYPE_BFLOAT16 = 9
    CU_TENSOR_MAP_DATA_TYPE_FLOAT32_FTZ = 10
    CU_TENSOR_MAP_DATA_TYPE_TFLOAT32 = 11
    CU_TENSOR_MAP_DATA_TYPE_TFLOAT32_FTZ = 12


ELEMENT_BYTES = {0: 1, 1: 2, 2: 4, 3: 4, 4: 8, 5: 8, 6: 2, 7: 4, 8: 8, 9: 2, 10: 4, 11: 4, 12: 4}


class Interleave(enum.IntEnum):
    CU_TENSOR_MAP_INTERLEAVE_NONE = 0
    CU_TENSOR_MAP_INTERLEAVE_16B = 1
    CU_TENSOR_MAP_INTERLEAVE_32B = 2


class Swizzle(enum.IntEnum):
    CU_TENSOR_MAP_SWIZZLE_NONE = 0
    CU_TENSOR_MAP_SWIZZLE_32B = 1
    CU_TENSOR_MAP_SWIZZLE_64B = 2
    CU_TENSOR_MAP_SWIZZLE_128B = 3


class L2Promotion(enum.IntEnum):
    CU_TENSOR_MAP_L2_PROMOTION_NONE = 0
    CU_TENSOR_MAP_L2_PROMOTION_L2_64B = 1
    CU_TENSOR_MAP_L2_PROMOTION_L2_128B = 2
    CU_TENSOR_MAP_L2_PROMOTION_L2_256B = 3


class OobFill(enum.IntEnum):
    CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE = 0
    CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA = 1


class Result(enum.IntEnum):
    CUDA_SUCCESS = 0
    CUDA_ERROR_INVALID_VALUE = 1


class _Encoded:
    """What cuTensorMapEncodeTiled gives: a CUtensorMap, whose bytes are at getPtr()."""

    def __init__(self, raw: bytes):
        self.buffer = ctypes.create_string_buffer(raw, MAP_BYTES)

    def getPtr(self) -> int:  # noqa: N802 - cuda.bindings' name
        return ctypes.addressof(self.buffer)


def encode_tiled(dtype: int, rank: int, address: int, dims: list[Any], strides: list[Any], box: list[Any],
                 element_strides: list[Any], interleave: int, swizzle: int, l2: int, fill: int) -> tuple[Result, Any]:
    """cuTensorMapEncodeTiled with the requirements the driver documents checked (an
    invalid value where one fails), in the host's layout."""
    dims, strides, box, element_strides = ([int(x) for x in v] for v in (dims, strides, box, element_strides))
    element = ELEMENT_BYTES[int(dtype)]
    span = {0: 0, 1: 32, 2: 64, 3: 128}[int(swizzle)]
    ok = (1 <= rank <= 5 and (interleave == 0 or rank >= 3) and len(dims) == rank and len(strides) == rank - 1
          and len(box) == rank and len(element_strides) == rank
          and address % (32 if interleave == 2 else 16) == 0
          and all(0 < d <= 2**32 for d in dims)
          and all(s % (32 if interleave == 2 else 16) == 0 and 0 < s < 2**40 for s in strides)
          and all(0 < b <= 256 for b in box) and all(0 < e <= 8 for e in element_strides)
          and (interleave != 0 or (box[0] * element % 16 == 0 and (span == 0 or box[0] * element <= span))))
    if not ok:
        return Result.CUDA_ERROR_INVALID_VALUE, None
    pad = [0] * 5
    raw = struct.pack(MAP_LAYOUT, address, *(dims + pad)[:5], *(strides + pad)[:4], *(box + pad)[:5],
                      *(element_strides + pad)[:5], rank, int(dtype), element, int(swizzle), int(interleave),
                      int(fill), int(l2), MAP_MAGIC)
    return Result.CUDA_SUCCESS, _Encoded(raw.ljust(MAP_BYTES, b"\0"))


class MemoryType(enum.IntEnum):
    CU_MEMORYTYPE_HOST = 1
    CU_MEMORYTYPE_DEVICE = 2


class Copy2D:
    """CUDA_MEMCPY2D: the fields gemm_repack.py sets."""

    srcMemoryType = dstMemoryType = MemoryType.CU_MEMORYTYPE_DEVICE  # noqa: N815 - the driver's names
    srcDevice = srcPitch = dstDevice = dstPitch = WidthInBytes = Height = 0  # noqa: N815


SCRATCH_TAG = 0x800  # a scratch buffer's address: (0x800 + its number) << TAG_SHIFT


class HostDriver(types.SimpleNamespace):
    """What of cuda.bindings.driver a GEMM launch's arguments use (gemm_launch.py,
    gemm_repack.py): tensor maps encoded in the host's layout; the repack's scratch
    buffers as tags, and its 2-D copies recorded (`copies`) for the host run to make."""

    def __init__(self) -> None:
        super().__init__(
            CUtensorMapDataType=DataType, CUtensorMapInterleave=Interleave, CUtensorMapSwizzle=Swizzle,
            CUtensorMapL2promotion=L2Promotion, CUtensorMapFloatOOBfill=OobFill, CUresult=Result,
            CUmemorytype=MemoryType, CUDA_MEMCPY2D=Copy2D, cuuint64_t=int, cuuint32_t=int,
            cuTensorMapEncodeTiled=encode_tiled)
        self.scratch: list[int] = []
        self.copies: list[Copy2D] = []

    def cuMemAlloc(self, size: int) -> tuple[Result, int]:  # noqa: N802
        self.scratch.append(size)
        return Result.CUDA_SUCCESS, (SCRATCH_TAG + len(self.scratch)) << TAG_SHIFT

    def cuMemcpy2DAsync(self, params: Copy2D, stream: Any) -> tuple[Result]:  # noqa: N802
        self.copies.append(params)
        return (Result.CUDA_SUCCESS,)

    def cuMemFree(self, ptr: int) -> tuple[Result]:  # noqa: N802
        return (Result.CUDA_SUCCESS,)


@contextmanager
def host_driver() -> Iterator[HostDriver]:
    """`from cuda.bindings import driver` gives a HostDriver meanwhile (installed or not)."""
    names = ("cuda.bindings", "cuda.bindings.driver")
    saved = {name: sys.modules.get(name) for name in names}
    driver = HostDriver()
    package = types.ModuleType("cuda.bindings")
    package.driver = driver  # type: ignore[attr-defined]
    sys.modules["cuda.bindings"], sys.modules["cuda.bindings.driver"] = package, driver  # type: ignore[assignment]
    try:
        yield driver
    finally:
        for name, module in saved.items():
            if module is None:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = module
