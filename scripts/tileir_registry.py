"""Write the Tile IR registries of NVIDIA's cuda-tile repository as data Phobos reads.

    python3 scripts/tileir_registry.py GIT_DIR [COMMIT]

GIT_DIR is a clone (or bare mirror) of github.com/NVIDIA/cuda-tile; COMMIT defaults to
HEAD. The script reads, with `git show`, the frozen opcode, type-tag and attribute-tag
registries (include/cuda_tile/Dialect/CudaTile/IR/Bytecode*.td), the supported bytecode
versions, every public op's operands, attributes, results and regions in declaration
order (Ops.td: the order the bytecode writes them in), and every enum's cases
(AttrDefs.td). It writes src/phobos/backends/tileir/registry.py, recording the commit.
The facts are numbers and names; none of the repository's code or prose is copied.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "src" / "phobos" / "backends" / "tileir" / "registry.py"
IR = "include/cuda_tile/Dialect/CudaTile/IR"


def show(git_dir: str, commit: str, path: str) -> str:
    return subprocess.run(
        ["git", "--git-dir", git_dir, "show", f"{commit}:{path}"], check=True, capture_output=True, text=True
    ).stdout


def public_part(text: str) -> str:
    """The text outside `#ifdef TILE_IR_INCLUDE_TESTS` blocks: the public release."""
    return re.sub(r"#ifdef TILE_IR_INCLUDE_TESTS.*?#endif[^\n]*", "", text, flags=re.S)


def opcodes(text: str) -> dict[str, int]:
    return {m[1]: int(m[2], 16) for m in re.finditer(r"PublicOpcode<CudaTile_(\w+),\s*0x([0-9A-Fa-f]+)>", text)}


def versions(text: str) -> list[str]:
    return [f"{m[1]}.{m[2]}" for m in re.finditer(r"SupportedVersion<(\d+),\s*(\d+)>", text)]


def type_tags(text: str) -> list[tuple[str, int, str]]:
    """(name, tag, since) of every public type tag; a `// 13.x types.` comment opens each release."""
    out = []
    since = "13.1"
    for line in text.splitlines():
        if m := re.match(r"// (\d+\.\d+) types\.", line.strip()):
            since = m[1]
        if m := re.match(r'def : \w+TypeTag<"(\w+)",\s*(\d+)', line.strip()):
            out.append((m[1], int(m[2]), since))
    return out


def attr_tags(text: str) -> list[tuple[str, int]]:
    return [(m[1], int(m[2])) for m in re.finditer(r'BytecodeAttrTag<"(\w+)",\s*(\d+)>', text)]


def split_top(text: str) -> list[str]:
    """Split at the commas not inside <>, (), [] or a string."""
    parts, depth, cur, quoted = [], 0, [], False
    for ch in text:
        if ch == '"':
            quoted = not quoted
        elif not quoted and ch in "<([":
            depth += 1
        elif not quoted and ch in ">)]":
            depth -= 1
        if ch == "," and depth == 0 and not quoted:
            parts.append("".join(cur))
            cur = []
        else:
            cur.append(ch)
    if "".join(cur).strip():
        parts.append("".join(cur))
    return [p.strip() for p in parts]


def block(body: str, key: str) -> str | None:
    """The text inside `let KEY = (ins|outs ...);` or `let regions = (region ...);`."""
    m = re.search(rf"let {key}\s*=\s*\((?:ins|outs|region)\b", body)
    if not m:
        return None
    depth, i = 1, m.end()
    start = i
    while depth:
        depth += {"(": 1, ")": -1}.get(body[i], 0)
        i += 1
    return body[start : i - 1]


def arg_kind(constraint: str) -> str:
    """What an argument is, as the bytecode writer treats it."""
    if constraint.startswith("Variadic<"):
        return "variadic"
    if constraint.startswith("Optional<"):
        return "optional"
    if constraint == "UnitAttr":
        return "unit_attr"
    if constraint.startswith(("OptionalAttr<", "DefaultValuedOptionalAttr<")):
        return "optional_attr"
    if constraint.startswith("DefaultValuedAttr<"):
        return "default_attr"
    if "Attr" in constraint:
        return "attr"
    return "operand"


def named_args(text: str, enum_names: set[str] = frozenset()) -> list[tuple]:
    """(name, kind, since) of each `CudaTileArg<CONSTRAINT, DESC, "SINCE", ...>:$name`, and
    for an attribute holding one of `enum_names`, the enum's name too."""
    out = []
    for part in split_top(text):
        m = re.match(r"CudaTileArg<(.*)>\s*:\s*\$(\w+)$", part, re.S)
        if not m:
            raise ValueError(f"cannot read the argument {part!r}")
        fields = split_top(m[1])
        since = next(f.strip('"') for f in fields[2:] if re.fullmatch(r'"\d+\.\d+"', f))
        row: tuple = (m[2], arg_kind(fields[0]), since)
        held = re.search(r"CudaTile_(\w+?)Attr\b", fields[0])
        if row[1].endswith("attr"):
            if held and held[1] in enum_names:
                row += (held[1],)
        out.append(row)
    return out


def ops(text: str, codes: dict[str, int], enum_names: set[str]) -> list[dict]:
    out = []
    for cpp, code in sorted(codes.items(), key=lambda kv: kv[1]):
        m = re.search(rf"^def CudaTile_{cpp}\s*:\s*(\w+)<\s*\"(\w+)\",\s*\"(\d+\.\d+)\"", text, re.M)
        if not m:
            raise ValueError(f"no definition of {cpp}")
        end = text.find("\ndef ", m.end())
        body = text[m.start() : end]
        args = block(body, "arguments")
        results = block(body, "results")
        regions = block(body, "regions")
        head = body[: body.find("{")]
        parent = re.search(rf"^class {m[1]}\b.*?\{{", text, re.M | re.S)  # traits a base class adds
        attr_sized = "AttrSizedOperandSegments" in head + (parent[0] if parent else "")
        out.append(
            {
                "name": m[2],
                "opcode": code,
                "since": m[3],
                "args": named_args(args, enum_names) if args else [],
                "results": [(n, k) for n, k, _ in named_args(results)] if results else [],
                "regions": len(split_top(regions)) if regions else 0,
                "attr_sized_operands": attr_sized,
            }
        )
    return out


def enums(text: str) -> dict[str, list[tuple[str, int, str, str]]]:
    """Each enum's cases: (name, value, since, spelling)."""
    out = {}
    for m in re.finditer(r'CudaTileI32EnumAttr<\s*"(\w+)"', text):
        body = text[m.end() : text.find("]>", m.end())]
        cases = re.findall(r'CudaTileI32EnumAttrCase<".*?",\s*"(\w+)",\s*(\d+),\s*"(\d+\.\d+)",\s*"(\w+)">', body, re.S)
        out[m[1]] = [(name, int(value), since, spelling) for name, value, since, spelling in cases]
    return out


def main(git_dir: str, commit: str = "HEAD") -> None:
    sha = subprocess.run(
        ["git", "--git-dir", git_dir, "rev-parse", commit], check=True, capture_output=True, text=True
    ).stdout.strip()
    opcode_td = public_part(show(git_dir, sha, f"{IR}/BytecodeOpcodes.td"))
    codes = opcodes(opcode_td)
    enum_rows = enums(show(git_dir, sha, f"{IR}/AttrDefs.td"))
    op_rows = ops(public_part(show(git_dir, sha, f"{IR}/Ops.td")), codes, set(enum_rows))
    lines = [
        '"""The Tile IR registries, as data: generated by scripts/tileir_registry.py; do not edit.',
        "",
        f"From github.com/NVIDIA/cuda-tile at {sha}: the frozen opcodes, type tags and",
        "attribute tags, the bytecode versions, each public op's arguments in declaration order",
        "(name, kind, since), its results (name, kind) and region count, and every enum's cases",
        "(name, value, since, spelling); an attribute that holds an enum names it fourth.",
        '"""',
        "",
        "from __future__ import annotations",
        "",
        f"CUDA_TILE_COMMIT = {sha!r}",
        f"VERSIONS = {versions(opcode_td)!r}",
        "",
        "OPS = [",
    ]
    lines += [f"    {row!r}," for row in op_rows]
    lines += ["]", "", "TYPE_TAGS = ["]
    lines += [f"    {row!r}," for row in type_tags(public_part(show(git_dir, sha, f"{IR}/BytecodeTypeOpcodes.td")))]
    lines += ["]", "", "ATTRIBUTE_TAGS = ["]
    lines += [f"    {row!r}," for row in attr_tags(public_part(show(git_dir, sha, f"{IR}/BytecodeAttrOpcodes.td")))]
    lines += ["]", "", "ENUMS = {"]
    for name, cases in enum_rows.items():
        lines.append(f"    {name!r}: [")
        lines += [f"        {case!r}," for case in cases]
        lines.append("    ],")
    lines += ["}", ""]
    OUT.write_text("\n".join(lines))
    print(f"wrote {OUT} from {sha}: {len(op_rows)} ops")


if __name__ == "__main__":
    main(*sys.argv[1:])
