"""`kernel[grid](*args, **meta)`: one launch, from the arguments to a back end."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from phobos.errors import PhobosError

from . import args as arguments
from . import backend
from .grid import Grid, GridSpec, call_grid_function, normalize_grid
from .variants import select_variant

if TYPE_CHECKING:
    from .kernel import Kernel


class Launcher:
    """A kernel with its grid, waiting for arguments; it may be called many times.

    A grid function is called once per launch with a dict of the launch's named
    values: every argument under its parameter's name, every runtime dim under its
    name, and the chosen variant's autotune values (pinned or not) under theirs.
    """

    def __init__(self, kernel: Kernel, grid: GridSpec):
        self.kernel = kernel
        self.grid = grid
        # A fixed grid is checked here, so a bad one is refused where it is written.
        self._fixed: Grid | None = None if callable(grid) else normalize_grid(kernel.name, grid)

    def __call__(self, *args: Any, **kwargs: Any) -> None:
        kernel = self.kernel
        variants = kernel.variants  # a program error surfaces here, before the arguments
        # The back end comes first: what an argument may be depends on where it runs.
        choice = backend.choose_backend(kernel.name, kernel.options)
        sig = kernel.signature
        bound = arguments.bind(sig, args, kwargs)
        device = backend.device_arguments(choice.backend, sig, bound.values)
        checked = arguments.check(sig, device.shadows if device else bound.values)
        variant = select_variant(sig, variants, bound.pins, checked)
        dims = {name: checked.extents[name] for name in variant.runtime_dims}
        grid = self._fixed
        if grid is None:
            assert callable(self.grid)
            grid = call_grid_function(kernel.name, self.grid, {**bound.values, **dims, **variant.bindings})
        if choice.notice:
            backend.say_once(choice.notice, stacklevel=2)
        backend.run(variant, grid, checked, dims, device)

    def __repr__(self) -> str:
        return f"<phobos launch of {self.kernel.name}, grid {self.grid!r}>"


def not_callable(kernel: Kernel) -> PhobosError:
    """The error for calling a kernel without a grid."""
    return PhobosError(
        f"kernel `{kernel.name}` is launched with a grid: {kernel.name}[grid](*args); "
        "grid is an int, a tuple of 1 to 3 ints, or a function of the launch's values"
    )
