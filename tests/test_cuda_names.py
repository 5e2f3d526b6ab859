"""A user's names in generated code (issue 22, item 4): every name C++, CUDA, NVRTC's
headers or the prelude use, in every role a name has (a tensor, a scalar, a dim, a
let, a var, a loop variable, a tile, a fn and its parameters, an autotune name, the
kernel), is given a form of its own (backends/cuda/names.py), so NVRTC builds the
kernel for sm_80 and sm_90 and its entry is found by its symbol. The Tile IR back end
names only the kernel in its module; it assembles such kernels too. The corpus case
`names` (tests/corpus/names.phobos) runs such names on the GPU.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

import phobos
from phobos.backends.cuda.gemm.gemm_launch import gemm_of, generate_gemm
from phobos.backends.cuda.gemm.gemm_plan import GemmMode
from phobos.backends.cuda.gemm.gemm_prelude import GEMM_PRELUDE
from phobos.backends.cuda.names import RESERVED, Names, stem
from phobos.backends.cuda.write.kernel import generate
from phobos.backends.cuda.write.prelude import PRELUDE
from phobos.backends.gpu.abi import entry_symbol
from phobos.ir import nodes as ir
from phobos.ir.specialize import usual

# The issue's names, then more of each kind: CUDA math functions and intrinsics, CUDA's
# keywords and C++'s, reserved identifiers, macros (the compiler's, NVRTC's headers', the
# prelude's), built-in variables and types, the prelude's names, the back end's own
# locals and the forms they take, and the entry's symbol.
NAMES = (
    "expf", "sqrtf", "logf", "floorf", "fabsf", "__fdividef", "__logf", "__shared__", "__global__", "__device__",
    "__constant__", "__restrict__", "__CUDA_ARCH__", "__LINE__", "__FILE__", "__cplusplus", "_Pragma", "NULL",
    "__int128", "PH_INLINE",
    "__expf", "exp2f", "rsqrtf", "erff", "tanhf", "fminf", "fmaxf", "__nv_expf", "__shfl_xor_sync",
    "__syncthreads", "atomicAdd", "__float_as_uint", "__builtin_assume", "__forceinline__", "__launch_bounds__",
    "__grid_constant__", "__attribute__", "__align__", "auto", "int", "float", "class", "template", "typename",
    "namespace", "struct", "const", "void", "this", "new", "delete", "operator", "nullptr", "main", "concept",
    "requires", "co_await", "char8_t", "__COUNTER__", "__VA_ARGS__", "__has_include", "defined", "INFINITY",
    "NAN", "CUDART_VERSION", "NV_IS_DEVICE", "va_arg", "__assert_fail", "printf", "ph_assert_failed",
    "ph_assert_record", "PH_ARITHMETIC_MINMAX", "PH_ALL_LANES",
    "PH_NARROW_SHUFFLE", "threadIdx", "blockIdx", "blockDim", "gridDim", "warpSize", "size_t", "int2",
    "float4", "smem", "ph", "std", "cuda", "wadd", "imod", "Box", "Vec", "TensorMap", "box", "tmp", "own",
    "whole", "hi", "step", "start", "i0", "i0_g", "s", "at", "row_max", "x_box", "expf_box", "acc_0", "A_map",
    "_", "__", "_1", "x_", "x__", "expf_", "shared_", "phobos_k", "phobos___global__",
)


def shifted(by: int, size: int) -> list[str]:
    """NAMES after `by` names of no interest, and more after them to fill the last group
    of `size`: a kernel made of groups of `size` names, one a role, takes each name in
    each role over `size` shifts."""
    count = by + len(NAMES)
    return [f"q{i}" for i in range(by)] + list(NAMES) + [f"r{i}" for i in range(-count % size)]


def groups(names: list[str], size: int) -> list[list[str]]:
    return [names[at:at + size] for at in range(0, len(names) - size + 1, size)]


def scalars_kernel(kernel: str) -> str:
    """Every name as a let, beside the built-ins that call their namesakes, read by a var."""
    lets = "".join(f"    let {n} = x * {i + 1}.0\n" for i, n in enumerate(NAMES))
    sums = "".join(f"    total += abs({n})\n" for n in NAMES)
    return (
        f"kernel {kernel}(OUT: tensor<f32>[N], X: tensor<f32>[N]) {{\n"
        "  let g = ctx.block.x * ctx.threads + ctx.thread\n"
        "  let x = X[g]\n"
        "  if g < N {\n"
        f"{lets}"
        "    var total: f32 = 0.0\n"
        f"{sums}"
        "    total = sqrt(total) + exp(-abs(x)) + log(abs(x) + 1.0) + floor(x) / (abs(x) + 2.0)\n"
        "    OUT[g] = total + tanh(x) + exp2(x) + rsqrt(abs(x) + 1.0) + erf(x)\n"
        "  }\n"
        "}\n"
    )


def params_kernel(kernel: str, names: list[str], index: str = "ctx.block.x * ctx.threads + ctx.thread") -> str:
    """Names in fours: a tensor, its dim, a scalar parameter and a loop variable (and a
    var named after it), each read by the body."""
    decls, body = [], [f"  let g = {index}"]
    for t, d, s, loop in groups(names, 4):
        decls += [f"{t}: tensor<f32>[{d}]", f"{s}: f32"]
        body += [f"  var {loop}_v: f32 = 0.0",
                 f"  for {loop} in range(0, 3) {{",
                 f"    {loop}_v += f32({loop}) * {s}",
                 "  }",
                 f"  {t}[g] = sqrt(abs({t}[g] * {s})) + exp({loop}_v) + log(abs({s}) + 1.0) + floor({t}[g])"
                 f" / ({s} + 3.0) + f32({d})"]
    return f"kernel {kernel}({', '.join(decls)}) {{\n" + "\n".join(body) + "\n}\n"


def tiles_kernel(kernel: str, names: list[str]) -> str:
    """Names in eights: tensors, their dim, an autotune name and tiles of each kind the
    writer names its own locals beside (a box, registers, scratch, reductions)."""
    tunes, decls, body = [], [], []
    for x, y, dim, rows, a, b, c, d in groups(names, 8):
        tunes.append(f"{rows} in [2]")
        decls += [f"{x}: tensor<f32>[{dim}, 8]", f"{y}: tensor<f32>[{dim}, 8]"]
        body += [f"  let {d} = ctx.block.x * {rows}",
                 f"  var {a} = {x}[{d} :+ {rows}, :]",
                 f"  let {b} = exp({a}) / (abs({a}) + 1.0)",
                 f"  var {c}: tile<f32>[{rows}, 8] = 0.0",
                 f"  {c}[:, 1:] = {b}[:, 1:] + sqrt(abs({a}[:, 1:]))",
                 f"  {y}[{d} :+ {rows}, :] = {c} + rowmax({b}) + sum({a})"]
    return (f"@autotune({', '.join(tunes)})\nkernel {kernel}({', '.join(decls)}) {{\n" + "\n".join(body)
            + "\n}\n")


def fns_kernel(kernel: str, names: list[str], index: str = "ctx.block.x * ctx.threads + ctx.thread") -> str:
    """Names in sevens: an expression fn, a statement fn, their parameters, the
    statement fn's local, a tensor and its dim."""
    fns, decls, body = [], [], [f"  let i = {index}"]
    for f, g, p, q, local, out, n in groups(names, 7):
        fns += [f"fn {f}({p}) = sqrt(abs({p})) + exp({p})",
                f"fn {g}({p}, {q}) {{\n  let {local} = {f}({p}) * 2.0\n  {q} = {q} + {local}\n}}"]
        decls.append(f"{out}: tensor<f32>[{n}]")
        body += [f"  var {p}: f32 = {f}(f32(i))", f"  {g}(1.5, {p})", f"  {out}[i] = {p}"]
    return "\n".join(fns) + f"\nkernel {kernel}({', '.join(decls)}) {{\n" + "\n".join(body) + "\n}\n"


def programs() -> list[tuple[str, str]]:
    """(label, source): every name in every role, each kernel named by one of them."""
    out = [("lets", scalars_kernel("__global__"))]
    out += [(f"params{k}", params_kernel(NAMES[k], shifted(k, 4))) for k in range(4)]
    out += [(f"tiles{k}", tiles_kernel(NAMES[10 + k], shifted(k, 8))) for k in range(8)]
    out += [(f"fns{k}", fns_kernel(f"fns{k}", shifted(k, 7))) for k in range(7)]
    return out


PROGRAMS = programs()


def kernel_of(source: str) -> ir.Kernel:
    program = phobos.compile(source, path="names.phobos")
    (kernel,) = program.kernels.values()
    return kernel.variants[0]


def test_every_name_takes_every_role():
    roles: dict[str, set[str]] = {}
    for _, source in PROGRAMS:
        v = kernel_of(source)
        roles.setdefault(v.name, set()).add("kernel")
        for p in v.params:
            roles.setdefault(p.name, set()).add("tensor" if isinstance(p, ir.TensorParam) else "scalar")
        for d in v.runtime_dims:
            roles.setdefault(d, set()).add("dim")
    for n in NAMES:
        assert {"scalar", "tensor", "dim"} <= roles[n], n


def test_user_names_have_a_form_no_external_name_has():
    names = Names()
    given = [names.user(n) for n in NAMES]
    assert len(set(given)) == len(given)
    for c in given:
        assert re.fullmatch(r"[A-Za-z][A-Za-z0-9]*(_[A-Za-z0-9]+)*_", c), c
        assert c not in RESERVED
    assert names.user("expf") == "expf_4_"  # `expf`, `__expf` and `expf_` came first
    assert [Names().user(n) for n in ("x", "__shared__", "_", "_1", "x#3", "a.start0")] == [
        "x_", "shared_", "v_", "v1_", "x_3_", "a_start0_"]


def test_the_back_ends_own_names_never_end_in_an_underscore():
    names = Names()
    assert names.user("box") == "box_"
    assert [names.take(b) for b in ("box", "box", "x__box", "max", "__g")] == ["box", "box_2", "x_box", "max_2",
                                                                                 "g"]
    assert stem("__CUDA_ARCH__") == "CUDA_ARCH"


def test_the_generated_code_names_the_user_as_written():
    source = generate(kernel_of(scalars_kernel("__global__"))).source[len(PRELUDE):]
    assert "phobos___global__(f32* OUT_, f32* X_, i64 N_) {" in source
    for name, c_name in (("expf", "expf_"), ("__logf", "logf_2_"), ("__shared__", "shared_"), ("_", "v_")):
        k = NAMES.index(name) + 1
        assert re.search(rf"const f32 {c_name} = \(?x_ \* {k}\.0f\)?;", source), name


# Each program for sm_80 and sm_90, but those of tiles (each half a minute of NVRTC's
# time) for one of them in turn: each name in each tile role is built for one.
BUILDS = [(label, source, arch) for label, source in PROGRAMS for arch in ("sm_80", "sm_90")
          if not label.startswith("tiles") or int(label[5:]) % 2 == (arch == "sm_90")]


@pytest.mark.parametrize(("label", "source", "arch"), BUILDS, ids=[f"{label}-{arch}" for label, _, arch in BUILDS])
@pytest.mark.usefixtures("fresh_cache")
def test_nvrtc_builds_every_name_in_every_role(label: str, source: str, arch: str):
    pytest.importorskip("cuda.bindings")
    from phobos.backends.cuda.runtime.compile import build

    v = kernel_of(source)
    gen = generate(v)
    code = build(gen, v, arch)
    assert code[:4] == b"\x7fELF" and gen.symbol.encode() + b"\0" in code


@pytest.mark.usefixtures("fresh_cache")
def test_a_gemm_kernel_names_its_tensor_maps_by_the_users_names():
    pytest.importorskip("cuda.bindings")
    from phobos.backends.cuda.runtime.compile import build

    source = """
@tensorcore
@autotune(TM in [128], TN in [128], TK in [64])
kernel __device__(__shared__: tensor<bf16>[NULL, K], expf: tensor<bf16>[K, __LINE__],
                  __global__: tensor<bf16>[NULL, __LINE__], _Pragma: f32) {
  let PH_INLINE = ctx.block.y * TM
  let __restrict__ = ctx.block.x * TN
  var smem: tile<f32>[TM, TN] = 0.0
  for __CUDA_ARCH__ in range(0, K, TK) {
    smem += dot(__shared__[PH_INLINE :+ TM, __CUDA_ARCH__ :+ TK], expf[__CUDA_ARCH__ :+ TK, __restrict__ :+ TN])
  }
  __global__[PH_INLINE :+ TM, __restrict__ :+ TN] = bf16(smem * _Pragma)
}
"""
    v = kernel_of(source)
    form, plan = gemm_of(v)  # type: ignore[misc]
    tensors = frozenset(p.name for p in v.params if isinstance(p, ir.TensorParam))
    gen = generate_gemm(v, usual(v, tensors), form, plan, GemmMode(True, True))
    assert "ph::TensorMap shared_map" in gen.source and "ph::TensorMap expf_map" in gen.source
    assert build(gen, v, "sm_90").startswith(b"\x7fELF")


@pytest.mark.usefixtures("fresh_cache")
def test_every_name_is_a_kernel_whose_entry_is_found():
    """One NVRTC run for all: the entries of kernels named by every name, each found in
    the cubin by the symbol a launch looks up."""
    pytest.importorskip("cuda.bindings")
    from phobos.backends.cuda.runtime.compile import build

    gens = []
    for name in NAMES:
        v = kernel_of(f"kernel {name}(X: tensor<f32>[N], s: f32) {{\n  X[ctx.thread] = s\n}}")
        gens.append(generate(v))
    assert len({g.symbol for g in gens}) == len(NAMES)
    assert all(g.symbol == entry_symbol(n) for g, n in zip(gens, NAMES, strict=True))
    joined = PRELUDE + "".join(g.source[len(PRELUDE):] for g in gens)
    code = build(dataclasses.replace(gens[0], source=joined), v, "sm_90")
    for g in gens:
        assert g.symbol.encode() + b"\0" in code, g.symbol


def test_the_prelude_declares_no_name_of_a_users_form():
    for text in (PRELUDE, GEMM_PRELUDE):
        found = set(re.findall(r"(?<![A-Za-z0-9_])[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)*_(?![A-Za-z0-9_])", text))
        assert not found, found


def _nvrtc_libraries() -> list[Path]:
    """NVRTC's libraries, where the headers it compiles every program with are held."""
    from cuda.bindings import nvrtc

    nvrtc.nvrtcVersion()
    maps = Path("/proc/self/maps")
    if not maps.exists():
        pytest.skip("the loaded libraries are read from /proc/self/maps")
    paths = {Path(line.split()[-1]) for line in maps.read_text().splitlines() if "libnvrtc" in line}
    found = sorted(p for p in paths if p.exists())
    builtins = [p.parent / q.name for p in found for q in p.parent.glob("libnvrtc-builtins.so*")]
    return sorted(set(found) | set(builtins))


def _macros(names: list[str]) -> set[str]:
    """Which of `names` are macros in a program NVRTC compiles for sm_90."""
    from cuda.bindings import nvrtc

    found: set[str] = set()
    for at in range(0, len(names), 4000):
        part = names[at:at + 4000]
        source = "".join(f"#ifdef {n}\n#warning MACRO {n}\n#endif\n" for n in part).encode()
        _, program = nvrtc.nvrtcCreateProgram(source, b"probe.cu", 0, [], [])
        options = [b"-arch=sm_90", b"-std=c++17"]
        nvrtc.nvrtcCompileProgram(program, len(options), options)
        _, size = nvrtc.nvrtcGetProgramLogSize(program)
        log = b" " * size
        nvrtc.nvrtcGetProgramLog(program, log)
        nvrtc.nvrtcDestroyProgram(program)
        found |= set(re.findall(r"MACRO (\w+)", log.decode(errors="replace")))
    return found


def test_no_macro_nvrtc_defines_has_a_users_form():
    """Every identifier NVRTC's libraries hold (its headers are there as text) that is
    a macro in a compiled program: none has the form of a user's C++ name, nor starts
    with the entry's prefix."""
    pytest.importorskip("cuda.bindings")
    words: set[str] = set()
    for path in _nvrtc_libraries():
        words |= {w.decode() for w in re.findall(rb"[A-Za-z_][A-Za-z0-9_]{0,80}", path.read_bytes())}
    macros = _macros(sorted(words))
    assert {"NULL", "assert", "__CUDACC__", "CUDART_VERSION", "__CUDA_ARCH__"} <= macros  # the headers were read
    users = {m for m in macros if re.fullmatch(r"[A-Za-z][A-Za-z0-9]*(_[A-Za-z0-9]+)*_", m)}
    assert not users
    assert not {m for m in macros if m.startswith(entry_symbol(""))}


# Tile IR runs no thread of its own: the same roles, indexed by the block.
TILEIR = [("params", params_kernel("__global__", shifted(1, 4), "ctx.block.x")),
          ("tiles", tiles_kernel("_Pragma", shifted(0, 8))),
          ("fns", fns_kernel("NULL", shifted(2, 7), "ctx.block.x"))]


@pytest.mark.parametrize(("label", "source"), TILEIR, ids=[label for label, _ in TILEIR])
@pytest.mark.usefixtures("fresh_cache")
def test_tileir_assembles_such_names(label: str, source: str):
    from phobos.backends.tileir.assemble import cubin, installed
    from phobos.backends.tileir.launch import lowered

    v = kernel_of(source)
    gen, bytecode = lowered(v)
    assert f"@{gen.symbol}(" in gen.source
    if not installed():
        pytest.skip("tileiras is not installed")
    assert cubin(gen.source, bytecode, "sm_90", v.name).startswith(b"\x7fELF")
