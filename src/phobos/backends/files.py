"""Files both back ends read and write ahead of time: the kernels a source file
defines, the name each built variant gets, the output folder, and writing a file
atomically (a temporary beside it, moved into place)."""

from __future__ import annotations

import importlib.util
import os
import secrets
import sys
import traceback
from collections.abc import Iterator
from pathlib import Path

from phobos.errors import PhobosError, Source, Span
from phobos.ir import nodes as ir
from phobos.pyfront import future_hint
from phobos.pyfront.source import refuse_undecodable


def kernels_in(path: Path) -> list:
    """The kernels a `.phobos` file defines, or those a `.py` module holds: the module is
    imported (its top-level code runs, under a name of its own, so an `if __name__ ==
    "__main__"` block does not), with its folder first on `sys.path` meanwhile, so that
    it imports its neighbours as it would when run."""
    import phobos

    if not path.exists():
        raise PhobosError(f"no such file: {path}")
    if path.suffix == ".py":
        name = f"_phobos_aot_{path.stem}"
        spec = importlib.util.spec_from_file_location(name, path)
        if spec is None or spec.loader is None:
            raise PhobosError(f"cannot import {path}")
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        folder = str(path.resolve().parent)
        sys.path.insert(0, folder)
        try:
            spec.loader.exec_module(module)
        except SyntaxError as err:
            raise _not_python(path, err) from None
        except PhobosError:
            raise
        except (Exception, SystemExit) as err:  # the module's own code failed or exited: at its line, not our frames
            raise _import_failed(path, err) from None
        finally:
            sys.modules.pop(name, None)
            sys.path.remove(folder)
        return _module_kernels(module, phobos.Kernel)
    return list(phobos.compile(path).kernels.values())


def _module_kernels(module: object, kind: type) -> list:
    """The kernels a module holds: its own attributes, then those of the classes it
    defines (a kernel def may stand in a class body), each kernel once."""
    found: list = []
    name = vars(module)["__name__"]
    for value in vars(module).values():
        inside = vars(value).values() if isinstance(value, type) and value.__module__ == name else ()
        for v in (value, *inside):
            if isinstance(v, kind) and not any(v is k for k in found):
                found.append(v)
    return found


def _import_failed(path: Path, err: BaseException) -> PhobosError:
    """An exception the module's top-level code raised, at the deepest line of the
    module it passed through (the import's own frames left out)."""
    here = path.resolve()
    where = [frame for frame in traceback.extract_tb(err.__traceback__) if Path(frame.filename).resolve() == here]
    text = f"importing {path.name} raised {type(err).__name__}: {err}"
    note = future_hint.hint(err)
    notes = () if note is None else (note.removeprefix("phobos: "),)
    if not where or where[-1].lineno is None:
        return PhobosError(text, notes=notes)
    line = where[-1].lineno
    source = Source(str(path), path.read_bytes().decode("utf-8", errors="replace"))
    return PhobosError(text, Span(source, line, 1, line, 2), notes=notes)


def _not_python(path: Path, err: SyntaxError) -> PhobosError:
    """Python's refusal of a module's text, at its line: a byte that is not UTF-8
    exactly where it is, any other refusal where Python points."""
    refuse_undecodable(str(path))
    if err.lineno is None:
        return PhobosError(f"Python cannot compile {path}: {err.msg}")
    source = Source(str(path), path.read_bytes().decode("utf-8", errors="replace"))
    column = max(err.offset or 1, 1)
    return PhobosError(
        f"Python cannot compile this module: {err.msg}",
        Span(source, err.lineno, column, err.lineno, column + 1),
    )


def variant_stem(variant: ir.Kernel) -> str:
    return variant.name + "".join(f".{n}-{v}" for n, v in variant.bindings.items())


def variants_in(path: Path) -> Iterator[ir.Kernel]:
    for kernel in kernels_in(path):
        yield from kernel.variants


def output_folder(out: Path) -> None:
    """Make the folder the built files go to, or say why it cannot be one."""
    if out.exists() and not out.is_dir():
        raise PhobosError(f"{out} exists and is not a folder")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise PhobosError(f"cannot make the folder {out}: {exc.strerror or exc}") from None
    if not os.access(out, os.W_OK | os.X_OK):
        raise PhobosError(f"the folder {out} is not writable")


def write_atomic(path: Path, data: bytes, mode: int = 0o666) -> None:
    """Write `data` to a temporary file beside `path` and move it into place, replacing
    whatever file, FIFO or link is there (a directory there is an error). The file gets
    the permissions a plain write with `mode` would (less the umask's), not a temporary
    file's."""
    tmp = path.parent / f".tmp-{secrets.token_hex(8)}"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0), mode)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


def write_output(target: Path, data: bytes) -> None:
    """A built file into the output folder; a failure is named."""
    try:
        write_atomic(target, data)  # a FIFO there is replaced, never waited on
    except OSError as exc:
        raise PhobosError(f"cannot write {target}: {exc.strerror or exc}") from None
