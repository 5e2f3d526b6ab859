"""The `phobos` command: `phobos compile PATH --target sm_90 [--emit cuda|ptx|cubin] [-o DIR]`."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from phobos.errors import PhobosError


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="phobos", description="The Phobos kernel compiler.")
    commands = parser.add_subparsers(dest="command", required=True)
    build = commands.add_parser(
        "compile",
        help="build every variant of every kernel in a file, with no GPU needed",
        description="Build every variant of every kernel in a .phobos or .py file for the given "
        "targets. Exits with status 2 where an argument is bad (an -o that cannot be a writable "
        "folder among them), and with status 1 and the error where any variant fails.",
    )
    build.add_argument("path", type=Path, help="a .phobos program or a Python module of @ph.kernel defs")
    build.add_argument(
        "--target", action="append", dest="targets", metavar="SM",
        help="an architecture such as sm_80 or sm_90 (repeat for several; default sm_90)",
    )
    build.add_argument("--emit", choices=("cuda", "ptx", "cubin"), default="cubin",
                       help="what to write: the CUDA C++, PTX, or a cubin (default)")
    build.add_argument("-o", "--output", type=Path, default=Path("."), help="the folder to write to (default .)")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    from phobos.backends.cuda.aot import build_file, output_folder

    try:
        output_folder(args.output)
    except PhobosError as err:
        print(f"phobos compile: error: -o: {err.message}", file=sys.stderr)
        return 2  # a bad argument, as argparse exits for the others
    try:
        built = build_file(args.path, args.targets or ["sm_90"], args.emit, args.output)
    except PhobosError as err:
        print(err, file=sys.stderr)
        return 1
    for b in built:
        variant = f" [{', '.join(f'{n}={v}' for n, v in b.bindings.items())}]" if b.bindings else ""
        where = "" if args.emit == "cuda" else f" for {b.arch}"
        print(f"{b.kernel}{variant}{where}: {b.path} ({b.shared_bytes} bytes of shared memory)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
