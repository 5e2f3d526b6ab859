"""C++ names for a kernel: the user's names where possible, never a clash, by their form.

A user's name (a parameter, a dim, a `let`, a `var`, a loop variable) becomes its
*stem* followed by `_`: its letters and digits with each run of `_` and of anything
else made one `_`, none leading or trailing (`x` is `x_`, `__shared__` is `shared_`,
`expf` is `expf_`). A name of that form is none of C++'s keywords (none ends in `_`),
no reserved identifier (those start with `_` or hold `__`), and no macro, function or
type of the CUDA headers NVRTC reads or of the prelude, none of which ends in `_`
(test_cuda_compile checks NVRTC's macros). The code the back end writes itself names
its own locals by words of its own or by a user's stem, `_` and such a word
(`x_box`), which never end in `_` and so never meet a user's name; those words keep
clear of the names the code calls (RESERVED). Every name is unique within the kernel,
so C++ scoping never hides one.
"""

from __future__ import annotations

import re

# C++'s keywords and the names the generated code calls or declares unqualified: the
# back end's own locals keep clear of them (a user's name has a form none of them has).
RESERVED = frozenset(
    """
    alignas alignof and and_eq asm auto bitand bitor bool break case catch char char8_t char16_t
    char32_t class compl concept const consteval constexpr constinit const_cast continue co_await
    co_return co_yield decltype default delete do double dynamic_cast else enum explicit export
    extern false float for friend goto if inline int long mutable namespace new noexcept not
    not_eq nullptr operator or or_eq private protected public register reinterpret_cast requires
    return short signed sizeof static static_assert static_cast struct switch template this
    thread_local throw true try typedef typeid typename union unsigned using virtual void volatile
    wchar_t while xor xor_eq main
    threadIdx blockIdx blockDim gridDim warpSize min max abs fabs exp log sqrt sin cos
    tanh erf floor ceil fmod fmin fmax trunc isfinite isnan memcpy printf assert
    i8 i32 i64 u8 u16 u32 u64 f16 bf16 f32 f64 ph smem INFINITY NAN NULL
    """.split()
)

_RUNS = re.compile(r"[^A-Za-z0-9]+")


def stem(name: str) -> str:
    """A name's letters and digits, each run of anything else one `_`, none at either
    end; `v` before one that would be empty or start with a digit."""
    core = _RUNS.sub("_", name).strip("_")
    return core if core[:1].isalpha() else "v" + core


class Names:
    def __init__(self) -> None:
        self.used: set[str] = set(RESERVED)

    def user(self, name: str) -> str:
        """The C++ name of a user's name: its stem and `_` (then `2_`, `3_`, ... where
        another user's name has that stem)."""
        base = stem(name) + "_"
        found, n = base, 2
        while found in self.used:
            found = f"{base}{n}_"
            n += 1
        self.used.add(found)
        return found

    def take(self, base: str) -> str:
        """A fresh name of the back end's own like `base` (a word of its own, or a user's
        C++ name and one: `x_` and `box` make `x_box`), recorded as used."""
        base = stem(base)
        name, n = base, 2
        while name in self.used:
            name = f"{base}_{n}"
            n += 1
        self.used.add(name)
        return name
