"""Phobos kernels as PyTorch operators: `phobos.torch.operator(kernel, grid, outputs=...)`.

A launch writes into the tensors it is given, which `torch.compile`, CUDA graphs and
autograd cannot see through. An operator made here is a `torch.library` custom
operator instead: its schema is read off the kernel's signature (each tensor the
kernel writes and the caller passes is marked mutated, `Tensor(a!)`; each parameter
named in `outputs` is allocated by the operator and returned), and its fake
implementation makes those outputs from the inputs' shapes alone, so Dynamo traces a
call without running it. The operator runs the kernel where its tensors are: CUDA
tensors on the GPU (on torch's current stream), CPU tensors on the interpreter.

The object returned is torch's own `CustomOpDef`: call it, `register_autograd` a
backward on it, check it with `torch.library.opcheck`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from phobos.dtypes import NUMPY, TORCH_DTYPES, DType
from phobos.environment import flag
from phobos.errors import PhobosError, api
from phobos.ir.nodes import read_tensors, written_tensors
from phobos.ir.signature import Param, Signature
from phobos.runtime.args import check_pin
from phobos.runtime.backend import ENV_INTERPRET
from phobos.runtime.grid import GridSpec, is_int
from phobos.runtime.kernel import Kernel

if TYPE_CHECKING:
    import torch

# An output's shape: a tuple of ints and of names (the kernel's runtime dims, its int
# scalars, its pinned autotune names), or a function of a dict of those names' values.
Shape = Sequence[int | str] | Callable[[Mapping[str, Any]], Sequence[Any]]

_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*::[A-Za-z_][A-Za-z0-9_]*")


@api
def operator(
    kernel: Kernel, grid: GridSpec, *, outputs: Sequence[str] | Mapping[str, Shape] = (),
    name: str | None = None, pins: Mapping[str, int] | None = None,
) -> Any:
    """The custom operator `name` (default `phobos::<kernel>`) that launches `kernel[grid]`.

    It takes the kernel's parameters in order, less those named in `outputs`, which it
    allocates (zeroed where the kernel also reads them) and returns: one tensor, or a
    tuple in `outputs`' order. An output's shape comes from its type where each dim is a
    literal or a runtime dim some input tensor has; give it in `outputs` otherwise.
    Each autotune name is a keyword argument that pins it, as at a launch, with its
    default in `pins` (None: not pinned).
    """
    import torch

    if not isinstance(kernel, Kernel):
        raise PhobosError(f"phobos.torch.operator takes a Phobos kernel, not {type(kernel).__name__}")
    op_name = f"phobos::{kernel.name}" if name is None else name
    if not isinstance(op_name, str) or not _NAME.fullmatch(op_name):
        raise PhobosError(f"phobos.torch.operator: name= must read 'namespace::name', not {op_name!r}")
    spec = _Spec(kernel, grid, outputs, dict(pins or {}))
    if _taken(op_name):
        raise PhobosError(
            f"phobos.torch.operator: an operator named {op_name} exists already; torch keeps each name for the "
            "whole process, so name this one otherwise with name='namespace::name'",
            notes=("a kernel's operator is made once, at the top level of a module, not at each call",))
    schema = spec.schema()
    try:
        op = torch.library.custom_op(op_name, spec.run, mutates_args=spec.mutated, schema=schema)
    except RuntimeError as exc:  # torch's refusal, e.g. the name is taken
        raise PhobosError(f"phobos.torch.operator: torch {torch.__version__} refused the operator {op_name}: {exc}",
                          notes=(f"the schema given: {schema}",)) from None
    op.register_fake(spec.fake)
    op.__doc__ = kernel.__doc__
    return op


class _Spec:
    """How the operator's arguments map to the kernel's parameters."""

    def __init__(self, kernel: Kernel, grid: GridSpec, outputs: Sequence[str] | Mapping[str, Shape],
                 pins: dict[str, int]):
        self.kernel = kernel
        # CPU tensors run on the interpreter whatever back end the kernel's GPU launches take,
        # as a torch operator computes where its tensors are
        self.on_cpu = kernel.with_options(interpret=True, backend=None)
        self.grid = grid
        sig: Signature = kernel.signature
        self.sig = sig
        self.pins = pins
        params = {p.name: p for p in sig.params}
        for pin, value in pins.items():
            if pin not in sig.tune:
                raise PhobosError(f"phobos.torch.operator: kernel `{sig.kernel}` has no autotune name `{pin}`",
                                  notes=(f"autotune names: {', '.join(sig.tune) or 'none'}",))
            if value is not None:
                try:
                    check_pin(sig, pin, value)
                except PhobosError as exc:
                    raise PhobosError(f"phobos.torch.operator: pins= {exc.message}") from None
        if isinstance(outputs, str):
            outputs = (outputs,)
        if not isinstance(outputs, Mapping):
            outputs = list(outputs)
            twice = sorted({o for o in outputs if outputs.count(o) > 1})
            if twice:
                raise PhobosError(f"phobos.torch.operator: outputs= names `{twice[0]}` twice; an output is "
                                  "returned once")
        shapes = dict(outputs) if isinstance(outputs, Mapping) else dict.fromkeys(outputs)
        written: set[str] = set()
        read: set[str] = set()
        for variant in kernel.variants:
            written |= written_tensors(variant)
            read |= read_tensors(variant)
        for out in shapes:
            p = params.get(out)
            if p is None or not p.is_tensor:
                raise PhobosError(
                    f"phobos.torch.operator: output `{out}` is no tensor parameter of kernel `{sig.kernel}`",
                    notes=(f"its tensor parameters: {', '.join(q.name for q in sig.params if q.is_tensor)}",))
            if out not in written:
                raise PhobosError(f"phobos.torch.operator: kernel `{sig.kernel}` never writes `{out}`, so it "
                                  "is no output")
        self.outputs = [params[n] for n in shapes]
        self.inputs = [p for p in sig.params if p.name not in shapes]
        self.zeroed = {n for n in shapes if n in read}
        self.mutated = tuple(p.name for p in self.inputs if p.is_tensor and p.name in written)
        self.shapes = {n: self._shape(params[n], shape) for n, shape in shapes.items()}

    def _shape(self, p: Param, given: Shape | None) -> Callable[[Mapping[str, Any]], tuple[Any, ...]]:
        """The output's shape as a function of the names an input gives."""
        known = {d.value for q in self.inputs if q.is_tensor for d in q.dims or () if d.kind == "runtime"}
        known |= {q.name for q in self.inputs if not q.is_tensor and q.dtype.is_int} | set(self.sig.tune)
        assert p.dims is not None
        if callable(given):
            function = given
            return lambda names: self._checked(p, function(names), "its shape function gave")
        entries = tuple(given) if given is not None else tuple(
            d.value if d.kind != "literal" else int(d.value) for d in p.dims)
        if len(entries) != len(p.dims):
            raise PhobosError(f"phobos.torch.operator: output `{p.name}` has {_dims(len(p.dims))} "
                              f"({p.type_text()}), but its shape has {len(entries)}")
        for entry in entries:
            if not isinstance(entry, str) and not _extent(entry):
                raise PhobosError(f"phobos.torch.operator: the shape of output `{p.name}` ({p.type_text()}) is "
                                  f"made of extents (ints of 0 or more) and input names, not {entry!r}")
            if isinstance(entry, str) and entry not in known:
                raise PhobosError(
                    f"phobos.torch.operator: the shape of output `{p.name}` ({p.type_text()}) needs `{entry}`, "
                    "which no input gives",
                    notes=("give its shape in outputs=, as a tuple of ints and input names or a function of "
                           "a dict of them: outputs={" f"'{p.name}': lambda n: (...)" "}",))

        def shape(names: Mapping[str, Any]) -> tuple[Any, ...]:
            for entry in entries:
                if isinstance(entry, str) and entry not in names:  # an autotune name, not pinned
                    raise PhobosError(f"kernel `{self.sig.kernel}`: the shape of output `{p.name}` needs the "
                                      f"autotune name `{entry}`; pin it (a keyword of the call, or pins=)")
            return self._checked(p, tuple(names[e] if isinstance(e, str) else e for e in entries), "it came to")

        return shape

    def _checked(self, p: Param, shape: Any, came: str) -> tuple[Any, ...]:
        """A shape the launch can allocate: one extent (an int of 0 or more, or torch's
        symbolic int while it traces) a dim of the output."""
        import torch

        count = len(p.dims or ())
        entries = tuple(shape) if isinstance(shape, list | tuple) else None
        if entries is None or len(entries) != count or not all(isinstance(e, torch.SymInt) or _extent(e)
                                                                for e in entries):
            raise PhobosError(f"kernel `{self.sig.kernel}`: the shape of output `{p.name}` ({p.type_text()}) must "
                              f"be {count} extent{'s' if count != 1 else ''} (ints of 0 or more), one a dim; "
                              f"{came} {shape!r}")
        return tuple(int(e) if not isinstance(e, torch.SymInt) else e for e in entries)

    def schema(self) -> str:
        """The operator's schema: inputs in parameter order, mutated ones aliased."""
        args = []
        for index, p in enumerate(self.inputs):
            if p.is_tensor:
                alias = f"({chr(ord('a') + index % 26)}{index // 26 or ''}!)" if p.name in self.mutated else ""
                args.append(f"Tensor{alias} {p.name}")
            else:
                args.append(f"{_scalar_type(p.dtype)} {p.name}")
        if self.sig.tune:
            args += ["*", *(f"int? {name}=None" for name in self.sig.tune)]
        returns = ", ".join("Tensor" for _ in self.outputs)
        result = returns if len(self.outputs) == 1 else f"({returns})"
        return f"({', '.join(args)}) -> {result}"

    def names(self, values: Sequence[Any], pins: Mapping[str, int]) -> dict[str, Any]:
        """The runtime dims the input tensors give, the int scalars and the pins, by name."""
        names: dict[str, Any] = dict(pins)
        for p, value in zip(self.inputs, values, strict=True):
            if not p.is_tensor:
                names[p.name] = value
                continue
            assert p.dims is not None
            if value.dim() != len(p.dims):
                raise PhobosError(f"kernel `{self.sig.kernel}`, argument `{p.name}`: {p.type_text()} has "
                                  f"{_dims(len(p.dims))}, got a tensor of shape {tuple(value.shape)}")
            for dim, extent in zip(p.dims, value.shape, strict=True):
                if dim.kind != "literal":  # a runtime dim, or an autotune name the shape picks
                    names.setdefault(str(dim.value), extent)
        return names

    def allocate(self, values: Sequence[Any], pins: Mapping[str, int], like: torch.device) -> dict[str, Any]:
        """The outputs: zeroed where the kernel reads them, and where an input or an
        output is empty (a dim of 0: the launch runs nothing, so nothing else would be
        written)."""
        import torch

        names = self.names(values, pins)
        shapes = {p.name: tuple(self.shapes[p.name](names)) for p in self.outputs}
        empty = any(0 in shape for shape in shapes.values()) or any(
            p.is_tensor and 0 in tuple(v.shape) for p, v in zip(self.inputs, values, strict=True))
        made = {}
        for p in self.outputs:
            dtype = getattr(torch, TORCH_NAMES[p.dtype])
            make = torch.zeros if p.name in self.zeroed or empty else torch.empty
            made[p.name] = make(shapes[p.name], dtype=dtype, device=like)
        return made

    def _device(self, values: Sequence[Any]) -> torch.device:
        """Where a call computes: its first tensor's device; with no tensor input, the
        GPU where one is visible and the kernel is not made for the interpreter."""
        import torch

        for p, value in zip(self.inputs, values, strict=True):
            if p.is_tensor:
                return value.device
        interpreted = self.kernel.options.get("interpret", flag(ENV_INTERPRET, False))
        return torch.device("cuda" if torch.cuda.is_available() and not interpreted else "cpu")

    def pinned(self, given: Mapping[str, int | None]) -> dict[str, int]:
        """The pins of a call: its keywords over the operator's defaults."""
        merged = {**self.pins, **{name: value for name, value in given.items() if value is not None}}
        return {name: value for name, value in merged.items() if value is not None}

    @api
    def fake(self, *values: Any, **pins: int | None) -> Any:
        """The outputs of a call, made from the inputs' shapes alone (for Dynamo)."""
        for p, value in zip(self.inputs, values, strict=True):
            if p.is_tensor and str(value.dtype) != f"torch.{TORCH_NAMES[p.dtype]}":
                raise PhobosError(f"kernel `{self.sig.kernel}`, argument `{p.name}`: {p.type_text()} takes "
                                  f"torch.{TORCH_NAMES[p.dtype]}, got {value.dtype}")
        return self._returned(self.allocate(values, self.pinned(pins), self._device(values)))

    @api
    def run(self, *values: Any, **pins: int | None) -> Any:
        """One launch: the outputs allocated, non-contiguous inputs made contiguous (a
        mutated one copied back after), the kernel launched."""
        pinned = self.pinned(pins)
        device = self._device(values)
        made = self.allocate(values, pinned, device)
        arguments: dict[str, Any] = dict(made)
        copied_back = []
        for p, value in zip(self.inputs, values, strict=True):
            if p.is_tensor and not value.is_contiguous():
                packed = value.contiguous()
                if p.name in self.mutated:
                    copied_back.append((value, packed))
                value = packed
            arguments[p.name] = value
        ordered = [arguments[p.name] for p in self.sig.params]
        (self.on_cpu if device.type == "cpu" else self.kernel)[self.grid](*ordered, **pinned)
        for original, packed in copied_back:
            original.copy_(packed)
        return self._returned(made)

    def _returned(self, made: dict[str, Any]) -> Any:
        if not self.outputs:
            return None
        if len(self.outputs) == 1:
            return made[self.outputs[0].name]
        return tuple(made[p.name] for p in self.outputs)


# torch's name of the dtype holding each Phobos type ("float32" for f32).
TORCH_NAMES: dict[DType, str] = {
    dtype: torch_name.removeprefix("torch.")
    for dtype, held in NUMPY.items()
    for torch_name, torch_held in TORCH_DTYPES.items()
    if held == torch_held
}


def _extent(value: Any) -> bool:
    """Whether `value` is an extent: an int (as a grid takes one) of 0 or more."""
    return is_int(value) and value >= 0


def _dims(count: int) -> str:
    return f"{count} dim{'s' * (count != 1)}"


def _taken(name: str) -> bool:
    """Whether torch has an operator of this name already (a second `custom_op` of a
    name would replace the first one's kernel behind its callers)."""
    import torch

    namespace, op = name.split("::")
    try:
        getattr(getattr(torch.ops, namespace), op)
    except (AttributeError, RuntimeError):
        return False
    return True


def _scalar_type(dtype: DType) -> str:
    """The schema type of a scalar parameter: ints as SymInt, so a size under dynamic
    shapes stays symbolic."""
    if dtype.is_bool:
        return "bool"
    return "SymInt" if dtype.is_int else "float"
