"""Kernel and module objects: what `phobos.compile` and `@ph.kernel` hand the user."""

from __future__ import annotations

import inspect
import os
from collections.abc import Callable, Hashable
from functools import cached_property
from pathlib import Path
from typing import Any

from phobos.ast import nodes as A
from phobos.ast.printer import print_program
from phobos.check import ModuleInfo, check_module
from phobos.check import check_kernel as _check_kernel
from phobos.errors import PhobosError, api, for_the_user
from phobos.ir import nodes as ir
from phobos.ir.signature import Signature, signature
from phobos.ir.text import kernel_text

from .autotune import Tuning
from .backend import check_options
from .compiles import Compiles
from .grid import GridSpec
from .launch import Launcher, not_callable
from .plans import MOST_PLANS, KeyReaders, Plan


class SharedProgram:
    """The program that kernels compile in, made on first use and checked, indexed and
    printed once for all of them: a file of n kernels costs n kernels' work, not n^2."""

    def __init__(self, make: Callable[[], A.Program]):
        self._make = make

    @cached_property
    def tree(self) -> A.Program:
        return self._make()

    @cached_property
    def checked(self) -> ModuleInfo:
        return check_module(self.tree)

    @cached_property
    def kernels(self) -> dict[str, A.Kernel]:
        """Each kernel by name (the first of a name: a second is the checker's error)."""
        found: dict[str, A.Kernel] = {}
        for item in self.tree.items:
            if isinstance(item, A.Kernel):
                found.setdefault(item.name, item)
        return found

    @cached_property
    def text(self) -> str:
        return print_program(self.tree)


class Kernel:
    """A kernel of a checked program; its ir is built on first use.

    `kernel[grid](*args, **meta)` launches it (see `phobos.runtime.launch.Launcher`).
    """

    def __init__(
        self,
        name: str,
        program: SharedProgram,
        options: dict[str, Any] | None = None,
        python_function: Callable[..., Any] | None = None,
    ):
        self.name = name
        self._program = program
        self.options = dict(options or {})
        check_options(self.options, f"kernel `{name}`")
        self.python_function = python_function
        # The launches worked out so far, by key (see `phobos.runtime.plans`).
        self.plans: dict[Hashable, Plan] = {}
        # A launcher per int grid, kept: `kernel[grid]` is written at every launch.
        self._launchers: dict[int, Launcher] = {}
        self.compiles = Compiles(name)
        self.tunings: dict[str, Tuning] = {}  # autotuning's choices, by tuning key (autotune.py)
        # As a function's: a Python kernel's own, a Phobos kernel's from its program.
        self.__name__ = name
        self.__qualname__ = python_function.__qualname__ if python_function else name
        self.__module__ = python_function.__module__ if python_function else "phobos.compile"
        self.__doc__ = (python_function.__doc__ if python_function else None) or (
            f"The Phobos kernel `{name}`: launch it as `{name}[grid](*args, **autotune_pins)`.")

    @cached_property
    @api
    def program(self) -> A.Program:
        """The whole Phobos program the kernel compiles in: its fns and itself."""
        return self._program.tree

    @property
    def ast(self) -> A.Kernel:
        self.program  # noqa: B018  (made through `api`, so an error in it is the user's)
        return self._program.kernels[self.name]

    @cached_property
    @api
    def variants(self) -> list[ir.Kernel]:
        """The typed ir of every variant, one per combination of autotune values."""
        return _check_kernel(self._program.checked, self.ast)

    @cached_property
    @api
    def signature(self) -> Signature:
        """The parameters and autotune names, as a launch checks its arguments against them."""
        return signature(self.ast, self.variants)

    @cached_property
    def key_readers(self) -> KeyReaders:
        """How launches read their keys, made per pattern of launch (see `plans`)."""
        return KeyReaders(self.signature)

    def __getitem__(self, grid: GridSpec) -> Launcher:
        try:  # written inline, not as `api`: `kernel[grid]` is part of every launch
            if type(grid) is not int:
                # A tuple is not kept: (True,) or (1.0,), which are no grids, would find the
                # launcher of (1,); nor a grid function, which may be new at each launch.
                return Launcher(self, grid)
            launcher = self._launchers.get(grid)
            if launcher is None:
                launcher = Launcher(self, grid)  # a bad grid is refused here, and not kept
                if len(self._launchers) >= MOST_PLANS:  # as many as the plans
                    self._launchers.clear()
                self._launchers[grid] = launcher
            return launcher
        except PhobosError as err:
            for_the_user(err)
            raise

    @api
    def __call__(self, /, *_args: Any, **_kwargs: Any) -> None:
        raise not_callable(self)

    @property
    @api
    def ir(self) -> str:
        return "\n".join(kernel_text(v) for v in self.variants)

    @property
    @api
    def phobos_source(self) -> str:
        self.program  # noqa: B018  (made through `api`, so an error in it is the user's)
        return self._program.text

    @api
    def explain(self, path: str | os.PathLike[str] | None = None, backend: str = "cuda") -> str:
        """A page (HTML, no network needed) of what this kernel became on `backend`: each
        source line beside the code it produced, and where each element of each tile
        lives, for every variant; written to `path` too where one is given (a path that
        cannot be written is named)."""
        from phobos.backends.files import write_output
        from phobos.explain import explain

        if path is not None and not isinstance(path, str | os.PathLike):
            raise PhobosError(f"explain's path is a file name (str or path), not {type(path).__name__}")
        page = explain(self, backend)
        if path is not None:
            write_output(Path(path), page.encode())
        return page

    def tuning(self) -> list[Tuning]:
        """What autotuning timed (or read from disk) for this kernel in this process, one
        table per tuning key, printed; and the tables."""
        for found in self.tunings.values():
            print(f"kernel `{self.name}`\n{found.table()}")
        return list(self.tunings.values())

    @api
    def with_options(self, /, **options: Any) -> Kernel:
        """This kernel with `options` over its own (an option given None is dropped):
        the same program with launches of its own, so that one kernel can run on two
        back ends side by side."""
        merged = {k: v for k, v in {**self.options, **options}.items() if v is not None}
        return Kernel(self.name, self._program, merged, self.python_function)

    @property
    def __signature__(self) -> inspect.Signature:
        """The parameters a launch takes, each annotated with its Phobos type, then each
        autotune name as a keyword that pins it (see `__getitem__`)."""
        sig = self.signature
        kind = inspect.Parameter.POSITIONAL_OR_KEYWORD
        params = [inspect.Parameter(p.name, kind, annotation=p.type_text()) for p in sig.params]
        params += [inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=None,
                                     annotation=f"one of {list(values)}") for name, values in sig.tune.items()]
        return inspect.Signature(params)

    def __repr__(self) -> str:
        """The kernel and its variants, read off the program without checking it."""
        try:
            tunes = [e for a in self.ast.attrs if isinstance(a, A.Autotune) for e in a.entries]
        except PhobosError:  # a program that does not parse: its kernel by name alone
            tunes = []
        if not tunes:
            return f"<phobos kernel {self.name}>"
        count = 1
        for entry in tunes:
            count *= len(entry.values)
        shown = ", ".join(f"{e.name} in {list(e.values)}" for e in tunes)
        return f"<phobos kernel {self.name}: {count} variant{'s' if count > 1 else ''}, {shown}>"


def python_kernel(
    pyfunc: Callable[..., Any],
    kernel_ast: A.Kernel,
    program: Callable[[], A.Program],
    options: dict[str, Any],
) -> Kernel:
    """The kernel object `@ph.kernel` returns for a Python def."""
    return Kernel(kernel_ast.name, SharedProgram(program), options, python_function=pyfunc)


class Module:
    """A compiled program: each kernel is an attribute under its name."""

    def __init__(self, program: A.Program, options: dict[str, Any] | None = None):
        check_options(options or {}, "phobos.compile")
        self.program = program
        self.kernels: dict[str, Kernel] = {}
        shared = SharedProgram(lambda: program)
        shared.checked  # noqa: B018  (the whole program's checks, before any kernel's)
        for item in program.items:
            if isinstance(item, A.Kernel):
                if hasattr(type(self), item.name) or item.name in self.__dict__:
                    raise PhobosError(
                        f"a kernel cannot be named `{item.name}`: the compiled module's own attribute "
                        f"`{item.name}` would hide it (the module has one attribute per kernel); rename the kernel",
                        item.name_span or item.span,
                    )
                self.kernels[item.name] = kernel = Kernel(item.name, shared, options)
                setattr(self, item.name, kernel)  # a plain attribute, as launches read it
        for kernel in self.kernels.values():
            kernel.variants  # noqa: B018  (check every kernel now, so errors surface at compile)

    def __getattr__(self, name: str) -> Kernel:
        # Reached only for a name that is not an attribute: each kernel is one (see __init__).
        kernels = self.__dict__.get("kernels", {})
        raise AttributeError(f"the program has no kernel `{name}`; it has: {', '.join(kernels) or 'none'}")

    def __dir__(self) -> list[str]:
        return sorted({*super().__dir__(), *self.kernels})

    @property
    def phobos_source(self) -> str:
        return print_program(self.program)
