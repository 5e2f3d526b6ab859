"""Element types: what each is and how wide, shared by every stage."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class DType:
    name: str
    kind: str  # "f" float, "i" signed, "u" unsigned storage, "b" bool
    bits: int

    @property
    def is_float(self) -> bool:
        return self.kind == "f"

    @property
    def is_int(self) -> bool:
        return self.kind in ("i", "u")

    @property
    def is_signed_int(self) -> bool:
        return self.kind == "i"

    @property
    def is_unsigned(self) -> bool:
        return self.kind == "u"

    @property
    def is_bool(self) -> bool:
        return self.kind == "b"

    def int_range(self) -> tuple[int, int]:
        if self.kind == "i":
            return -(1 << (self.bits - 1)), (1 << (self.bits - 1)) - 1
        if self.kind == "u":
            return 0, (1 << self.bits) - 1
        raise ValueError(f"{self.name} is not an integer type")

    def __str__(self) -> str:
        return self.name


F16 = DType("f16", "f", 16)
BF16 = DType("bf16", "f", 16)
F32 = DType("f32", "f", 32)
F64 = DType("f64", "f", 64)
I8 = DType("i8", "i", 8)
I32 = DType("i32", "i", 32)
I64 = DType("i64", "i", 64)
U8 = DType("u8", "u", 8)
U16 = DType("u16", "u", 16)
U32 = DType("u32", "u", 32)
BOOL = DType("bool", "b", 1)

# Indices, loop variables and ctx fields: the width the target addresses memory with,
# 64-bit signed on every target Phobos has.
INDEX = I64

BY_NAME: dict[str, DType] = {
    t.name: t for t in (F16, BF16, F32, F64, I8, I32, I64, U8, U16, U32, BOOL)
}
