"""`phobos explain`: what a kernel became, as a page a browser opens with no server.

`explain(kernel)` gives the HTML of one kernel's page (`Kernel.explain` is the same
from a kernel object); `explain_file` writes one page a kernel of a `.phobos` file or
a Python module. data.py gathers what the page shows, page.py draws it.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from phobos.errors import PhobosError

from .data import kernel_data
from .page import render

if TYPE_CHECKING:
    from phobos.runtime.kernel import Kernel

BACKENDS = ("cuda", "tileir")


def explain(kernel: Kernel, backend: str = "cuda") -> str:
    """The page of `kernel`: its source lines beside the code each produced, and where
    each element of its tiles lives, for every variant, on `backend`."""
    if backend not in BACKENDS:
        raise PhobosError(f"explain: backend {backend!r} is neither of {', '.join(BACKENDS)}")
    return render(kernel_data(kernel, backend))


def names_a_page(out: Path) -> bool:
    """Whether an output path names one page (it ends in .html, in any case) rather than a folder."""
    return out.suffix.lower() == ".html"


def explain_file(path: Path, out: Path, backend: str = "cuda", only: tuple[str, ...] = ()) -> list[Path]:
    """One page a kernel of the file (those `only` names, where it names any) into the
    folder `out` as KERNEL.html, or into the file `out` where it ends in .html and the
    file gives one kernel. Returns the pages written."""
    from phobos.backends.aot import kernels_to_build
    from phobos.backends.files import output_folder, write_output

    kernels = kernels_to_build(path, only)
    if names_a_page(out):
        if len(kernels) != 1:
            raise PhobosError(f"-o {out} names one page, but {path} gives {len(kernels)} kernels; "
                              "name one with --kernel, or give a folder")
        output_folder(out.parent)
        targets = [out]
    else:
        output_folder(out)
        targets = [out / f"{kernel.name}.html" for kernel in kernels]
    for kernel, target in zip(kernels, targets, strict=True):
        write_output(target, explain(kernel, backend).encode())
    return targets
