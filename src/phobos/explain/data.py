"""What `phobos explain` shows, as data: each source line of a kernel beside the code
it produced, and where each element of each tile lives.

The pairing is the compilers' own record, never a match of texts: the CUDA back end
writes a `#line` directive before each statement's code (the C++ lines below it come
from that source line), NVRTC's `-lineinfo` puts a `.loc` before the PTX of each
line, and the Tile IR printer ends each op with the `@line:column` its location
holds. The placement is the CUDA writer's own plan (fragments.py: the register
layouts its sweeps and products follow, `Layout.placement`; the shared-memory
offset of each other tile): the plan the code shown was written from (plan/kernel.py).
"""

from __future__ import annotations

import math
import os
import re
from collections import Counter
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from phobos.errors import PhobosError
from phobos.ir import nodes as ir
from phobos.ir.specialize import Specialization
from phobos.targets import element_bytes

from .masks import tile_windows

if TYPE_CHECKING:
    from phobos.backends.cuda.plan.kernel import KernelPlan
    from phobos.runtime.kernel import Kernel

LINE = re.compile(r'^\s*#line (\d+) (".*")$')
LOC = re.compile(r"^\s*\.loc\s+(\d+)\s+(\d+)\s+\d+")
FILE = re.compile(r'^\s*\.file\s+(\d+)\s+"(.*?)"')
INLINED_AT = re.compile(r"inlined_at\s+(\d+)\s+(\d+)\s")
OP_AT = re.compile(r"\s@(\d+):\d+$")
# PTX lines that are no instruction: labels, directives, braces, comments.
NOT_AN_INSTRUCTION = re.compile(r"^\s*($|[.$A-Za-z_][\w$]*:|\.|//|[{}])")


def kernel_data(kernel: Kernel, backend: str) -> dict[str, Any]:
    """Everything the page of `kernel` shows: its name, the back end, and one entry
    per variant (its autotune values, its lines and their code, its tiles)."""
    span = kernel.ast.span
    variants = [_variant(kernel, v, backend) for v in kernel.variants]
    lines = [line for v in variants for code in (v["code"], (v["gemm"] or {}).get("code", {})) for line in code]
    first, last = min([span.line, *lines]), max([span.end_line, *lines])
    return {
        "kernel": kernel.name,
        "backend": backend,
        "path": span.path,
        "lines": {str(n): span.source.line_text(n) for n in range(first, last + 1)},
        "variants": variants,
    }


def _variant(kernel: Kernel, variant: ir.Kernel, backend: str) -> dict[str, Any]:
    """One variant: its code by line as a launch on sm_90 writes it (its stages in that
    target's shared memory; for a GEMM kernel, also the code of the lowering such a
    launch runs instead), its tiles, or the refusal."""
    data: dict[str, Any] = {"bindings": dict(variant.bindings), "code": {}, "tiles": [], "staged": [],
                            "refused": None, "gemm": None}
    from phobos.backends.aot import debug_build
    from phobos.ir.specialize import usual

    # the code a launch builds: its prints and asserts in where the kernel asks for debug
    spec = replace(usual(variant), debug=debug_build(kernel) and ir.has_debug(variant))
    try:
        if backend == "tileir":
            data["code"] = _tileir_code(variant, spec)
            return data
        from phobos.backends.aot import fast_math
        from phobos.backends.cuda.runtime.aot import gemm_builds
        from phobos.backends.cuda.write.kernel import staged_shared, written

        gen, writer = written(variant, spec, staged_shared(["sm_90"], variant.occupancy))
        data["code"] = _cuda_code(gen.source, _ptx(gen, variant), variant.span.path)
        data["threads"] = variant.threads
        data["tiles"] = _tiles(writer.plan)
        data["staged"] = _stages(writer.plan)
        for label, _, gemm in gemm_builds(variant, "sm_90", fast_math(kernel))[:1]:
            data["gemm"] = {"label": label, "threads": gemm.threads, "refused": None, "tiles": _accumulator(gemm),
                            "code": _cuda_code(gemm.source, _ptx(gemm, variant), variant.span.path)}
    except PhobosError as err:
        data["refused"] = str(err)
    return data


def _cuda_code(source: str, ptx: str | None, path: str) -> dict[int, dict[str, Any]]:
    """By source line: its C++ lines (those below each `#line` naming it, in the
    entry's body), its PTX instructions and the count of each PTX operation. A PTX
    `.loc` of another file (a prelude function) counts for the kernel's line it is
    inlined at."""
    code: dict[int, dict[str, Any]] = {}
    current = None
    body = source[source.index('extern "C" __global__'):]
    for text in body.splitlines():
        found = LINE.match(text)
        if found:
            current = int(found.group(1))
            continue
        if current is not None and text.strip():
            _at(code, current)["cuda"].append(text)
    lines = (ptx or "").splitlines()
    files = {m.group(1) for m in map(FILE.match, lines)  # NVRTC names the file absolute, after the code
             if m and os.path.abspath(m.group(2)) == os.path.abspath(path)}
    current = None
    for text in lines:
        found = LOC.match(text)
        if found:
            inlined = INLINED_AT.search(text)
            if found.group(1) in files:
                current = int(found.group(2)) or None  # line 0: the entry's own set-up
            elif inlined and inlined.group(1) in files:  # a prelude function inlined at a kernel line
                current = int(inlined.group(2))
            continue
        if current is not None and not NOT_AN_INSTRUCTION.match(text):
            entry = _at(code, current)
            entry["ptx"].append(text.strip())
            entry["ops"][_operation(text)] += 1
    return _folded(code)


# The operations a line is folded to, the first found first: the products, then what
# moves data (global, shared, between lanes), barriers, then the arithmetic that costs.
MAIN = ("wgmma", "mma", "cp.async", "ldmatrix", "ld.global", "st.global", "ld.shared", "st.shared", "shfl", "bar",
        "atom", "red", "fma", "ex2", "rcp", "div", "sqrt")


def _main_first(ops: Counter[str]) -> list[tuple[str, int]]:
    """The operations and their counts, those of MAIN first (in its order), the others
    after by count."""
    def rank(item: tuple[str, int]) -> tuple[int, int]:
        op, count = item
        first = next((k for k, prefix in enumerate(MAIN) if op.startswith(prefix)), len(MAIN))
        return first, -count

    return sorted(ops.items(), key=rank)


def _folded(code: dict[int, dict[str, Any]]) -> dict[int, dict[str, Any]]:
    """Each line's code with its operations counted, the main ones first."""
    return {line: {**entry, "ops": _main_first(entry["ops"])} for line, entry in code.items()}


def _at(code: dict[int, dict[str, Any]], line: int) -> dict[str, Any]:
    return code.setdefault(line, {"cuda": [], "ptx": [], "tileir": [], "ops": Counter()})


def _operation(ptx_line: str) -> str:
    """An instruction's operation without its guard and its type suffixes past the
    second part (`mma.sync`, `ld.shared`, `fma.rn`)."""
    words = ptx_line.split()
    op = words[1] if words[0].startswith("@") and len(words) > 1 else words[0]
    return ".".join(op.rstrip(";").split(".")[:2])


def _each_line_placed(source: str) -> str:
    """The source with its last `#line` repeated before every line of code after it: a
    `#line N` tells the compiler the next line is line N and the one after N + 1, but
    the writer places a statement's whole code at its line, so that is what each line
    of it is told here (the code itself unchanged)."""
    out, current = [], None
    for text in source.splitlines():
        found = LINE.match(text)
        if found:
            current = f"#line {found.group(1)} {found.group(2)}"
        elif current is not None and text.strip() and not text.lstrip().startswith("#"):
            out.append(current)
        out.append(text)
    return "\n".join(out) + "\n"


def _ptx(gen: Any, variant: ir.Kernel) -> str | None:
    """The variant's PTX for sm_90 with NVRTC's line information, each line of a
    statement's code placed at the statement's line; None without NVRTC (the cuda
    extra) or where NVRTC refuses it."""
    from phobos.backends.cuda.runtime.compile import nvrtc_run, options
    from phobos.errors import PhobosError

    target = gen.target("sm_90").replace("sm_", "compute_")
    try:
        run = nvrtc_run(_each_line_placed(gen.source), gen.name, [f"-arch={target}", *options(gen.fused), "-lineinfo"],
                        "ptx")
    except PhobosError:  # the cuda extra is not installed
        return None
    return None if run.code is None else run.code.rstrip(b"\0 ").decode()


def _tileir_code(variant: ir.Kernel, spec: Specialization) -> dict[int, dict[str, Any]]:
    """By source line: the Tile IR ops whose location is on it."""
    from phobos.backends.tileir.lower import lower_kernel
    from phobos.backends.tileir.printer import module_text

    code: dict[int, dict[str, Any]] = {}
    for text in module_text(lower_kernel(variant, spec)).splitlines():
        found = OP_AT.search(text)
        if found:
            entry = _at(code, int(found.group(1)))
            entry["tileir"].append(text.strip())
            entry["ops"][text.split("=", 1)[-1].split()[0]] += 1
    return _folded(code)


def _accumulator(gemm: Any) -> list[dict[str, Any]]:
    """The GEMM kernel's accumulator as its plan places it (gemm_plan.wgmma_fragment):
    consumer warpgroup g is the CTA's warpgroup g + 1 (warpgroup 0 loads the stages)."""
    from phobos.backends.cuda.gemm.gemm_plan import GemmPlan
    from phobos.backends.cuda.layout.groups import WARPGROUP

    plan = gemm.gemm
    if not isinstance(plan, GemmPlan):
        return []
    holders = [plan.fragment.holder(i, j) for i in range(plan.bm) for j in range(plan.bn)]
    return [{"name": "acc", "type": f"tile<{plan.accumulator}>[{plan.bm}, {plan.bn}]", "rows": plan.bm,
             "cols": plan.bn, "kind": "registers", "packed": False, "replicated_over": 0,
             "layout": f"{plan.instruction}'s accumulator, {plan.consumers} consumer warpgroup(s)",
             "thread": [WARPGROUP * (g + 1) + t for g, t, _ in holders], "register": [r for _, _, r in holders]}]


def _tiles(plan: KernelPlan) -> list[dict[str, Any]]:
    """Each tile variable of the variant: where each element lives."""
    registers = plan.registers
    windows = tile_windows(plan.kernel)
    tiles = []
    for sym in plan.tiles:
        shape = sym.vtype.shape
        rows, cols = math.prod(shape[:-1]), shape[-1]
        tile: dict[str, Any] = {"name": sym.name, "type": str(sym.vtype), "rows": rows, "cols": cols,
                                "shape": list(shape), "window": windows.get(sym)}
        if sym in registers:
            spread = sym in registers.spread
            layout = registers.layout_of(sym)
            fragment = layout.placement(spread)
            holders = [fragment.holder(i, j if spread else 0) for i in range(rows) for j in range(cols)]
            tile.update(kind="registers", layout=layout.describe(), packed=registers.packed(sym),
                        replicated_over=0 if spread else layout.width,
                        thread=[h[1] for h in holders], register=[h[2] for h in holders])
        elif sym in plan.shared:
            size = element_bytes(sym.vtype.dtype)
            tile.update(kind="shared", base=plan.shared[sym], element=size, swizzle="none")
        tiles.append(tile)
    return tiles


def _stages(plan: KernelPlan) -> list[dict[str, Any]]:
    """Each operand a product stages in shared memory, as the product's plan lays it out
    (plan/products.py, layout/stages.py): on wgmma where sm_90a takes the product, on
    mma.sync (sm_80 and on) and for blocked multiply-adds, each element's byte offset
    from its stage's first."""
    found = []
    for product in plan.products.values():
        at = f"dot at {product.product.span.line}:{product.product.span.column}"
        for stages, reader in ((product.wgmma, "wgmma on sm_90a"), (product.mma, "mma.sync from sm_80"),
                               (product.blocked, "multiply-adds")):
            for operand, stage in zip("AB", stages or (), strict=False):
                if stage is not None:
                    found.append(_stage(stage, f"{at}, {operand} staged for {reader}"))
    return found


def _stage(stage: Any, name: str) -> dict[str, Any]:
    """One staged operand: its stored rows (the operand's columns where it is turned)."""
    rows, cols = stage.stored.type.shape
    return {"name": name, "type": f"{stage.stored.type}{', stored turned' if stage.turned else ''}", "rows": rows,
            "cols": cols, "shape": [rows, cols], "window": None, "kind": "shared", "base": 0,
            "element": stage.element, "swizzle": stage.describe,
            "offset": [stage.byte_offset(i, j) for i in range(rows) for j in range(cols)]}

