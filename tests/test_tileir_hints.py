"""The entry's optimization hints (`@occupancy(n)`): checked where the attribute is
written, carried on the Tile IR entry as text and bytes, encoded as cuTile Python
encodes the same hints, and taken by tileiras into the cubin's register limit."""

from __future__ import annotations

import io
import re
import subprocess
from pathlib import Path

import pytest

import phobos
import phobos.lang as ph
from phobos.backends.tileir import model as m
from phobos.backends.tileir.encoding import read_uvarint
from phobos.backends.tileir.lower import lower_kernel
from phobos.backends.tileir.printer import module_text
from phobos.backends.tileir.writer import MAGIC, write_module
from phobos.errors import PhobosError
from phobos.ir.text import kernel_text

ADD = """\
{attrs}
kernel add(X: tensor<f32>[N], Z: tensor<f32>[N]) {{
  let i = ctx.block.x * 1024
  Z[i :+ 1024] = X[i :+ 1024] + 1.0
}}
"""


def kernel(attrs: str) -> phobos.Module:
    return phobos.compile(ADD.format(attrs=attrs), path="t.phobos")


def refused(attrs: str, message: str, column: int) -> None:
    with pytest.raises(PhobosError) as info:
        kernel(attrs)
    err = info.value
    assert message in err.message, err.message
    assert (err.path, err.line, err.column) == ("t.phobos", 1 + attrs.count("\n"), column), str(err)


# ---------------------------------------------------------------- the attribute


def test_occupancy_is_kept_in_the_ir_and_an_autotune_name_makes_it_a_dimension():
    assert kernel("@occupancy(2)").kernels["add"].variants[0].occupancy == 2
    assert kernel("").kernels["add"].variants[0].occupancy is None
    tuned = kernel("@autotune(OCC in [1, 4])\n@occupancy(OCC)").kernels["add"]
    assert [v.occupancy for v in tuned.variants] == [1, 4]
    assert kernel_text(tuned.variants[1]).startswith("kernel add [OCC=4] threads=128 occupancy=4\n")


@pytest.mark.parametrize(("attrs", "message", "column"), [
    ("@occupancy(0)", "@occupancy(0): an SM holds 1 to 32 CTAs of a kernel", 1),
    ("@occupancy(33)", "@occupancy(33): an SM holds 1 to 32 CTAs of a kernel", 1),
    ("@autotune(OCC in [2, 64])\n@occupancy(OCC)", "@occupancy(64): an SM holds 1 to 32", 1),
    ("@occupancy(OCC)", "@occupancy takes a count of CTAs (a number or an @autotune name); `OCC` is neither", 12),
    ("@occupancy(2)\n@occupancy(4)", "attribute @occupancy is given twice", 1),
])
def test_a_wrong_occupancy_is_refused_where_it_is_written(attrs: str, message: str, column: int):
    refused(attrs, message, column)


def test_occupancy_takes_a_number_or_a_name_in_the_grammar():
    with pytest.raises(PhobosError, match="a count of CTAs"):
        kernel("@occupancy(2.5)")


def test_python_spells_it_ph_occupancy():
    @ph.kernel
    @ph.autotune(OCC=[1, 2])
    @ph.occupancy("OCC")
    def scale(X: ph.tensor[ph.f32][N]):  # noqa: F821
        X[0] = 1.0

    assert [v.occupancy for v in scale.variants] == [1, 2]
    assert "@occupancy(OCC)" in scale.phobos_source


# ---------------------------------------------------------------- the module


def entry_of(module: phobos.Module, index: int = 0) -> m.Module:
    return lower_kernel(module.kernels["add"].variants[index])


def test_the_entry_carries_the_hint_for_every_target_and_none_without_it():
    text = module_text(entry_of(kernel("@occupancy(8)")))
    assert "entry @phobos_add(" in text and ") optimization_hints=<default = {occupancy = 8}> {" in text
    assert "entry @phobos_add(%0: tile<ptr<f32>>, %1: tile<ptr<f32>>, %2: tile<i64>) {" in module_text(
        entry_of(kernel("")))


def entry_head(data: bytes) -> tuple:
    """The first entry's flags and hints, each string and type id replaced by what it
    names, so two writers' bytes compare whatever ids their tables gave."""
    assert data[:8] == MAGIC
    pos, found = 12, {}
    while data[pos] != 0:
        head = data[pos]
        length, pos = read_uvarint(data, pos + 1)
        if head & 0x80:
            alignment, pos = read_uvarint(data, pos)
            pos += -pos % alignment
        found[head & 0x7F] = data[pos : pos + length]
        pos += length

    def table(section: bytes) -> list[bytes]:
        count, at = read_uvarint(section, 0)
        at += -at % 4
        offsets = [int.from_bytes(section[at + 4 * i : at + 4 * i + 4], "little") for i in range(count)]
        base = at + 4 * count
        return [section[base + a : base + b] for a, b in zip(offsets, [*offsets[1:], len(section) - base], strict=True)]

    strings, types = table(found[0x01]), table(found[0x05])
    funcs = found[0x02]
    fields = []
    at = 0
    for _ in range(3):  # the entry count, its name, its signature
        _, at = read_uvarint(funcs, at)
    flags = funcs[at]
    _, at = read_uvarint(funcs, at + 1)  # its location
    if not flags & 0x04:
        return (flags,)
    tag, at = read_uvarint(funcs, at)
    archs, at = read_uvarint(funcs, at)
    for _ in range(archs):
        arch, at = read_uvarint(funcs, at)
        dict_tag, at = read_uvarint(funcs, at)
        count, at = read_uvarint(funcs, at)
        hints = []
        for _ in range(count):
            name, at = read_uvarint(funcs, at)
            int_tag, at = read_uvarint(funcs, at)
            type_id, at = read_uvarint(funcs, at)
            value, at = read_uvarint(funcs, at)
            hints.append((strings[name], int_tag, types[type_id], value))
        fields.append((strings[arch], dict_tag, tuple(hints)))
    return (flags, tag, tuple(fields))


def test_the_bytes_are_the_entry_flag_then_the_tagged_hints_after_its_location():
    assert entry_head(write_module(entry_of(kernel("")))) == (0x02,)
    assert entry_head(write_module(entry_of(kernel("@occupancy(2)")))) == (
        0x06, 0x0B, ((b"default", 0x0A, ((b"occupancy", 0x01, b"\x03", 2),)),),  # i32 is type tag 3
    )


def test_the_bytes_are_cutile_pythons_for_the_same_hints():
    ct = pytest.importorskip("cuda.tile")
    from cuda.tile._cext import CallingConvention
    from cuda.tile.compilation import ArrayConstraint, KernelSignature, export_kernel

    def copy(a, tile):
        ct.store(a, index=(ct.bid(0),), tile=ct.load(a, index=(ct.bid(0),), shape=(tile,)))

    copy.__annotations__ = {"tile": ct.Constant[int]}  # an object: this file's annotations are strings
    copy = ct.kernel(copy, num_ctas=2, occupancy=ct.ByTarget(sm_90=3, default=2), num_worker_warps=8)
    array = ArrayConstraint(ct.float32, 1, index_dtype=ct.int32, stride_lower_bound_incl=0, alias_groups=[],
                            may_alias_internally=False, stride_constant=[1], shape_divisible_by=16,
                            base_addr_divisible_by=16)
    theirs = io.BytesIO()
    export_kernel(copy, [KernelSignature([array, 64], CallingConvention.cutile_python_v1())], theirs,
                  output_format="tileir_bytecode", bytecode_version="13.3")
    ours = entry_of(kernel(""))
    ours.entries[0].hints = m.Hints((
        ("default", (("num_cta_in_cga", 2), ("occupancy", 2), ("num_worker_warps_per_cta", 8))),
        ("sm_90", (("occupancy", 3),)),  # cuTile writes a target's own values alone
    ))
    assert entry_head(write_module(ours)) == entry_head(theirs.getvalue())


# ---------------------------------------------------------------- tileiras


def cubin_limits(module: m.Module, tmp_path: Path) -> tuple[int, int]:
    """The cubin's register cap and register count for sm_90 (skipped without tileiras
    or nvdisasm)."""
    from phobos.backends.tileir.assemble import assemble

    try:
        import nvidia.cu13
    except ImportError:
        pytest.skip("no nvidia.cu13 (nvdisasm)")
    nvdisasm = Path(next(iter(nvidia.cu13.__path__))) / "bin" / "nvdisasm"
    if not nvdisasm.exists():
        pytest.skip("no nvdisasm")
    try:
        cubin = assemble(write_module(module), "sm_90", "add")
    except PhobosError as exc:
        pytest.skip(exc.message)
    path = tmp_path / "add.cubin"
    path.write_bytes(cubin)
    text = subprocess.run([str(nvdisasm), str(path)], capture_output=True, text=True, check=True).stdout
    cap = re.search(r"EIATTR_MAXREG_COUNT.*?\.byte\s+0x03, 0x1b\s+/\*\w+\*/\s+\.short\s+(0x\w+)", text, re.S)
    used = re.search(r"EIATTR_REGCOUNT.*?\.word\s+index@\(\w+\)\s+/\*\w+\*/\s+\.word\s+(0x\w+)", text, re.S)
    assert cap and used, text[-3000:]
    return int(cap.group(1), 16), int(used.group(1), 16)


def test_tileiras_caps_the_registers_for_the_occupancy_asked(tmp_path):
    cap, _ = cubin_limits(entry_of(kernel("")), tmp_path)
    assert cap == 255
    cap, used = cubin_limits(entry_of(kernel("@occupancy(8)")), tmp_path)
    assert cap == 64 and used <= 64  # 65536 registers over 8 CTAs of 128 threads


# ------------------------------------------------------ the twin a launch times beside it

PRODUCT = """\
{attrs}
kernel g(A: tensor<bf16>[M, K], B: tensor<bf16>[K, N], C: tensor<f32>[M, N]) {{
  let m0 = ctx.block.y * 64
  let n0 = ctx.block.x * 64
  var acc: tile<f32>[64, 64] = 0.0
  for k in range(0, K, 32) {{
    acc += dot(A[m0 :+ 64, k :+ 32], B[k :+ 32, n0 :+ 64])
  }}
  C[m0 :+ 64, n0 :+ 64] = acc
}}
"""


def product(attrs: str = "") -> phobos.Kernel:
    return phobos.compile(PRODUCT.format(attrs=attrs), path="g.phobos").kernels["g"]


def test_a_product_has_a_twin_at_two_ctas_an_sm_and_a_kernel_without_one_none():
    from phobos.backends.tileir.launch import OCCUPANCY_BINDING, lowered, occupancy_twin

    variant = product("@autotune(W in [1])").variants[0]
    twin = occupancy_twin(variant)
    assert twin is not None and twin is occupancy_twin(variant)  # one object: modules are kept by variant
    assert twin.occupancy == 2 and twin.bindings == {"W": 1, OCCUPANCY_BINDING: 2}
    assert twin.body is variant.body and variant.occupancy is None
    assert "optimization_hints=<default = {occupancy = 2}>" in lowered(twin)[0].source
    assert "optimization_hints" not in lowered(variant)[0].source
    assert occupancy_twin(kernel("").kernels["add"].variants[0]) is None  # no product: memory-bound
    assert occupancy_twin(product("@occupancy(1)").variants[0]) is None  # the kernel's own choice stands


def test_a_launch_times_the_twin_through_tile_ir_only_where_asked_and_its_module_can_run(monkeypatch):
    from phobos.backends.tileir import launch as tileir_launch
    from phobos.ir.specialize import ANY
    from phobos.runtime import backend

    variant = product().variants[0]
    twin = tileir_launch.occupancy_twin(variant)
    asked: list[object] = []

    def twin_runs(v: object, spec: object, device_id: int) -> bool:
        asked.append(v)
        return ok

    monkeypatch.setattr(tileir_launch, "twin_runs", twin_runs)
    runnable = [(variant, (4, 4, 1))]
    on = {b: backend.DeviceArguments({}, {}, 0, b) for b in ("tileir", "cuda")}
    ok = True
    monkeypatch.setenv(tileir_launch.ENV_OCCUPANCY_TWINS, "0")
    assert backend.tuning_twins(on["tileir"], runnable, ANY) == [] and asked == []  # turned off
    monkeypatch.delenv(tileir_launch.ENV_OCCUPANCY_TWINS)
    assert backend.tuning_twins(on["tileir"], runnable, ANY) == [(twin, (4, 4, 1))]  # on by default
    assert asked == [twin]
    ok = False
    assert backend.tuning_twins(on["tileir"], runnable, ANY) == []  # no cubin, tileiras failed, or its plan exceeds
    assert backend.tuning_twins(on["cuda"], runnable, ANY) == []
    assert backend.tuning_twins(on["tileir"], [(kernel("").kernels["add"].variants[0], (1, 1, 1))], ANY) == []


LISTING = """\
\t//----- nvinfo : EIATTR_REGCOUNT
\t.align\t\t4
        /*0000*/ \t.byte\t0x04, 0x2f
        /*0002*/ \t.short\t(.L_2 - .L_1)
.L_1:
        /*0004*/ \t.word\tindex@(phobos_k)
        /*0008*/ \t.word\t{registers:#010x}


\t//----- nvinfo : EIATTR_REQNTID
        /*0820*/ \t.word\t{threads:#010x}
        /*0824*/ \t.word\t0x00000001
        /*0828*/ \t.word\t0x00000001


\t//----- nvinfo : EIATTR_CRS_STACK_SIZE
.L_x_3:
        /*02b0*/                   USETMAXREG.TRY_ALLOC.CTAPOOL UP0, {raise_to:#x} ;
        /*4340*/                   USETMAXREG.DEALLOC.CTAPOOL 0x20 ;
"""


@pytest.mark.parametrize(("registers", "threads", "raise_to", "fits"), [
    (80, 384, 224, False),  # dot/softmax_products's twin: 2 x 128 x 224 + 128 x 32 past 80 x 384
    (128, 256, 224, True),  # a GEMM's twin: 128 x 224 + 128 x 32, all of 128 x 256
    (168, 384, 232, True),
    (128, 256, 232, False),
])
def test_a_register_plan_fits_its_pool_or_not(registers: int, threads: int, raise_to: int, fits: bool):
    """Every warpgroup but one raised to the largest count asked, one given back to the
    smallest, against the launch's registers times its threads."""
    from phobos.backends.tileir.regplan import plan_fits

    listing = LISTING.format(registers=registers, threads=threads, raise_to=raise_to)
    assert plan_fits(listing) is fits
    assert plan_fits(listing.replace("USETMAXREG.TRY_ALLOC", "NOP ;")) is True  # nothing raised


def test_a_twin_whose_plan_exceeds_its_pool_is_no_candidate(monkeypatch, tmp_path):
    """dot/softmax_products at two CTAs an SM: tileiras gives 80 registers to 384 threads
    and raises one warpgroup to 224 (its launches never ended on an H100); a GEMM's twin
    fits. The verdict is kept in the cache beside the cubin."""
    from phobos.backends.gpu import cache
    from phobos.backends.tileir import assemble, launch, regplan

    if regplan.nvdisasm() is None or not assemble.installed():
        pytest.skip("needs tileiras and nvdisasm (the tileir extra)")
    monkeypatch.setenv(cache.ENV_CACHE_DIR, str(tmp_path))
    cache.forget_memory()
    monkeypatch.setattr(launch, "device_arch", lambda device_id: "sm_90")
    stalls = phobos.compile("tests/corpus/dot.phobos").kernels["softmax_products"].variants[0]
    gemm = phobos.compile("tests/corpus/dot.phobos").kernels["gemm_bf16"].variants[0]
    spec = dict(launch.specializations(stalls))[".div16"]
    assert not launch.twin_runs(launch.occupancy_twin(stalls), spec, 0)
    assert launch.twin_runs(launch.occupancy_twin(gemm), dict(launch.specializations(gemm))[".div16"], 0)
    assert sorted(p.name.split(".")[-1] for p in tmp_path.rglob(f"*.{regplan.VERDICT}")) == [regplan.VERDICT] * 2
    twin = launch.occupancy_twin(gemm)
    gen, bytecode = launch.lowered(twin, dict(launch.specializations(twin))[".div16"])
    assert assemble.cubin(gen.source, bytecode, "sm_90", twin.name).startswith(b"\x7fELF")  # not the verdict


def test_a_cubin_nvdisasm_cannot_read_gets_no_verdict(monkeypatch, tmp_path):
    """No verdict, so no twin, where nvdisasm is missing or refuses the bytes; nothing cached."""
    from phobos.backends.gpu import cache
    from phobos.backends.tileir import regplan

    monkeypatch.setenv(cache.ENV_CACHE_DIR, str(tmp_path))
    cache.forget_memory()
    key = cache.cache_key("not a cubin")
    if regplan.nvdisasm() is not None:
        assert regplan.cubin_plan_fits(key, b"not a cubin") is None
    monkeypatch.setattr(regplan, "nvdisasm", lambda: None)
    assert regplan.cubin_plan_fits(key, b"not a cubin") is None
    assert not list(tmp_path.rglob(f"*.{regplan.VERDICT}"))
    with pytest.raises(ValueError, match="EIATTR_REGCOUNT"):
        regplan.plan_fits("USETMAXREG.TRY_ALLOC.CTAPOOL UP0, 0xe0 ;")
