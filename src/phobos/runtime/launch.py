"""`kernel[grid](*args, **meta)`: one launch, from the arguments to a back end."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING, Any

from phobos.errors import PhobosError, for_the_user
from phobos.ir import nodes as ir
from phobos.ir.nodes import written_tensors
from phobos.ir.specialize import ANY, Specialization, specialize

from . import args as arguments
from . import autotune, backend
from .grid import Grid, GridSpec, call_grid_function, normalize_grid
from .host import host_arrays
from .plans import MOST_PLANS, Hit, HitLaunch, KeyReader, Plan, no_pattern
from .variants import candidates, select_variant

if TYPE_CHECKING:
    from .kernel import Kernel


class Launcher:
    """A kernel with its grid, waiting for arguments; it may be called many times.

    A grid function is called once per launch with a dict of the launch's named
    values: every argument under its parameter's name, every runtime dim under its
    name, and the chosen variant's autotune values (pinned or not) under theirs; the
    first launch of a kind calls it for each candidate variant it weighs.

    The first launch of each kind of arguments takes the full path and leaves a plan
    on the kernel (see `plans`), which the launches of that kind after it follow.
    """

    def __init__(self, kernel: Kernel, grid: GridSpec):
        self.kernel = kernel
        self.grid = grid
        # A fixed grid is checked here, so a bad one is refused where it is written.
        self._fixed: Grid | None = None if callable(grid) else normalize_grid(kernel.name, grid)
        # A grid of no programs: each launch checks its arguments and runs nothing.
        self._empty = self._fixed is not None and 0 in self._fixed
        # The key reader of the last launch's pattern (see `plans.KeyReaders`).
        self._read: KeyReader = no_pattern
        # The last launch's key's hit and its plan: most launches repeat the one before;
        # and that hit with the plan's launch, in C, where the plan has one.
        self._last: tuple[Hit, Plan | None] = (no_pattern, None)
        self._fast: HitLaunch = no_pattern

    def __call__(self, /, *args: Any, **kwargs: Any) -> None:  # `/`: a parameter may be named self
        # The public entry point: its `try` is written inline, as `phobos.errors.api`
        # would cost a call at every launch (and move the notice's stack level).
        try:
            if self._fast(args, kwargs) == 0:  # the last key's launch, done
                return
            hit, plan = self._last
            pointers = hit(args, kwargs)
            if pointers is None:
                found = self._planned(args, kwargs)
                if found is None:  # the launch took the full path
                    return
                plan, pointers = found
            assert plan is not None
            grid = self._fixed
            if grid is not None and not plan.takes_values:
                plan.run(args, pointers, grid)  # (also where the C launch did not: it says why)
                return
            values: Sequence[Any] = args
            if plan.keywords:
                values = (*args, *(kwargs[name] for name in plan.keywords))
            if grid is None:  # the grid function gets the values as given
                launch = {**dict(zip(plan.names, values, strict=True)), **plan.named}
            if plan.scalars:
                values = list(values)
                for index, check in plan.scalars:
                    values[index] = check(values[index])
            if grid is None:
                assert callable(self.grid)
                grid = call_grid_function(self.kernel.name, self.grid, launch)
                # No programs now, or programs now for a candidate passed over: choose again.
                if 0 in grid or any(0 not in call_grid_function(self.kernel.name, self.grid, {**launch, **named})
                                    for named in plan.passed_over):
                    self._first(args, kwargs)
                    return
            plan.run(values, pointers, grid)
        except PhobosError as err:
            for_the_user(err)
            raise

    def _planned(self, args: tuple[Any, ...], kwargs: dict[str, Any]) -> tuple[Plan, list[int]] | None:
        """The plan of a launch whose key is not the last one's, and its pointers; None
        where the launch took the full path (a new key, or one with no plan)."""
        if self._empty:
            self._first(args, kwargs)
            return None
        kernel = self.kernel
        try:
            found = self._read(args, kwargs)
            if found is None:  # a launch of another pattern than the last
                reader = kernel.key_readers.find(args, kwargs)  # a program error surfaces here
                if reader is None:  # an argument of a kind with no key: the full path, every time
                    self._first(args, kwargs)
                    return None
                self._read = reader
                found = reader(args, kwargs)
                assert found is not None
        except RuntimeError:  # torch cannot give a tensor's pointer (a sparse one): the full path says why
            self._first(args, kwargs)
            return None
        key, pointers = found
        plan = kernel.plans.get(key)
        if plan is None:
            plan = self._first(args, kwargs)
            if plan is not None:
                if len(kernel.plans) >= MOST_PLANS:
                    kernel.plans.clear()
                kernel.plans[key] = plan
                self._remember(key, plan, args, kwargs, pointers)
            return None
        self._remember(key, plan, args, kwargs, pointers)
        return plan, pointers

    def _remember(self, key: Hashable, plan: Plan, args: tuple[Any, ...], kwargs: dict[str, Any],
                  pointers: list[int]) -> None:
        """The launch's key as the last one: its hit, and the hit that launches."""
        readers = self.kernel.key_readers
        self._last = (readers.hit(key, args, kwargs, pointers), plan)
        self._fast = readers.hit_launch(key, plan, self._fixed)

    def _first(self, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Plan | None:
        """A launch by the full path; its plan, where its arguments' kind has one.

        The back end is chosen here, so a repeat launch reads no environment: the one
        a kind of arguments first ran on runs it again (see `plans`). A candidate whose
        grid has no programs is no candidate; a launch with none left, or with a runtime
        dim of 0 (an empty tensor), runs nothing: the arguments are checked all the same.
        """
        kernel = self.kernel
        sig = kernel.signature
        # The back end comes first: what an argument may be depends on where it runs.
        choice = backend.choose_backend(kernel.name, kernel.options)
        bound = arguments.bind(sig, args, kwargs)
        device = backend.device_arguments(choice.backend, sig, bound.values)
        checked = arguments.check(sig, device.shadows if device else host_arrays(sig, bound.values))
        first = select_variant(sig, kernel.variants, bound.pins, checked)
        dims = {name: checked.extents[name] for name in first.runtime_dims}
        # Timing is for the GPU, and for a launch that runs something.
        tune = device is not None and 0 not in dims.values() and autotune.enabled()
        fits = candidates(sig, kernel.variants, bound.pins, checked) if tune or callable(self.grid) else [first]
        runnable, passed_over = self._runnable(fits, bound.values, dims, every=tune)
        if choice.notice:
            backend.say_once(choice.notice, stacklevel=4)
        if not runnable:
            return None
        variant, grid = runnable[0]
        spec = ANY
        # The GPU compiles per key (and nothing for an empty tensor); the interpreter runs any launch alike.
        if device is not None and 0 not in dims.values():
            fast = kernel.options.get("math_mode") == "fast"
            debug = backend.debug_wanted(kernel.options)
            spec = specialize(variant, dims, checked.scalars, device.aligned, fast_math=fast, debug=debug)
            if tune:
                runnable += backend.tuning_twins(device, runnable, spec)
            if len(runnable) > 1:
                variant, grid = self._tuned(runnable, bound.values, checked, dims, device, spec)
            kernel.compiles.record(variant, spec, stacklevel=4)
        names = tuple(p.name for p in sig.params)
        scalars = tuple((i, arguments.scalar_check(sig, p)) for i, p in enumerate(sig.params) if not p.is_tensor)
        named = {**dims, **variant.bindings}
        if 0 in dims.values():
            return Plan(names, names[len(args):], scalars, named, _nothing)
        # The tensors in the order a key reader reads their pointers: as the launch gave them.
        given = (*names[:len(args)], *(name for name in kwargs if name in bound.values))
        tensors = {p.name for p in sig.params if p.is_tensor}
        rerun = backend.run(sig, variant, grid, checked, dims, device, spec, [n for n in given if n in tensors])
        if rerun is None:
            return None
        return Plan(names, names[len(args):], scalars, named, rerun.run, rerun.takes_values or bool(scalars),
                    rerun.record, tuple({**dims, **v.bindings} for v in passed_over))

    def _runnable(self, fits: list[ir.Kernel], values: dict[str, Any], dims: dict[str, int],
                  every: bool) -> tuple[list[tuple[ir.Kernel, Grid]], list[ir.Kernel]]:
        """The candidates whose grid has programs, each with its grid: all of them where
        `every` (to time them), else the first alone (the grid function is asked no more
        than that needs); and the candidates asked before that whose grid had none."""
        if self._fixed is not None:
            return [] if 0 in self._fixed else [(v, self._fixed) for v in fits[:len(fits) if every else 1]], []
        found, empty = [], []
        for variant in fits:
            grid = self._grid({**values, **dims, **variant.bindings})
            if 0 in grid:
                empty.append(variant)
                continue
            found.append((variant, grid))
            if not every:
                break
        return found, empty

    def _grid(self, named: dict[str, Any]) -> Grid:
        """The launch's grid: the fixed one, or the grid function's for these values."""
        if self._fixed is not None:
            return self._fixed
        assert callable(self.grid)
        return call_grid_function(self.kernel.name, self.grid, named)

    def _tuned(self, runnable: list[tuple[ir.Kernel, Grid]], values: dict[str, Any], checked: arguments.Checked,
               dims: dict[str, int], device: backend.DeviceArguments,
               spec: Specialization) -> tuple[ir.Kernel, Grid]:
        """The fastest of the candidates, timed on scratch copies of what they write."""
        kernel = self.kernel
        grids = {id(variant): grid for variant, grid in runnable}

        def timer(variant: ir.Kernel) -> list[float]:
            written = written_tensors(variant)
            scratch = {n: _scratch_copy(v) if n in written else v for n, v in values.items()}
            copies = backend.device_arguments(device.backend, kernel.signature, scratch)
            assert copies is not None
            kernel.compiles.record(variant, spec, stacklevel=6)
            return backend.time_variant(kernel.signature, variant, grids[id(variant)], checked, dims, copies, spec,
                                        autotune.WARMUP, autotune.RUNS)

        fits = [variant for variant, _ in runnable]
        chosen = autotune.choose(kernel, fits, autotune.describe(device.backend, spec, dims, device.identity), timer)
        return chosen, grids[id(chosen)]

    def __repr__(self) -> str:
        return f"<phobos launch of {self.kernel.name}, grid {self.grid!r}>"


def _scratch_copy(array: Any) -> Any:
    """A copy of a device array in new memory, for a candidate to write (torch, cupy)."""
    copy = getattr(array, "clone", None) or getattr(array, "copy", None)
    if copy is None:
        raise PhobosError(f"autotuning cannot copy a {type(array).__name__} to time the candidates on; "
                          "pin the autotune values, or set PHOBOS_AUTOTUNE=0")
    return copy()


def _nothing(_values: Sequence[Any], _pointers: list[int], _grid: Grid) -> None:
    """The run of a launch with an empty tensor."""


def not_callable(kernel: Kernel) -> PhobosError:
    """The error for calling a kernel without a grid."""
    return PhobosError(
        f"kernel `{kernel.name}` is launched with a grid: {kernel.name}[grid](*args); "
        "grid is an int, a tuple of 1 to 3 ints, or a function of the launch's values"
    )
