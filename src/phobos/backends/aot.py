"""What both back ends' ahead-of-time builds (`phobos compile`) share: the kernels a
file holds, each once and under a name of its own, the names of the files built, and
the build itself: each variant built on its own, in parallel over the machine's cores
(NVRTC and tileiras run outside Python's lock), so that one variant a target refuses
is reported with its reason while every other is still built.

A build writes each kernel's files under the kernel's name, so two different kernels
of one name in a Python module (two defs, or one and its `with_options` copy) would
write the same files: that is refused, at the second with the first named, rather
than one silently overwriting the other. One kernel bound to two names is built once.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Generic, TypeVar

from phobos.backends.files import kernels_in, variant_stem
from phobos.errors import PhobosError
from phobos.ir import nodes as ir
from phobos.progress import progress

if TYPE_CHECKING:
    from phobos.runtime.kernel import Kernel

# The longest stem a built file keeps as it is: a file name is at most 255 bytes on
# the usual file systems, and a suffix (`.unaligned.sm_121.cubin`) takes up to 24.
LONGEST_STEM = 200


def kernels_to_build(path: Path, only: tuple[str, ...] = ()) -> list[Kernel]:
    """The kernels of a `.phobos` file or a `.py` module, each once, in the order the
    file gives them (those `only` names, where it names any); a folder, a file of none,
    two kernels of one name, or a name in `only` the file lacks is an error."""
    if path.is_dir():
        raise PhobosError(f"{path} is a folder; give a .phobos program or a Python module of @ph.kernel defs")
    kernels: dict[str, Kernel] = {}
    for kernel in kernels_in(path):
        first = kernels.setdefault(kernel.name, kernel)
        if first is not kernel:
            raise _two_of_one_name(path, first, kernel)
    if not kernels:
        raise PhobosError(f"{path} defines no kernel")
    missing = [name for name in only if name not in kernels]
    if missing:
        raise PhobosError(f"{path} defines no kernel `{missing[0]}`; it defines {', '.join(kernels)}")
    return [k for k in kernels.values() if not only or k.name in only]


def _described(kernel: Kernel) -> str:
    where = f"defined at {kernel.ast.span}"
    options = ", ".join(f"{k}={v!r}" for k, v in sorted(kernel.options.items()))
    return f"{where} with {options}" if options else where


def _two_of_one_name(path: Path, first: Kernel, second: Kernel) -> PhobosError:
    return PhobosError(
        f"{path} holds two kernels named `{second.name}`, whose built files would have the same names",
        second.ast.span,
        notes=(f"one is {_described(first)}; the other is {_described(second)}",
               "a build names each kernel's files after the kernel: rename one, or build them from separate "
               "modules"),
    )


B = TypeVar("B")


@dataclass(frozen=True)
class Refused:
    """A variant that was not built, and the error saying why (located in the source)."""

    kernel: str
    bindings: dict[str, int]
    error: PhobosError


@dataclass(frozen=True)
class Report(Generic[B]):
    """What a build made (a `Built` of its back end per file) and what it refused."""

    built: list[B]
    refused: list[Refused]


def build_variants(kernels: Sequence[Kernel], build: Callable[[Kernel, ir.Kernel], list[B | Refused]],
                   jobs: int | None = None) -> Report[B]:
    """Build every variant of `kernels` with `build` (which writes the variant's files
    and returns what it built, and what of it it refused where it built the rest, or
    raises a PhobosError), `jobs` at once (default: a job a core), with a progress bar
    on a terminal. The files are reported in the kernels' and variants' order, whatever
    order the jobs end in."""
    work = [(kernel, variant) for kernel in kernels for variant in kernel.variants]
    jobs = max(1, min(jobs or os.cpu_count() or 1, len(work)))

    def one(item: tuple[Kernel, ir.Kernel]) -> list[B | Refused]:
        kernel, variant = item
        try:
            return build(kernel, variant)
        except PhobosError as err:
            return [Refused(variant.name, dict(variant.bindings), err)]

    with ThreadPoolExecutor(jobs) as pool, progress(pool.map(one, work), "phobos: building", len(work),
                                                    terminal_only=True) as done:
        outcomes = [o for found in done for o in found]
    return Report([o for o in outcomes if not isinstance(o, Refused)], [o for o in outcomes if isinstance(o, Refused)])


def fast_math(kernel: Kernel) -> bool:
    """Whether the kernel's code is built under math_mode="fast", as its launches are."""
    return kernel.options.get("math_mode") == "fast"


def debug_build(kernel: Kernel) -> bool:
    """Whether the kernel's prints and asserts are built in, as its launches would
    build them: its `debug=` option, else PHOBOS_DEBUG."""
    from phobos.runtime.backend import debug_wanted

    return debug_wanted(kernel.options)


def file_stem(name: str) -> str:
    """`name` as the start of a file's name: itself where it is short enough, else its
    first characters and a hash of the whole, so that any name makes a file."""
    if len(name.encode()) <= LONGEST_STEM:
        return name
    digest = hashlib.sha256(name.encode()).hexdigest()[:16]
    return f"{name.encode()[:LONGEST_STEM - 17].decode(errors='ignore')}-{digest}"


def output_stem(variant: ir.Kernel) -> str:
    """The stem of a built variant's files: the kernel's name and its autotune values."""
    return file_stem(variant_stem(variant))
