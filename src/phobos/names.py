"""The names the language reserves, shared by both front ends and the checker."""

from __future__ import annotations

SCALAR_TYPES = ("f16", "bf16", "f32", "f64", "i8", "i32", "i64", "u8", "u16", "u32", "bool")

# Conversions are spelled as the type's name: f32(x), i32(x), ...; `bool` has none.
CONVERSIONS = tuple(t for t in SCALAR_TYPES if t != "bool")

MATH_FUNCTIONS = (
    "exp", "exp2", "log", "log2", "sqrt", "rsqrt", "sin", "cos", "tanh", "erf",
    "abs", "floor", "ceil",
)

# Tile and scalar built-ins other than math and conversions.
OTHER_FUNCTIONS = (
    "min", "max", "sum", "where", "rowsum", "rowmax", "rowmin", "dot", "softmax",
    "transpose", "shfl", "barrier", "iota",
    "atomic_add", "atomic_max", "atomic_min", "atomic_and", "atomic_or", "atomic_xor",
    "atomic_xchg", "atomic_cas",
)

BUILTIN_FUNCTIONS = MATH_FUNCTIONS + CONVERSIONS + OTHER_FUNCTIONS

# Statements written as calls in the native syntax (the Python spelling writes
# Python's own print() and assert): no fn may take their names.
DEBUG_FUNCTIONS = ("print", "assert")

# Named constants usable as values.
CONSTANTS = ("inf", "nan")

# Built-ins that take compile-time arguments in angle brackets, and the keys each takes.
ANGLE_KEYS: dict[str, tuple[str, ...]] = {
    "sum": ("over", "width", "axis"),
    "max": ("over", "width", "axis"),
    "min": ("over", "width", "axis"),
    "shfl": ("xor", "up", "down", "idx", "width"),
    "dot": ("precision",),
    "iota": ("axis",),
}

# dot<precision P>: how an f32 product is computed. "ieee" (the default) multiplies the
# f32 operands as they are; "tf32" cuts each to TF32 (10 mantissa bits) first, as TF32
# tensor cores read an f32.
DOT_PRECISIONS = ("ieee", "tf32")

CTX_FIELDS = (
    "thread", "threads", "lane", "warp", "warps",
    "block.x", "block.y", "block.z", "grid.x", "grid.y", "grid.z",
)

KEYWORDS = (
    "kernel", "fn", "let", "var", "for", "in", "while", "if", "else", "break",
    "continue", "return", "true", "false",
)
