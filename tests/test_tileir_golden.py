"""Gates 0 and 1 of the Tile IR back end. Gate 0: every corpus kernel the back end
accepts (its first variant) is pinned in tests/golden/tileir/ as text (.tileir) and
as bytecode (.tileirbc), byte for byte; `pytest --update-goldens` rewrites both. Gate
1: tileiras assembles every pinned bytecode file, for sm_80 and sm_90, into a cubin
that names its kernel's entry (`phobos_NAME`), and NVIDIA's disassembler reads from each the ops its text
shows (both skipped only where tileiras is not installed). The coverage table,
docs/tileir-coverage.md, is computed from these goldens and must be current.
"""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
from concurrent.futures import ThreadPoolExecutor

import pytest
from golden_programs import GOLDEN, check_golden, golden_kernels

import phobos
from phobos.backends.gpu.abi import entry_symbol
from phobos.backends.tileir.lower import lower_kernel
from phobos.backends.tileir.printer import module_text
from phobos.backends.tileir.writer import write_module
from phobos.errors import PhobosError

TILEIR = GOLDEN / "tileir"
ROOT = GOLDEN.parent.parent


def split() -> tuple[list[tuple[str, phobos.Kernel]], list[tuple[str, PhobosError]]]:
    accepted, refused = [], []
    for name, kernel in golden_kernels():
        try:
            lower_kernel(kernel.variants[0])
        except PhobosError as err:
            refused.append((name, err))
        else:
            accepted.append((name, kernel))
    return accepted, refused


ACCEPTED, REFUSED = split()


def test_the_back_end_takes_the_tile_kernels():
    assert len(ACCEPTED) >= 42, [name for name, _ in ACCEPTED]


def test_every_refusal_is_located_and_names_the_construct():
    for name, err in REFUSED:
        assert err.line is not None, name
        assert "the Tile IR back end does not" in err.message, (name, err.message)


@pytest.mark.parametrize(("name", "kernel"), ACCEPTED, ids=[name for name, _ in ACCEPTED])
def test_text_and_bytes_match_goldens(name: str, kernel: phobos.Kernel, request: pytest.FixtureRequest):
    module = lower_kernel(kernel.variants[0])
    check_golden(TILEIR / f"{name}.tileir", module_text(module), request, "Tile IR text")
    check_golden(TILEIR / f"{name}.tileirbc", write_module(module), request, "Tile IR bytecode")


def test_no_stale_goldens():
    names = {f"{name}.{suffix}" for name, _ in ACCEPTED for suffix in ("tileir", "tileirbc")}
    stale = sorted(p.name for p in TILEIR.iterdir() if p.name not in names) if TILEIR.exists() else []
    assert not stale, f"goldens with no kernel: {stale}"


def test_tileiras_assembles_every_golden():
    from phobos.backends.tileir.assemble import assemble, tileiras

    try:
        tileiras()
    except PhobosError as exc:
        pytest.skip(exc.message)
    jobs = [(name, kernel.name, arch) for name, kernel in ACCEPTED for arch in ("sm_80", "sm_90")]

    def build(job: tuple[str, str, str]) -> str | None:
        name, kernel, arch = job
        try:
            cubin = assemble((TILEIR / f"{name}.tileirbc").read_bytes(), arch, kernel)
        except PhobosError as exc:
            return f"{name} for {arch}: {exc.message}"
        symbol = entry_symbol(kernel)
        return None if f".text.{symbol}".encode() in cubin else f"{name} for {arch}: no `{symbol}` in the cubin"

    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        failures = [f for f in pool.map(build, jobs) if f]
    assert not failures, "\n".join(failures)


def test_the_coverage_table_is_current(request: pytest.FixtureRequest):
    """docs/tileir-coverage.md is computed from the registries and these goldens."""
    spec = importlib.util.spec_from_file_location("tileir_coverage", ROOT / "scripts" / "tileir_coverage.py")
    assert spec is not None and spec.loader is not None
    coverage = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(coverage)
    check_golden(coverage.OUT, coverage.render(), request, "coverage table (scripts/tileir_coverage.py)")


OP_LINE = re.compile(r"^(?:%[^=]+ = )?([a-z_0-9]+)\b")


def op_names(text: str, skip: tuple[str, ...]) -> list[str]:
    """The ops a text form lists, in order; a terminator that passes nothing on, which
    NVIDIA's printer leaves implicit, left out."""
    out = []
    for line in text.splitlines():
        s = re.sub(r"\s+@\d+:\d+$", "", line.strip())  # our printer's source location
        if s and not s.startswith(skip) and s not in ("continue", "yield") and (found := OP_LINE.match(s)):
            out.append(found[1])
    return out


def test_nvidias_disassembler_reads_the_ops_the_text_shows():
    from phobos.backends.tileir.assemble import tileiras, tool_env

    try:
        disasm = tileiras().with_name("tileirdisasm")
    except PhobosError as exc:
        pytest.skip(exc.message)
    for name, _ in ACCEPTED:
        shown = subprocess.run([str(disasm), str(TILEIR / f"{name}.tileirbc")], capture_output=True, text=True,
                               env=tool_env(), check=True).stdout
        ours = op_names((TILEIR / f"{name}.tileir").read_text(), ("}", "^(", "entry", "cuda_tile.module"))
        assert op_names(shown, ("}", "(", "entry")) == ours, name


def test_every_variant_of_an_accepted_kernel_lowers():
    for name, kernel in ACCEPTED:
        for variant in kernel.variants[1:]:
            assert write_module(lower_kernel(variant)).startswith(b"\x7fTileIR\x00"), (name, variant.bindings)


def test_the_f32_gemm_loads_its_tiles_by_tma(tmp_path):
    """The partition views, the assumptions on the arguments (16-byte aligned tensors,
    dims below 2^31 and multiples of 4) and the views' i32 extents together let tileiras
    load the GEMM's tiles with TMA on sm_90."""
    from phobos.backends.tileir.assemble import tileiras, tool_env

    try:
        tool = tileiras()
    except PhobosError as exc:
        pytest.skip(exc.message)
    done = subprocess.run(
        [str(tool), "--gpu-name=sm_90", "--remarks=memory", "-o", str(tmp_path / "gemm.cubin"),
         str(TILEIR / "dot.gemm.tileirbc")], capture_output=True, text=True, env=tool_env(), check=True,
    )
    remarks = done.stdout + done.stderr
    assert "Instruction = TMA Load instruction" in remarks, remarks
    assert "TmaLoadFailed" not in remarks and "Ldgsts" not in remarks, remarks
