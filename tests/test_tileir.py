"""The Tile IR back end's layers, each alone: the bytecode's primitives, the registry
facts, the writer's sections and tables (read back by a small reader here), the
printer, the refusals, and tileiras's disassembler reading what the writer wrote."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

import phobos
from phobos.backends.cuda.write.kernel import generate
from phobos.backends.tileir import model as m
from phobos.backends.tileir import registry
from phobos.backends.tileir.builder import Builder
from phobos.backends.tileir.encoding import PADDING_BYTE, read_uvarint, svarint, unzigzag, uvarint
from phobos.backends.tileir.hints import ops_in
from phobos.backends.tileir.lower import lower_kernel
from phobos.backends.tileir.printer import module_text
from phobos.backends.tileir.tables import OPS, TYPE_TAG, VERSION
from phobos.backends.tileir.writer import MAGIC, write_module
from phobos.errors import PhobosError
from phobos.ir.specialize import ANY, Specialization, specialize

# ---------------------------------------------------------------- primitives


@pytest.mark.parametrize(
    ("value", "encoded"),
    [(0, b"\x00"), (1, b"\x01"), (127, b"\x7f"), (128, b"\x80\x01"), (300, b"\xac\x02"),
     (1 << 63, b"\x80" * 9 + b"\x01"), ((1 << 64) - 1, b"\xff" * 9 + b"\x01")],
)
def test_uvarint_vectors(value: int, encoded: bytes):
    assert uvarint(value) == encoded
    assert read_uvarint(encoded, 0) == (value, len(encoded))


@pytest.mark.parametrize(("value", "zigzag"), [(0, 0), (-1, 1), (1, 2), (-2, 3), (-(1 << 63), (1 << 64) - 1)])
def test_svarint_zigzags(value: int, zigzag: int):
    assert svarint(value) == uvarint(zigzag)
    assert unzigzag(read_uvarint(svarint(value), 0)[0]) == value


def test_varints_refuse_what_does_not_fit():
    with pytest.raises(ValueError):
        uvarint(-1)
    with pytest.raises(ValueError):
        svarint(1 << 63)


# ---------------------------------------------------------------- the registry


def test_registry_records_its_source_and_the_frozen_numbers():
    assert len(registry.CUDA_TILE_COMMIT) == 40
    assert VERSION == (13, 3)
    assert OPS["load_view_tko"].opcode == 0x3E and OPS["mmaf"].opcode == 0x49 and OPS["mmaf_scaled"].opcode == 0x72
    assert TYPE_TAG["TileType"] == 13 and TYPE_TAG["TokenType"] == 17
    assert len(OPS) == 100 and len({op.opcode for op in OPS.values()}) == 100


def test_op_fields_keep_declaration_order():
    load = OPS["load_ptr_tko"]
    assert [n for n, _, _ in load.args] == [
        "memory_ordering_semantics", "memory_scope", "source", "mask", "paddingValue", "token", "optimization_hints",
    ]
    assert load.attr_sized_operands and not load.has_variadic
    assert OPS["for"].has_variadic and OPS["for"].regions == 1 and OPS["if"].regions == 2


# ---------------------------------------------------------------- the writer


def vadd() -> m.Module:
    """out = a + b over 128 elements a block: a module built by hand."""
    ptr = m.Tile(m.Pointer(m.F32))
    a, b, c = (m.Value(ptr) for _ in range(3))
    body = m.Block()
    bd = Builder(body)
    i32, t = m.Tile(m.I32), m.Tile(m.F32, (128,))
    x, _, _ = bd.op("get_tile_block_id", [i32, i32, i32])
    size = bd.one("constant", i32, value=m.Dense(i32, 128))
    start = bd.one("muli", i32, lhs=x, rhs=size, overflow=m.Enum("IntegerOverflow", "NONE"))
    offsets = bd.one(
        "addi", m.Tile(m.I32, (128,)), lhs=bd.one("iota", m.Tile(m.I32, (128,))),
        rhs=bd.one("broadcast", m.Tile(m.I32, (128,)), source=bd.one("reshape", m.Tile(m.I32, (1,)), source=start)),
        overflow=m.Enum("IntegerOverflow", "NONE"),
    )
    weak = {"memory_ordering_semantics": m.Enum("MemoryOrderingSemantics", "WEAK")}

    def at(p: m.Value) -> m.Value:
        many = m.Tile(m.Pointer(m.F32), (128,))
        spread = bd.one("broadcast", many, source=bd.one("reshape", m.Tile(m.Pointer(m.F32), (1,)), source=p))
        return bd.one("offset", many, ptr=spread, offset=offsets)

    xa, _ = bd.op("load_ptr_tko", [t, m.Token()], {"source": at(a)}, weak)
    xb, _ = bd.op("load_ptr_tko", [t, m.Token()], {"source": at(b)}, weak)
    total = bd.one("addf", t, lhs=xa, rhs=xb, rounding_mode=m.Enum("RoundingMode", "NEAREST_EVEN"))
    bd.op("store_ptr_tko", [m.Token()], {"destination": at(c), "value": total}, weak)
    bd.op("return", [])
    return m.Module("m", [m.Entry("vadd", [a, b, c], body)])


def sections(data: bytes) -> dict[int, bytes]:
    """Read the section structure back, checking each aligned section's padding."""
    assert data[:8] == MAGIC and tuple(data[8:10]) == VERSION and data[10:12] == b"\x00\x00"
    pos, out = 12, {}
    while data[pos] != 0:
        head = data[pos]
        length, pos = read_uvarint(data, pos + 1)
        if head & 0x80:
            alignment, pos = read_uvarint(data, pos)
            while pos % alignment:
                assert data[pos] == PADDING_BYTE
                pos += 1
        out[head & 0x7F] = data[pos : pos + length]
        pos += length
    assert pos == len(data) - 1
    return out


def table(section: bytes, width: int) -> list[bytes]:
    count, pos = read_uvarint(section, 0)
    pos += (width - pos % width) % width
    offsets = [int.from_bytes(section[pos + i * width : pos + (i + 1) * width], "little") for i in range(count)]
    data = section[pos + count * width :]
    return [data[a:b] for a, b in zip(offsets, [*offsets[1:], len(data)], strict=True)]


def test_the_writer_lays_out_sections_and_tables():
    data = write_module(vadd())
    found = sections(data)
    assert sorted(found) == [0x01, 0x02, 0x04, 0x05]  # strings, functions, constants, types
    assert table(found[0x01], 4) == [b"vadd"]
    types = table(found[0x05], 4)
    # the signature first, after the types it names: ptr's pointee, the pointer tile, the function
    assert types[:4] == [uvarint(7), uvarint(12) + uvarint(0), uvarint(13) + uvarint(1) + b"\x00", types[3]]
    assert types[3] == uvarint(16) + uvarint(3) + bytes([2, 2, 2]) + uvarint(0)
    assert table(found[0x04], 8) == [uvarint(4) + (128).to_bytes(4, "little")]


VADD_HEX = (  # assembled by tileiras 13.4.92 for sm_90 when pinned
    "7f54696c654952000d030000825808cb010003020052300505051005004e050003063a065b07070b0609030600080a5b"
    "08000b090c51090d0b3d0a0b00000e5b08010b09115109120b3d0a0b000013020a00000f145b08020b09175109180b65"
    "0b000019165c0000841508cbcbcbcbcb01cbcbcbcbcbcbcb00000000000000000480000000857c040ccbcbcb00000000"
    "0100000003000000060000000c0000000d000000100000001b00000026000000310000003c00000047000000070c000d"
    "0100100302020200030d04000d040180000000000000000d040101000000000000000d010101000000000000000d0101"
    "80000000000000000d0001800000000000000011810c04cb01cbcbcb000000007661646400"
)


def test_the_writer_is_deterministic_and_pinned():
    assert write_module(vadd()).hex() == VADD_HEX
    assert write_module(vadd()) == write_module(vadd())


def test_ids_made_inside_a_block_are_free_again_after_it():
    i64 = m.Tile(m.I64)
    body = m.Block()
    bd = Builder(body)
    zero = bd.one("constant", i64, value=m.Dense(i64, 0))  # id 0
    inner = m.Block([m.Value(i64)])  # the loop variable: id 1 inside the loop
    Builder(inner).op("continue", [])
    bd.op("for", [], {"lowerBound": zero, "upperBound": zero, "step": zero, "initValues": ()}, {}, [inner])
    after = bd.one("addi", i64, lhs=zero, rhs=zero, overflow=m.Enum("IntegerOverflow", "NONE"))  # id 1 again
    bd.one("addi", i64, lhs=after, rhs=after, overflow=m.Enum("IntegerOverflow", "NONE"))
    bd.op("return", [])
    func = sections(write_module(m.Module("m", [m.Entry("k", [], body)])))[0x02]
    tile_i64 = 2  # after the signature (0) and i64 (1)
    assert bytes([OPS["addi"].opcode, tile_i64, 0, 0, 0, OPS["addi"].opcode, tile_i64, 0, 1, 1]) in func


# ---------------------------------------------------------------- tileiras's own reader


def disassembled(module: m.Module, folder: Path) -> str:
    """tileirdisasm's text of the module's bytecode (skipped where tileiras is not installed)."""
    from phobos.backends.tileir.assemble import tileiras, tool_env

    try:
        disasm = tileiras().with_name("tileirdisasm")
    except PhobosError as exc:
        pytest.skip(exc.message)
    path = folder / f"{module.name}.tileirbc"
    path.write_bytes(write_module(module))
    return subprocess.run([str(disasm), str(path)], capture_output=True, text=True, env=tool_env(), check=True).stdout


def test_tileirdisasm_reads_what_the_writer_wrote(tmp_path):
    text = disassembled(vadd(), tmp_path)
    ops = [line.split("=")[-1].split()[0] for line in text.splitlines()[1:-1]]
    assert ops == [
        "get_tile_block_id", "constant", "muli", "iota", "reshape", "broadcast", "addi",
        "reshape", "broadcast", "offset", "load_ptr_tko", "reshape", "broadcast", "offset", "load_ptr_tko",
        "addf", "reshape", "broadcast", "offset", "store_ptr_tko", "return",
    ]
    assert "entry @vadd(%arg0: tile<ptr<f32>>" in text


# ---------------------------------------------------------------- refusals


def lowered(text: str, name: str) -> m.Module:
    return lower_kernel(phobos.compile(text, path="k.phobos").kernels[name].variants[0])


PER_THREAD = """\
kernel axpy(X: tensor<f32>[N], Y: tensor<f32>[N], a: f32) {
  let i = ctx.block.x * ctx.threads + ctx.thread
  Y[i] = a * X[i] + Y[i]
}
"""


def test_a_per_thread_kernel_is_refused_by_name_and_line():
    with pytest.raises(PhobosError) as info:
        lowered(PER_THREAD, "axpy")
    err = info.value
    assert "`ctx.thread` is a per-thread construct" in err.message and "CUDA back end does" in err.message
    assert (err.line, err.column) == (2, 39)
    kernel = phobos.compile(PER_THREAD, path="k.phobos").kernels["axpy"]
    assert "axpy" in generate(kernel.variants[0]).source  # the CUDA back end still takes it


@pytest.mark.parametrize(
    ("body", "what", "line"),
    [
        ("  let v = sum<over ctx.lane, width 32>(X[ctx.block.x])\n  X[0] = v", "`sum<over ctx.lane>`", 2),
        ("  var x = f64(X[0 :+ 32])\n  X[0 :+ 32] = f32(erf(x))", "`erf` of f64", 3),
        ("  for k in range(0, 4) {\n    if k > 2 {\n      return\n    }\n  }", "a `return` inside a loop", 4),
        ("  let old = atomic_add(X[0], 1.0)", "`atomic_add`", 2),
    ],
)
def test_refusals_name_the_construct(body: str, what: str, line: int):
    with pytest.raises(PhobosError) as info:
        lowered(f"kernel k(X: tensor<f32>[N]) {{\n{body}\n}}\n", "k")
    assert what in info.value.message and info.value.line == line, info.value


@pytest.mark.parametrize(("k", "refused"), [(65536, False), (131072, True)])
def test_an_i8_dot_is_lowered_only_where_the_saturating_mma_cannot_saturate(k: int, refused: bool):
    """tileiras's integer MMA saturates; the lowering adds each tile's sum after, wrapping,
    which is exact below 2^17 products of 2^14 at most (-128 * -128) each."""
    text = ("kernel k(A: tensor<i8>[1, K], B: tensor<i8>[K, 1], C: tensor<i32>[1, 1]) {\n"
            f"  C[0 :+ 1, 0 :+ 1] = dot(A[0 :+ 1, 0 :+ {k}], B[0 :+ {k}, 0 :+ 1])\n}}\n")
    if not refused:
        assert "mmai" in module_text(lowered(text, "k"))
        return
    with pytest.raises(PhobosError) as info:
        lowered(text, "k")
    assert info.value.line == 2 and info.value.message == (
        "the Tile IR back end does not yet lower an i8 `dot` over 131072 k (131072 as Tile IR holds it): its integer "
        "MMA saturates a sum of 131072 or more products, where Phobos's wraps")


def test_a_tile_kernel_lowers_to_the_ops_it_needs():
    text = module_text(lowered(
        "kernel k(X: tensor<f32>[M, N], Y: tensor<f32>[M, 1]) {\n"
        "  let r = ctx.block.x * 8\n"
        "  Y[r :+ 8, 0 :+ 1] = rowmax(X[r :+ 8, 0 :+ 64])\n}\n", "k"))
    assert "load_view_tko" in text and "store_view_tko" in text and "reduce" in text and "maxf" in text
    # maxf's own identity is NaN (it skips a NaN, which -inf would win over); -inf is
    # what a row with nothing present gives.
    assert "identities = [nan : f32]" in text and "<f32: -inf>" in text


@pytest.mark.parametrize(
    ("start", "through_a_view"),
    [("ctx.block.x * 8", True), ("ctx.block.x * 16 + 8", True), ("ctx.block.x * 8 + 1", False), ("i", False),
     ("ctx.block.x * 4", False)],
)
def test_a_window_is_a_tile_of_a_view_only_where_its_start_is_a_multiple_of_its_length(
        start: str, through_a_view: bool):
    text = module_text(lowered(
        "kernel k(X: tensor<f32>[M, N], Y: tensor<f32>[M, 64], i: i64) {\n"
        f"  Y[ctx.block.x * 8 :+ 8, 0 :+ 64] = X[{start} :+ 8, 0 :+ 64]\n}}\n", "k"))
    assert ("load_view_tko" in text) == through_a_view and ("load_ptr_tko" in text) != through_a_view


WINDOW_OF_A_LOADED_TILE = """\
kernel k(X: tensor<f32>[16, 16], Z: tensor<f32>[16, 16]) {
  var t = X[:, :]
  t[1 :+ 15, :] = t[0 :+ 15, :] + 1.0
  Z[:, :] = t - rowmax(t)
}
"""


def test_a_kernel_with_windows_of_tiles_loads_without_tma_and_spills_a_tile_once():
    """tileiras gives a TMA kernel a producer warp with its own scratch buffer, where the
    spill of a tile just loaded lands unseen by the consumers (scratch.py)."""
    text = module_text(lowered(WINDOW_OF_A_LOADED_TILE, "k"))
    loads = [line for line in text.splitlines() if "load_view_tko" in line]
    assert loads and all("optimization_hints = <default = {allow_tma = false}>" in line for line in loads)
    # t goes to the buffer once (line 3): the window read and the window written share
    # that spill; then the window's new values (line 3); then Z (line 4), a whole tile.
    stores = [line.rsplit("@", 1)[1] for line in text.splitlines() if "store_ptr_tko" in line]
    assert stores == ["3:19", "3:3"]
    (whole,) = [line for line in text.splitlines() if "store_view_tko" in line]
    assert whole.endswith("@4:3") and "optimization_hints = <default = {allow_tma = false}>" in whole


@pytest.mark.parametrize(("x", "stores"), [
    ("X[c :+ 64]", ["store_view_tko"]),  # X of Y's extent: the value has all Y holds of the window
    ("Z[c :+ 64]", ["store_view_tko", "store_ptr_tko"]),  # Z's extent: known only at run time
    ("X[c + 1 :+ 64]", ["store_view_tko", "store_ptr_tko"]),  # lacks its last element but at the tensor's end
])
def test_a_whole_tile_is_stored_through_a_view_where_the_value_covers_the_window_inside_the_tensor(
        x: str, stores: list[str]):
    """tileiras writes a tile of pointers as a store an element and a view's tile as
    vector stores (docs/tileir.md). The view is used where no position the value lacks
    lies inside the tensor; a block may lie past the tensor, so its tile index is kept
    in the view's index space by an `if`, whose other branch stores nothing or, where
    the value's extent is only known at run time, through pointers."""
    text = module_text(lowered(
        "kernel k(X: tensor<bf16>[N], Z: tensor<bf16>[M], Y: tensor<bf16>[N]) {\n"
        f"  let c = ctx.block.x * 64\n  Y[c :+ 64] = {x} * 2.0\n}}\n", "k"))
    assert [op for op in ("store_view_tko", "store_ptr_tko") if op in text] == stores
    assert ("} -> " in text) == ("store_view_tko" in stores)


@pytest.mark.parametrize("body", [
    "  Y[c :+ 64] = X[c :+ 64] * 2.0\n  Y[c :+ 64] = Y[c :+ 64] + 1.0\n",  # Y read after its store
    "  Y[c :+ 64] = X[c :+ 64]\n  Y[c :+ 64] = X[c :+ 64] * 2.0\n",  # stored twice
    "  for k in range(0, 2) {\n    Y[c :+ 64] = X[c :+ 64] * 2.0\n  }\n",  # in a loop
])
def test_a_tensor_read_or_stored_again_is_stored_through_pointers(body: str):
    """A view's tile may leave by an asynchronous TMA store, which a later read or store
    of the same memory in the tile block is not ordered after: only a tensor's lone
    store outside loops, of a tensor never read, goes through its view."""
    text = module_text(lowered(
        f"kernel k(X: tensor<bf16>[N], Y: tensor<bf16>[N]) {{\n  let c = ctx.block.x * 64\n{body}}}\n", "k"))
    assert "store_view_tko" not in text and "store_ptr_tko" in text


def test_a_kernel_without_windows_of_tiles_keeps_tma_for_a_products_tiles():
    text = module_text(lowered("kernel k(X: tensor<bf16>[16, 16], Z: tensor<f32>[16, 16]) {\n"
                               "  Z[:, :] = dot(X[:, :], X[:, :])\n}\n", "k"))
    assert "load_view_tko" in text and "store_view_tko" in text and "optimization_hints" not in text


def test_tileirdisasm_reads_the_optimization_hints(tmp_path):
    text = disassembled(lowered(WINDOW_OF_A_LOADED_TILE, "k"), tmp_path)
    assert "allow_tma = false" in text, text


def test_a_tile_of_another_extent_is_held_in_a_power_of_two_with_the_rest_absent():
    text = module_text(lowered("kernel k(X: tensor<f32>[N]) {\n  var x = X[0 :+ 24]\n  X[0 :+ 24] = x + 1.0\n}\n", "k"))
    assert "tile<32xf32>" in text and "tile<24" not in text
    assert "<i64: 24>" in text  # the region's end, which the store's mask keeps to


def test_ops_carry_their_source_lines_into_the_debug_section(tmp_path):
    source = "kernel k(X: tensor<f32>[N]) {\n  let c = ctx.block.x * 32\n  X[c :+ 32] = X[c :+ 32] * 2.0\n}\n"
    module = lowered(source, "k")
    data = write_module(module)
    assert 0x03 in sections(data)
    assert "@3:" in module_text(module)
    from phobos.backends.tileir.assemble import tileiras, tool_env

    try:
        tool = tileiras()
    except PhobosError as exc:
        pytest.skip(exc.message)
    path = tmp_path / "k.tileirbc"
    path.write_bytes(data)
    shown = subprocess.run([str(tool.with_name("tileirdisasm")), "-g", str(path)], capture_output=True, text=True,
                           env=tool_env(), check=True).stdout
    assert 'loc("k.phobos":1:1)' in shown and 'loc("k.phobos":3:' in shown
    subprocess.run([str(tool), "--gpu-name=sm_90", "--lineinfo", "-o", str(tmp_path / "k.cubin"), str(path)],
                   env=tool_env(), check=True, capture_output=True)


# ------------------------------------------------------------ launching (issue 12, item 3)


def test_a_launch_passes_the_entrys_parameters_in_its_order():
    """The launcher's parameters are the entry's: the kernel's, then its runtime dims
    as i64 (lower.py), with scalars in the Tile IR calling convention."""
    from phobos.backends.tileir.launch import lowered

    v = phobos.compile("tests/corpus/dot.phobos").kernels["gemm_wgmma"].variants[0]  # a scalar, dims
    gen, bytecode = lowered(v)
    entry = lower_kernel(v).entries[0]
    kinds = [p.kind for p in gen.params]
    assert len(gen.params) == len(entry.args) and kinds == sorted(kinds, key=lambda k: k == "dim")
    assert [p.name for p in gen.params if p.kind == "dim"] == list(v.runtime_dims)
    assert (gen.threads, gen.shared_bytes, gen.abi) == (1, 0, "tileir") and bytecode.startswith(MAGIC)
    assert lowered(v) == (gen, bytecode)  # made once a variant


def test_16_bit_float_scalars_pass_as_their_bits():
    from phobos.backends.gpu.launch import SCALAR_ABI

    ctypes_of, packers = SCALAR_ABI["tileir"]
    assert int(packers["f16"](1.5)) == 0x3E00 and int(packers["bf16"](-2.0)) == 0xC000
    assert ctypes_of["f16"]().__class__.__name__ == "c_ushort"
    assert SCALAR_ABI["cuda"][0]["f16"]().__class__.__name__ == "c_float"


def test_a_per_thread_kernel_is_refused_at_its_launch_preparation():
    from phobos.backends.tileir.launch import lowered

    v = phobos.compile("tests/corpus/collectives.phobos").kernels["lane_sums"].variants[0]
    with pytest.raises(PhobosError, match="Tile IR"):
        lowered(v)


def test_cubins_are_cached_by_bytecode_and_served_without_tileiras(monkeypatch, tmp_path):
    """A cubin built once is a cache hit after it, in memory and on disk; with the cache
    carried to a machine without tileiras it still loads, and without either the
    error names the package and how to carry the cache."""
    from phobos.backends.gpu import cache
    from phobos.backends.tileir import assemble
    from phobos.backends.tileir.launch import lowered

    monkeypatch.setenv(cache.ENV_CACHE_DIR, str(tmp_path))
    cache.forget_memory()
    v = phobos.compile("tests/corpus/dot.phobos").kernels["gemm_wgmma"].variants[0]  # a scalar, dims
    gen, bytecode = lowered(v)
    try:
        assemble.tileiras()
    except PhobosError:
        pytest.skip("tileiras is not installed (the tileir extra)")
    before = cache.STATS.compiles
    code = assemble.cubin(gen.source, bytecode, "sm_90", v.name)
    assert code.startswith(b"\x7fELF") and cache.STATS.compiles == before + 1
    cache.forget_memory()
    monkeypatch.setattr(assemble, "tileiras", lambda: (_ for _ in ()).throw(PhobosError("no tileiras")))
    assert assemble.cubin(gen.source, bytecode, "sm_90", v.name) == code  # from disk, tileiras not needed
    assert cache.STATS.compiles == before + 1
    with pytest.raises(PhobosError) as err:
        assemble.cubin(gen.source, bytecode, "sm_80", v.name)
    text = str(err.value) + " ".join(err.value.notes)
    assert "no Tile IR cubin for sm_80" in text and "nvidia-cuda-tileiras" in text and "PHOBOS_CACHE_DIR" in text
    moved = phobos.compile(Path("tests/corpus/dot.phobos").resolve()).kernels["gemm_wgmma"].variants[0]
    assert lowered(moved)[0].source == gen.source  # compiled from another folder: the same cubin


def test_a_prebuild_serves_every_specialization_without_tileiras(monkeypatch, tmp_path):
    """prebuild fills the cache with the module for any extents and those for dims
    that are multiples of 4 and of 16, and the same of a product's occupancy twin, so
    that a machine without tileiras can build none and still has them all; a kernel
    this back end refuses is said so, not built."""
    from phobos.backends.gpu import cache
    from phobos.backends.tileir import assemble
    from phobos.backends.tileir.launch import buildable, occupancy_twin, prebuild, specializations

    monkeypatch.setenv(cache.ENV_CACHE_DIR, str(tmp_path))
    cache.forget_memory()
    try:
        assemble.tileiras()
    except PhobosError:
        pytest.skip("tileiras is not installed (the tileir extra)")
    v = phobos.compile("tests/corpus/dot.phobos").kernels["gemm"].variants[0]
    assert prebuild(v, "sm_90")
    cache.forget_memory()
    monkeypatch.setattr(assemble, "tileiras", lambda: (_ for _ in ()).throw(PhobosError("no tileiras")))
    assert [suffix for suffix, _ in specializations(v)] == ["", ".div4", ".div16", ".unaligned"]
    assert all(buildable(v, spec, "sm_90") for _, spec in specializations(v))
    twin = occupancy_twin(v)  # the product's module at two CTAs an SM, which launches time beside it
    assert twin is not None and all(buildable(twin, spec, "sm_90") for _, spec in specializations(twin))
    assert not buildable(v, ANY, "sm_80")
    lanes = phobos.compile("tests/corpus/collectives.phobos").kernels["lane_sums"].variants[0]
    assert not prebuild(lanes, "sm_90")  # a per-thread construct: refused by name


# ------------------------------------------------------------ matrix products


GEMM_LOOP = """\
kernel k(A: tensor<bf16>[M, K], B: tensor<bf16>[{b_rows}, N], C: tensor<f32>[M, N]) {{
  let m0 = ctx.block.y * 64
  let n0 = ctx.block.x * 64
  var acc: tile<f32>[64, 64] = 0.0
  for k in range(0, K, 32) {{
    acc += dot(A[m0 :+ 64, k :+ 32], B[k :+ 32, n0 :+ 64])
  }}
  C[m0 :+ 64, n0 :+ 64] = acc
}}
"""


@pytest.mark.parametrize(("b_rows", "masked"), [("K", False), ("J", True)])
def test_a_gemm_loops_operands_go_to_the_mma_unmasked_where_both_are_zero_past_one_k(b_rows: str, masked: bool):
    """The two windows of one k range over the same K, loaded through views from a loop
    variable below K: both are zero past K already, so `dot` selects nothing before the
    MMA. Where B's rows are another extent (J), the common k range is masked."""
    ops = ops_in(lowered(GEMM_LOOP.format(b_rows=b_rows), "k").entries[0].body)
    at = next(i for i, op in enumerate(ops) if op.name == "mmaf")
    loads = [i for i, op in enumerate(ops[:at]) if op.name == "load_view_tko"]
    assert len(loads) == 2
    assert any(op.name == "select" for op in ops[loads[-1]:at]) == masked


@pytest.mark.parametrize("cached", [True, False])
def test_a_launch_through_tile_ir_takes_a_tensor_not_16_byte_aligned(monkeypatch: pytest.MonkeyPatch, cached: bool):
    """The module of a launch assumes 16-byte alignment (div_by<16>) of the tensors its
    key says are aligned and of no other; where neither tileiras nor the cache can give
    that module's cubin, the launch runs the one that assumes nothing (prebuilt for
    any tensors, `.unaligned`), never one that assumes an alignment the launch lacks."""
    import numpy as np

    from phobos.backends.gpu.arrays import DeviceArray
    from phobos.backends.tileir import launch

    v = phobos.compile("tests/corpus/dot.phobos").kernels["gemm"].variants[0]
    arrays = {p.name: DeviceArray((1 << 20) * (k + 1) + (4 if p.name == "B" else 0), (64, 64), (64, 1),
                                  np.dtype("float32"), 0, False, None)
              for k, p in enumerate(v.params) if hasattr(p, "dims")}
    chosen = []
    monkeypatch.setattr(launch, "device_arch", lambda device_id: "sm_90")
    monkeypatch.setattr(launch, "can_build", lambda text, bytecode, arch: cached or "div_by<16>" not in text)
    monkeypatch.setattr(launch, "launchable", lambda *args: chosen.append(args[6]))
    spec = Specialization(aligned=frozenset(arrays) - {"B"})
    launch.prepare(v, spec, [p.name for p in v.params], arrays, {}, 0, list(arrays))
    assert chosen[0].source == launch.lowered(v, spec if cached else ANY)[0].source
    entry = lower_kernel(v, spec).entries[0]
    assumed = {op.operands["value"] for op in entry.body.ops
               if op.name == "assume" and op.attrs["predicate"] == m.DivBy(16)}
    tensors = dict(zip([p.name for p in v.params], entry.args, strict=False))
    assert {name for name in arrays if tensors[name] in assumed} == {"A", "C"}


def test_a_launch_key_has_its_facts_assumed():
    """The module for launches whose K and N are multiples of 16 assumes it (so a row
    pitch of bf16 is 32-byte aligned and tileiras loads the views by TMA), M a multiple
    of 4, and a dim equal to 1 is bounded to 1; a dim the key says nothing of is
    assumed nothing of but its range. A build makes the module for any extents and
    those for every dim a multiple of 4 and of 16 for aligned tensors, and the module
    that assumes nothing."""
    from phobos.backends.tileir.launch import specializations

    v = phobos.compile("tests/corpus/dot.phobos").kernels["gemm"].variants[0]

    def assumed(spec: Specialization) -> dict[str, list[object]]:
        entry = lower_kernel(v, spec).entries[0]
        out: dict[str, list[object]] = {}
        for name, arg in zip(v.runtime_dims, entry.args[-len(v.runtime_dims):], strict=True):
            value = arg
            for op in entry.body.ops:
                if op.name == "assume" and op.operands["value"] is value:
                    out.setdefault(name, []).append(op.attrs["predicate"])
                    value = op.results[0]
        return out

    facts = assumed(specialize(v, {"M": 68, "K": 48, "N": 1}, {}, frozenset()))
    assert facts == {"M": [m.DivBy(4), m.Bounded(0, 2**31 - 1)], "K": [m.DivBy(16), m.Bounded(0, 2**31 - 1)],
                     "N": [m.Bounded(1, 1), m.Bounded(0, 2**31 - 1)]}
    assert assumed(ANY) == {name: [m.Bounded(0, 2**31 - 1)] for name in v.runtime_dims}
    assert [spec.text() for _, spec in specializations(v)] == [
        "16-byte aligned: A, B, C", "multiples of 4: K, M, N; 16-byte aligned: A, B, C",
        "multiples of 16: K, M, N; 16-byte aligned: A, B, C", "nothing assumed"]


@pytest.mark.parametrize("cached", [True, False])
def test_a_launch_runs_the_specialized_module_where_it_can_be_had(monkeypatch: pytest.MonkeyPatch, cached: bool):
    """A launch's key picks its module; where neither tileiras nor the cache can give
    its cubin, the launch runs a weaker key's, down to the module for any extents."""
    import numpy as np

    from phobos.backends.gpu.arrays import DeviceArray
    from phobos.backends.tileir import launch

    v = phobos.compile("tests/corpus/dot.phobos").kernels["gemm"].variants[0]
    arrays = {p.name: DeviceArray((1 << 20) * (k + 1), (64, 64), (64, 1), np.dtype("float32"), 0, False, None)
              for k, p in enumerate(v.params) if hasattr(p, "dims")}
    chosen = []
    monkeypatch.setattr(launch, "device_arch", lambda device_id: "sm_90")
    monkeypatch.setattr(launch, "can_build", lambda text, bytecode, arch: cached)
    monkeypatch.setattr(launch, "cubin", lambda text, bytecode, arch, kernel, where: b"")
    monkeypatch.setattr(launch, "launchable", lambda *args: chosen.append(args[6]))
    dims = {"M": 64, "K": 48, "N": 20}
    spec = specialize(v, dims, {}, frozenset(arrays))
    launch.prepare(v, spec, [p.name for p in v.params], arrays, dims, 0, list(arrays))
    assert chosen[0].source == launch.lowered(v, spec if cached else ANY)[0].source


def test_a_key_whose_module_tileiras_fails_on_runs_a_weaker_keys_module(monkeypatch: pytest.MonkeyPatch):
    """tileiras 13.4 crashes on some modules of one key only (an f16 GEMM with a scaled,
    biased epilogue, for dims that are multiples of 16); such a launch runs the next
    weaker key's module, with a warning, and a launch is refused only where tileiras
    fails on every key's."""
    from phobos.backends.tileir import launch
    from phobos.backends.tileir.assemble import TileirasFailed

    v = phobos.compile("tests/corpus/dot.phobos").kernels["gemm"].variants[0]
    spec = specialize(v, {"M": 64, "K": 48, "N": 32}, {}, frozenset(p.name for p in v.params if hasattr(p, "dims")))
    strongest = launch.lowered(v, launch.module_key(spec))[0].source
    tried = []

    def crashing_on(bad: set[str]):
        def cubin(text: str, bytecode: bytes, arch: str, kernel: str, where: object) -> bytes:
            tried.append(text)
            if text in bad or not bad:
                raise TileirasFailed("tileiras could not assemble the kernel `gemm` for sm_90: tileiras was "
                                     "stopped by SIGSEGV", v.span)
            return b""
        return cubin

    monkeypatch.setattr(launch, "can_build", lambda text, bytecode, arch: True)
    monkeypatch.setattr(launch, "cubin", crashing_on({strongest}))
    key, failed = launch._assembled(v, spec, "sm_90")
    assert failed is not None and "SIGSEGV" in failed.message
    assert tried[0] == strongest and tried[-1] == launch.lowered(v, key)[0].source != strongest
    assert key == launch._weaker(v, spec)[1]
    monkeypatch.setattr(launch, "cubin", crashing_on(set()))
    with pytest.raises(TileirasFailed, match="SIGSEGV"):
        launch._assembled(v, spec, "sm_90")


# ------------------------------------------------------------ what tileiras cannot take (issue 22, item 4)


def needs_tileiras() -> Path:
    from phobos.backends.tileir.assemble import tileiras

    try:
        return tileiras()
    except PhobosError as exc:
        pytest.skip(exc.message)


SCALE = "kernel {name}(X: tensor<f32>[N]) {{\n  let c = ctx.block.x * 32\n  X[c :+ 32] = exp(X[c :+ 32]) * 2.0\n}}\n"


@pytest.mark.parametrize("name", ["_", "WARP_SZ", "__nv_expf", "k" * 250])
def test_any_kernel_name_assembles(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, name: str):
    """The entry is `phobos_NAME`, as on the CUDA back end: PTX takes no symbol `_` and
    has its own `WARP_SZ`, and a kernel named as a libdevice function it calls
    (`__nv_expf`) would clash with it; a name too long for a file still assembles."""
    from phobos.backends.cuda.write.kernel import entry_symbol
    from phobos.backends.gpu import cache
    from phobos.backends.tileir.assemble import cubin
    from phobos.backends.tileir.launch import lowered as lowered_for_launch

    needs_tileiras()
    monkeypatch.setenv(cache.ENV_CACHE_DIR, str(tmp_path))
    v = phobos.compile(SCALE.format(name=name), path="k.phobos").kernels[name].variants[0]
    assert lower_kernel(v).entries[0].name == entry_symbol(name) == f"phobos_{name}"
    gen, bytecode = lowered_for_launch(v)
    assert gen.symbol == f"phobos_{name}"
    assert f".text.phobos_{name}".encode() in cubin(gen.source, bytecode, "sm_90", name, v.span)


def test_a_source_path_that_is_not_utf8_is_kept_byte_for_byte_in_the_line_info(tmp_path: Path):
    """A file name's bytes that are not UTF-8 (Python holds them as surrogates) go into
    the debug section as they were, as the CUDA back end's `#line` keeps them; tileiras
    assembles it and its disassembler shows them escaped."""
    folder = os.fsdecode(bytes(tmp_path) + b"/caf\xe9")
    os.mkdir(folder)
    path = os.path.join(folder, "k.phobos")
    Path(path).write_text(SCALE.format(name="k"))
    data = write_module(lower_kernel(phobos.compile(path).kernels["k"].variants[0]))
    assert b"caf\xe9" in data
    tool = needs_tileiras()
    from phobos.backends.tileir.assemble import tool_env

    (tmp_path / "k.tileirbc").write_bytes(data)
    shown = subprocess.run([str(tool.with_name("tileirdisasm")), "-g", str(tmp_path / "k.tileirbc")],
                           capture_output=True, env=tool_env(), check=True).stdout
    assert b'caf\\E9/k.phobos":3:' in shown
    subprocess.run([str(tool), "--gpu-name=sm_90", "--lineinfo", "-o", str(tmp_path / "k.cubin"),
                    str(tmp_path / "k.tileirbc")], env=tool_env(), check=True, capture_output=True)
    assert b"caf\\351" in (tmp_path / "k.cubin").read_bytes()  # the line table's file, octal-escaped


def test_a_runtime_dim_past_2_31_is_refused_at_its_launch_with_the_numbers(monkeypatch: pytest.MonkeyPatch):
    """The module assumes every runtime dim at most 2^31 - 1 and makes its views' shapes
    of them as i32, so a launch with a larger one is refused before anything is built;
    one of 2^31 - 1 goes on."""
    from phobos.backends.tileir import launch

    v = phobos.compile("tests/corpus/dot.phobos").kernels["gemm"].variants[0]
    dims = {"M": 64, "K": 2**31, "N": 64}
    with pytest.raises(PhobosError) as info:
        launch.prepare(v, ANY, [p.name for p in v.params], {}, dims, 0, [])
    err = info.value
    assert err.message.startswith("kernel `gemm`: the runtime dim `K` (an extent of `A`) is 2147483648, but the "
                                  "Tile IR back end takes dims of at most 2147483647 (2^31 - 1)")
    assert err.path == "tests/corpus/dot.phobos" and err.line == v.span.line and "CUDA back end" in err.notes[0]

    class Reached(Exception):
        pass

    monkeypatch.setattr(launch, "device_arch", lambda device_id: (_ for _ in ()).throw(Reached()))
    with pytest.raises(Reached):
        launch.prepare(v, ANY, [p.name for p in v.params], {}, {**dims, "K": 2**31 - 1}, 0, [])


@pytest.mark.parametrize(
    ("body", "line", "what"),
    [
        ("  X[0 :+ 512, 0 :+ 1] = rowsum(X[0 :+ 512, 0 :+ 512])", 2,
         "the tile `X[0 :+ 512, 0 :+ 512]` of 262144 elements (512 x 512 as"),
        ("  X[0 :+ 300, 0 :+ 500] = 1.0", 2, "a store of 150000 elements (512 x 512 as"),
    ],
)
def test_a_tile_too_large_for_tileiras_is_refused_before_it_runs(body: str, line: int, what: str):
    """tileiras's time grows about eightfold a doubling past 2^15 elements, and a tile
    of 2^20 runs it out of memory: a tile of more than 2^17 (as Tile IR holds it, each
    extent a power of two) is refused at its line with the numbers; 2^17 is lowered."""
    from phobos.backends.tileir.refusals import TILE_ELEMENTS

    assert TILE_ELEMENTS == 2**17
    with pytest.raises(PhobosError) as info:
        lowered(f"kernel k(X: tensor<f32>[M, N]) {{\n{body}\n}}\n", "k")
    assert what in info.value.message and info.value.line == line, info.value
    assert "at most 131072 elements" in info.value.message and "the Tile IR back end does not" in info.value.message
    lowered("kernel k(X: tensor<f32>[M, N]) {\n  X[0 :+ 256, 0 :+ 512] = X[0 :+ 256, 0 :+ 512] * 2.0\n}\n", "k")


def fake_tileiras(tmp_path: Path, script: str) -> Path:
    tool = tmp_path / "tileiras"
    tool.write_text("#!/bin/sh\n" + script)
    tool.chmod(0o755)
    return tool


@pytest.mark.parametrize(
    ("script", "said"),
    [
        ('for i in $(seq 1 30); do echo "line $i" >&2; done\nexit 5\n',
         "; tileiras said:\nline 11\n"),
        ("exit 3\n", "; tileiras said:\nnothing, and exited with status 3"),
        ("kill -9 $$\n", ": tileiras was stopped by SIGKILL, which is how the system stops a process that runs "
                         "out of memory"),
        ("sleep 30\n", ": it was still running after 0.5 s and was stopped"),
    ],
)
def test_a_failed_tileiras_run_is_reported_at_the_kernel_with_what_it_said(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, script: str, said: str):
    """Whatever tileiras does instead of a cubin is named, at the kernel's line: the
    last 20 lines it printed, its exit status where it printed nothing, the signal that
    stopped it, or that it outran PHOBOS_TILEIRAS_TIMEOUT."""
    from phobos.backends.tileir import assemble

    monkeypatch.setattr(assemble, "tileiras", lambda: fake_tileiras(tmp_path, script))
    monkeypatch.setenv(assemble.ENV_TIMEOUT, "0.5")
    v = phobos.compile(SCALE.format(name="scale"), path="k.phobos").kernels["scale"].variants[0]
    with pytest.raises(PhobosError) as info:
        assemble.assemble(write_module(lower_kernel(v)), "sm_90", "scale", v.span)
    err = info.value
    assert err.message.startswith(f"tileiras could not assemble the kernel `scale` for sm_90{said}"), err.message
    assert (err.path, err.line) == ("k.phobos", 1)
    if "line 11" in said:
        assert "line 10\n" not in err.message and err.message.endswith("line 30")


@pytest.mark.parametrize(("script", "its_own"), [("kill -11 $$\n", True), ("exit 3\n", True),
                                                ("kill -9 $$\n", False), ("sleep 30\n", False)])
def test_tileiras_crashing_or_refusing_a_module_is_its_fault_and_not_running_out(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, script: str, its_own: bool):
    """A crash (any signal but the system's SIGKILL) or a refusal is tileiras's fault
    with that module, which a launch may avoid by a weaker key's (TileirasFailed); a
    run out of time or memory is not, and a weaker module would only take as long."""
    from phobos.backends.tileir import assemble

    monkeypatch.setattr(assemble, "tileiras", lambda: fake_tileiras(tmp_path, script))
    monkeypatch.setenv(assemble.ENV_TIMEOUT, "0.5")
    v = phobos.compile(SCALE.format(name="scale"), path="k.phobos").kernels["scale"].variants[0]
    with pytest.raises(PhobosError) as info:
        assemble.assemble(write_module(lower_kernel(v)), "sm_90", "scale", v.span)
    assert isinstance(info.value, assemble.TileirasFailed) == its_own, info.value.message


@pytest.mark.parametrize("value", ["soon", "-1", "inf", "nan"])
def test_a_bad_tileiras_timeout_is_named(monkeypatch: pytest.MonkeyPatch, value: str):
    from phobos.backends.tileir import assemble

    monkeypatch.setenv(assemble.ENV_TIMEOUT, value)
    with pytest.raises(PhobosError, match=f"PHOBOS_TILEIRAS_TIMEOUT is '{value}'; set it to a number of seconds"):
        assemble.timeout()
    monkeypatch.setenv(assemble.ENV_TIMEOUT, " 0 ")
    assert assemble.timeout() is None
    monkeypatch.delenv(assemble.ENV_TIMEOUT)
    assert assemble.timeout() == assemble.DEFAULT_TIMEOUT == 600


def test_a_cubin_is_keyed_by_the_bytes_tileiras_reads_not_only_the_text():
    """A change in how one module text is encoded (the bytecode writer's) must not find
    the cubin the bytes before it made (the mutant run found it did)."""
    from phobos.backends.tileir import assemble

    assert assemble.cubin_key("module", b"\x01", "sm_90") != assemble.cubin_key("module", b"\x02", "sm_90")
    assert assemble.cubin_key("module", b"\x01", "sm_90") == assemble.cubin_key("module", b"\x01", "sm_90")
