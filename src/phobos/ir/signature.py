"""What a launch needs to know about a kernel's parameters, read once from its ast.

The checker's ir holds one copy of the parameters per variant, with autotune names
already replaced by their values; a launch has to tell a literal dim (checked for
equality) from an autotune name (which picks the variant) and from a runtime dim
(bound from the arguments), so the signature keeps the dims as they were written.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from phobos.ast import nodes as A
from phobos.dtypes import BY_NAME, DType
from phobos.ir import nodes as ir


@dataclass(frozen=True)
class Dim:
    """One dim of a tensor parameter as written: `64`, an autotune name, or a runtime name."""

    kind: Literal["literal", "tune", "runtime"]
    value: int | str

    def __str__(self) -> str:
        return str(self.value)


@dataclass(frozen=True)
class Param:
    """A kernel parameter: a tensor (with `dims`) or a scalar (`dims` is None)."""

    name: str
    dtype: DType
    dims: tuple[Dim, ...] | None
    written: bool = False

    @property
    def is_tensor(self) -> bool:
        return self.dims is not None

    def type_text(self) -> str:
        """The parameter's type as the kernel spells it, for messages."""
        if self.dims is None:
            return self.dtype.name
        return f"tensor<{self.dtype.name}>[{', '.join(map(str, self.dims))}]"


@dataclass(frozen=True)
class Signature:
    """The parameters in order, the autotune names with their values in order, and the
    sizes @do_not_specialize keeps out of the specialization key."""

    kernel: str
    params: tuple[Param, ...]
    tune: dict[str, tuple[int, ...]]
    unspecialized: frozenset[str] = frozenset()

    def specialized_scalar(self, p: Param) -> bool:
        """Whether a scalar parameter's value enters the specialization key (an integer
        @do_not_specialize does not name)."""
        return not p.is_tensor and p.dtype.is_int and p.name not in self.unspecialized


def signature(kernel: A.Kernel, variants: list[ir.Kernel]) -> Signature:
    """The launch signature of a checked kernel (`variants` is its checked ir)."""
    tune: dict[str, tuple[int, ...]] = {}
    for attr in kernel.attrs:
        if isinstance(attr, A.Autotune):
            for entry in attr.entries:
                tune[entry.name] = tuple(entry.values)
    written: set[str] = set()
    for variant in variants:
        written |= ir.written_tensors(variant)
    params: list[Param] = []
    for p in kernel.params:
        match p.type:
            case A.ScalarType(name=tname):
                params.append(Param(p.name, BY_NAME[tname], None))
            case A.TensorType(dtype=tname, dims=dims):
                params.append(
                    Param(p.name, BY_NAME[tname], tuple(_dim(d, tune) for d in dims), p.name in written)
                )
    return Signature(kernel.name, tuple(params), tune, variants[0].unspecialized if variants else frozenset())


def _dim(d: A.Expr, tune: dict[str, tuple[int, ...]]) -> Dim:
    if isinstance(d, A.IntLit):
        return Dim("literal", d.value)
    assert isinstance(d, A.Name), d  # the checker accepts nothing else
    return Dim("tune" if d.id in tune else "runtime", d.id)
