"""C++ names for a kernel: the user's names where possible, never a clash.

Every name is unique within the kernel, so C++ scoping can never hide one; a user's
name that is a C++ keyword, a CUDA built-in or a prelude name gets a trailing `_`.
"""

from __future__ import annotations

import re

RESERVED = frozenset(
    """
    alignas alignof and and_eq asm auto bitand bitor bool break case catch char char16_t
    char32_t class compl const constexpr const_cast continue decltype default delete do
    double dynamic_cast else enum explicit export extern false float for friend goto if
    inline int long mutable namespace new noexcept not not_eq nullptr operator or or_eq
    private protected public register reinterpret_cast return short signed sizeof static
    static_assert static_cast struct switch template this thread_local throw true try
    typedef typeid typename union unsigned using virtual void volatile wchar_t while xor
    xor_eq main
    threadIdx blockIdx blockDim gridDim warpSize min max abs fabs exp log sqrt sin cos
    tanh erf floor ceil fmod fmin fmax trunc isfinite isnan memcpy printf assert
    i8 i32 i64 u8 u16 u32 u64 f16 bf16 f32 f64 ph smem INFINITY NAN
    """.split()
)

_BAD = re.compile(r"[^A-Za-z0-9_]")


class Names:
    def __init__(self) -> None:
        self.used: set[str] = set(RESERVED)

    def take(self, base: str) -> str:
        """A fresh name like `base`, recorded as used."""
        base = _BAD.sub("_", base) or "v"
        if base[0].isdigit():
            base = "_" + base
        name = base
        if name in self.used:
            name = base + "_"
            n = 2
            while name in self.used:
                name = f"{base}_{n}"
                n += 1
        self.used.add(name)
        return name
