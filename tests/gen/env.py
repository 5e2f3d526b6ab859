"""The generator's state: the names in scope with their facts, the tensors, the flow.

Every variable's fact is an invariant fixed at its declaration: an assignment anywhere
(in a loop too) must give a value within it, so what the generator assumed at a use
before the assignment still holds after it, as the checker's whole-kernel uniformity
analysis and the comparisons need.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .choices import Chooser
from .facts import UNIFORM, Fact
from .model import TensorParam


@dataclass
class Binding:
    name: str
    fact: Fact
    kind: str  # "param", "dim", "let", "var", "loop", "view"
    locked: bool = False  # not to be assigned by random statements (loop counters, accumulators)


@dataclass(frozen=True)
class Want:
    """What an expression must be: its dtype; a shape it broadcasts to (`()`: a
    scalar); the highest uniformity level; for floats the largest magnitude and error;
    for integers an interval to stay inside. `tiles`: tile-valued subexpressions are
    allowed (the statement runs under uniform flow). `lit`: a bare literal takes its
    type from the context here."""

    dtype: str
    shape: tuple[int, ...] = ()
    level: int = UNIFORM
    mag: float = float("inf")
    err: float = float("inf")
    iv: tuple[int, int] | None = None
    tiles: bool = False
    lit: bool = False

    def with_(self, **changes: object) -> Want:
        from dataclasses import replace

        return replace(self, **changes)  # type: ignore[arg-type]


@dataclass
class Geometry:
    """The launch every generated kernel is built for."""

    threads: int
    grid: int
    dims: dict[str, tuple[int, int]] = field(default_factory=dict)  # runtime dim ranges
    shapes: list[tuple[int, ...]] = field(default_factory=list)  # tile shapes to use


@dataclass
class Loop:
    """A loop being generated: the highest flow a jump in it may be taken under."""

    body_level: int


class Env:
    def __init__(self, ch: Chooser, geo: Geometry) -> None:
        self.ch = ch
        self.geo = geo
        self.scopes: list[dict[str, Binding]] = [{}]
        self.tensors: dict[str, TensorParam] = {}
        self.counter = 0
        self.flow = UNIFORM  # the flow level at the statement being generated
        self.taint = UNIFORM  # raised for the rest of the kernel by a `return` some threads take
        self.loops: list[Loop] = []
        self.in_fn = False  # generating a statement fn's body
        self.notes: set[str] = set()
        self.tolerance: dict[str, float] = {}
        self.blocks: dict[str, int] = {}  # per tile output, the rows (or elements) each CTA owns

    # ------------------------------------------------------------ names

    def fresh(self, prefix: str) -> str:
        self.counter += 1
        return f"{prefix}{self.counter}"

    def bind(self, b: Binding) -> Binding:
        self.scopes[-1][b.name] = b
        return b

    def push(self) -> None:
        self.scopes.append({})

    def pop(self) -> None:
        self.scopes.pop()

    def visible(self) -> list[Binding]:
        return [b for scope in self.scopes for b in scope.values()]

    @property
    def level(self) -> int:
        """The flow level statements here run under."""
        return max(self.flow, self.taint)

    @property
    def tiles_ok(self) -> bool:
        return self.level == UNIFORM

    def tensors_with(self, role: str) -> list[TensorParam]:
        return [t for t in self.tensors.values() if t.role == role]
