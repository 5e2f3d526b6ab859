"""The `phobos` command: `phobos compile PATH [--backend cuda|tileir] --target sm_90
[--emit cuda|ptx|cubin|tileir|bytecode] [-o DIR]`, `phobos explain PATH [--kernel K]
[--backend cuda|tileir] [-o DIR or page.html]`, `phobos cache list|size|clear` and
`phobos --version`."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from phobos.errors import PhobosError

EMITS = {"cuda": ("cuda", "ptx", "cubin"), "tileir": ("tileir", "bytecode", "cubin")}


def _parser() -> argparse.ArgumentParser:
    from phobos import __version__
    from phobos.backends.tileir.assemble import ARCHES as TILEIR_ARCHES
    from phobos.targets import ARCHES as CUDA_ARCHES

    parser = argparse.ArgumentParser(prog="phobos", description="The Phobos kernel compiler.")
    parser.add_argument("--version", action="version", version=f"phobos {__version__}")
    commands = parser.add_subparsers(dest="command", required=True)
    build = commands.add_parser(
        "compile",
        help="build every variant of every kernel in a file, with no GPU needed",
        description="Build every variant of every kernel in a .phobos or .py file for the given "
        "targets, each in its kernel's math_mode, into files named after the kernel (two different "
        "kernels of one name in a .py module are an error), variants in parallel over the machine's "
        "cores. A variant a target refuses is reported with the reason, and every other is built. "
        "Exits with status 2 where an argument is bad (an unknown --target, or an -o that cannot be a "
        "writable folder, among them), and with status 1 where the file cannot be read or any variant "
        "was refused.",
    )
    build.add_argument("path", type=Path, help="a .phobos program or a Python module of @ph.kernel defs")
    build.add_argument(
        "--backend", choices=tuple(EMITS), default="cuda",
        help="cuda: CUDA C++ through NVRTC (default); tileir: CUDA Tile IR through tileiras",
    )
    build.add_argument(
        "--target", action="append", dest="targets", metavar="SM",
        help="an architecture (repeat for several; default sm_90); each is checked, --emit cuda too. "
        f"The cuda back end builds for {', '.join(CUDA_ARCHES)}; the tileir back end for "
        f"{', '.join(TILEIR_ARCHES)}",
    )
    build.add_argument("--emit", choices=("cuda", "ptx", "cubin", "tileir", "bytecode"), default="cubin",
                       help="what to write: the CUDA C++ or PTX (cuda back end), the Tile IR text or "
                       "bytecode (tileir back end), or a cubin (default)")
    build.add_argument("-o", "--output", type=Path, default=Path("."), help="the folder to write to (default .)")
    build.add_argument("--kernel", action="append", dest="kernels", default=[], metavar="NAME",
                       help="build this kernel only (repeat for several; default every kernel of the file)")
    build.add_argument("-j", "--jobs", type=_jobs, default=None, metavar="N",
                       help="variants built at once (default: one a core)")
    shown = commands.add_parser(
        "explain",
        help="write a page a kernel: each source line beside its code, and where each tile element lives",
        description="Write one self-contained HTML page a kernel of a .phobos or .py file: each source line "
        "beside the CUDA C++ and PTX (or Tile IR) it produced, and, for the CUDA back end, which thread and "
        "register (or shared-memory byte) holds each element of each tile, for every variant. No GPU needed.",
    )
    shown.add_argument("path", type=Path, help="a .phobos program or a Python module of @ph.kernel defs")
    shown.add_argument("--backend", choices=tuple(EMITS), default="cuda")
    shown.add_argument("--kernel", action="append", dest="kernels", default=[], metavar="NAME",
                       help="this kernel only (repeat for several; default every kernel of the file)")
    shown.add_argument("-o", "--output", type=Path, default=Path("."),
                       help="a folder for KERNEL.html (default .), or a page.html where the file gives one kernel")
    kept = commands.add_parser(
        "cache",
        help="what the disk cache of compiled kernels holds, or empty it",
        description="The disk cache (PHOBOS_CACHE_DIR, else ~/.cache/phobos): `list` its entries by kind, "
        "`size` their total, `clear` them (the files Phobos keeps there, and nothing else).",
    )
    kept.add_argument("action", choices=("list", "size", "clear"))
    return parser


def _cache(action: str) -> int:
    from phobos.backends.gpu import cache

    if action == "clear":
        files, size = cache.clear()
        print(f"removed {files} file{'s' if files != 1 else ''} ({size} bytes) from {cache.cache_dir()}")
        return 0
    folder, kinds = cache.contents()
    total = sum(size for _, size in kinds.values())
    if action == "size":
        print(f"{total} bytes in {folder}")
        return 0
    print(f"{folder}: {sum(files for files, _ in kinds.values())} files, {total} bytes")
    for kind, (files, size) in sorted(kinds.items()):
        print(f"  {kind}: {files} file{'s' if files != 1 else ''}, {size} bytes")
    return 0


def _explain(args: argparse.Namespace) -> int:
    from phobos.backends.files import output_folder
    from phobos.explain import explain_file, names_a_page

    try:
        output_folder(args.output.parent if names_a_page(args.output) else args.output)
    except PhobosError as err:
        return _bad_argument("explain", "-o", err)
    try:
        pages = explain_file(args.path, args.output, args.backend, tuple(args.kernels))
    except PhobosError as err:
        print(err, file=sys.stderr)
        return 1
    for page in pages:
        print(page)
    return 0


def _bad_argument(command: str, option: str, err: PhobosError) -> int:
    print(f"phobos {command}: error: {option}: {err.message}", file=sys.stderr)
    return 2  # as argparse exits for the other bad arguments


def main(argv: list[str] | None = None) -> int:
    """The command line; an interrupt (Ctrl-C, or a KeyboardInterrupt a built module's
    code raises) ends it with status 130 and a line saying so, not a traceback."""
    try:
        return _command(argv)
    except KeyboardInterrupt:
        print("phobos: interrupted", file=sys.stderr)
        return 130


def _jobs(text: str) -> int:
    """-j's count: a positive number of variants built at once."""
    try:
        jobs = int(text)
    except ValueError:
        jobs = 0
    if jobs < 1:
        raise argparse.ArgumentTypeError(f"-j takes a positive number of variants built at once, not {text!r}")
    return jobs


def _command(argv: list[str] | None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    if args.command == "cache":
        return _cache(args.action)
    if args.command == "explain":
        return _explain(args)
    if args.emit not in EMITS[args.backend]:
        return _bad_argument("compile", "--emit", PhobosError(
            f"{args.emit} is not something the {args.backend} back end writes (it writes "
            f"{', '.join(EMITS[args.backend])})"))
    from phobos.backends.files import output_folder

    if args.backend == "tileir":
        from phobos.backends.tileir.aot import build_file
        from phobos.backends.tileir.assemble import check_arch
    else:
        from phobos.backends.cuda.runtime.aot import build_file
        from phobos.backends.cuda.runtime.compile import check_arch
    targets = args.targets or ["sm_90"]
    try:
        for target in targets:
            check_arch(target)
    except PhobosError as err:
        return _bad_argument("compile", "--target", err)
    try:
        output_folder(args.output)
    except PhobosError as err:
        return _bad_argument("compile", "-o", err)
    try:
        report = build_file(args.path, targets, args.emit, args.output, tuple(args.kernels), args.jobs)
    except PhobosError as err:
        print(err, file=sys.stderr)
        return 1
    for b in report.built:
        where = "" if b.arch is None or args.emit == "cuda" else f" for {b.arch}"
        shared = f" ({b.shared_bytes} bytes of shared memory)" if args.backend == "cuda" else ""
        print(f"{b.kernel}{_bindings(b.bindings)}{where}: {b.path}{shared}")
        for text in getattr(b, "lowering", ()):
            print(f"  {text}")
    # a variant may be refused whole, or only some of its files (a Tile IR cubin tileiras fails on)
    partly = {(b.kernel, tuple(b.bindings.items())) for b in report.built}
    for r in report.refused:  # each error names its kernel and line; a variant's values follow it
        print(r.error, file=sys.stderr)
        if r.bindings:
            rest = ("whose other files were built" if (r.kernel, tuple(r.bindings.items())) in partly
                    else "which was not built")
            print(f"  note: in the variant{_bindings(r.bindings)} of `{r.kernel}`, {rest}", file=sys.stderr)
    if report.refused:
        keys = [(r.kernel, tuple(r.bindings.items())) for r in report.refused]
        whole, files = len(set(keys) - partly), sum(1 for k in keys if k in partly)
        said = [f"{whole} variant{'s' if whole != 1 else ''} refused"] if whole else []
        said += [f"{files} file{'s' if files != 1 else ''} not built"] if files else []
        print(f"phobos compile: {len(report.built)} file{'s' if len(report.built) != 1 else ''} built; "
              f"{', '.join(said)} (above)", file=sys.stderr)
        return 1
    return 0


def _bindings(bindings: dict[str, int]) -> str:
    return f" [{', '.join(f'{n}={v}' for n, v in bindings.items())}]" if bindings else ""


if __name__ == "__main__":
    sys.exit(main())
