"""`phobos compile PATH --target SM [--emit cuda|ptx|cubin] [-o DIR]`, the ahead-of-time
build: every variant of every kernel, no GPU needed, a non-zero exit on any failure."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from phobos.__main__ import main
from phobos.backends.cuda.runtime.compile import nvrtc_version
from phobos.backends.gpu import cache
from phobos.errors import PhobosError

PROGRAM = """\
@autotune(TILE in [128, 256])
kernel scale(X: tensor<f32>[N], Y: tensor<f32>[N], a: f32) {
  let base = ctx.block.x * TILE
  var x = X[base :+ TILE]
  Y[base :+ TILE] = x * a
}

kernel copy(X: tensor<bf16>[N], Y: tensor<bf16>[N]) {
  let i = ctx.block.x * ctx.threads + ctx.thread
  Y[i] = X[i]
}
"""

PYTHON = '''\
from __future__ import annotations

import phobos.lang as ph


@ph.kernel
def twice(X: ph.tensor[ph.i32][N]):
    i: ph.let = ph.ctx.block.x * ph.ctx.threads + ph.ctx.thread
    X[i] = X[i] * 2
'''


@pytest.fixture(autouse=True)
def own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(cache.ENV_CACHE_DIR, str(tmp_path / "cache"))


@pytest.fixture
def nvrtc() -> None:
    try:
        nvrtc_version()
    except PhobosError as exc:
        pytest.skip(str(exc))


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def test_emit_cuda_writes_every_variant(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    src = write(tmp_path, "k.phobos", PROGRAM)
    assert main(["compile", str(src), "--emit", "cuda", "-o", str(tmp_path / "out")]) == 0
    names = sorted(p.name for p in (tmp_path / "out").iterdir())
    assert names == ["copy.cu", "scale.TILE-128.cu", "scale.TILE-256.cu"]
    text = (tmp_path / "out" / "scale.TILE-128.cu").read_text()
    assert f'#line 4 "{src}"' in text and 'extern "C" __global__' in text
    assert "scale [TILE=128]" in capsys.readouterr().out


PRODUCTS = """\
kernel linear(A: tensor<bf16>[M, K], W: tensor<bf16>[N, K], C: tensor<f32>[M, N]) {
  let m0 = ctx.block.y * 128
  let n0 = ctx.block.x * 128
  var acc: tile<f32>[128, 128] = 0.0
  for k in range(0, K, 64) {
    acc += dot(A[m0 :+ 128, k :+ 64], transpose(W[n0 :+ 128, k :+ 64]))
  }
  C[m0 :+ 128, n0 :+ 128] = acc
}

kernel small(X: tensor<f32>[M, 64], D: tensor<f32>[M, 64]) {
  D[0 :+ 16, :] = dot(X[0 :+ 16, :], X[0 :+ 64, :])
}
"""


def test_compile_says_how_each_product_runs(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    """A user with no GPU sees which lowering each `dot` gets, at its line, and that a
    GEMM kernel's launches on sm_90 run it as a GEMM kernel instead."""
    src = write(tmp_path, "p.phobos", PRODUCTS)
    assert main(["compile", str(src), "--emit", "cuda", "-o", str(tmp_path / "out")]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1] == ("  dot at 6:12: wgmma m64n128k16 on sm_90a summed into `acc`'s registers (the accumulator "
                      "layout), A staged swizzled, B staged swizzled for wgmma; mma.sync m16n8k16 from sm_80 summed "
                      "into `acc`'s registers (the accumulator layout), A staged for ldmatrix, B staged for ldmatrix; "
                      "scalar products below sm_80")
    assert out[2] == "  a launch on sm_90 runs it as a GEMM kernel on wgmma instead (the gemm-* files for it)"
    small = out.index(next(line for line in out if line.startswith("small")))
    assert out[small + 1] == ("  dot at 12:19: loops of scalar products (f32 operands into f32: tensor cores take "
                              "f16 or bf16 into f32, i8 into i32)")


TF32_GEMM = """\
kernel linear(A: tensor<f32>[M, K], W: tensor<f32>[N, K], C: tensor<f32>[M, N]) {
  let m0 = ctx.block.y * 128
  let n0 = ctx.block.x * 128
  var acc: tile<f32>[128, 128] = 0.0
  for k in range(0, K, 32) {
    acc += dot<precision tf32>(A[m0 :+ 128, k :+ 32], transpose(W[n0 :+ 128, k :+ 32]))
  }
  C[m0 :+ 128, n0 :+ 128] = acc
}
"""


def test_compile_says_a_tf32_gemm_runs_on_wgmma_on_sm_90_and_scalar_products_elsewhere(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    src = write(tmp_path, "t.phobos", TF32_GEMM)
    assert main(["compile", str(src), "--emit", "cuda", "-o", str(tmp_path / "out")]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1] == ("  dot at 6:12: multiply-adds into registers, blocked by the row layout (a tf32 product: no "
                      "mma.sync atom takes one yet; a GEMM kernel's tf32 loop of W[N, K] runs on wgmma), summed into "
                      "`acc`; A and B staged in shared memory, B's groups read whole")
    assert out[2] == "  a launch on sm_90 runs it as a GEMM kernel on wgmma instead (the gemm-* files for it)"


MMA_GEMM = """\
kernel plain(A: tensor<f16>[M, K], B: tensor<f16>[K, N], C: tensor<f32>[M, N]) {
  let m0 = ctx.block.y * 128
  let n0 = ctx.block.x * 128
  var acc: tile<f32>[128, 128] = 0.0
  for k in range(0, K, 64) {
    acc += dot(A[m0 :+ 128, k :+ 64], B[k :+ 64, n0 :+ 128])
  }
  C[m0 :+ 128, n0 :+ 128] = acc
}
"""


def test_a_gemm_kernel_is_built_as_the_variants_its_launches_run(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                                 nvrtc: None):
    """Ahead of time, a GEMM kernel is also written as the tensor-core code its launches
    run: on sm_90 wgmma with TMA loads (tensor maps as arguments) and with the
    producer's copies, on sm_80 mma.sync; each line says how to launch it."""
    src = write(tmp_path, "p.phobos", PRODUCTS + MMA_GEMM)
    out = tmp_path / "out"
    assert main(["compile", str(src), "--emit", "ptx", "--target", "sm_80", "--target", "sm_90", "-o", str(out)]) == 0
    names = sorted(p.name for p in out.iterdir())
    assert names == ["linear.gemm-threads.sm_90.ptx", "linear.gemm-tma.sm_90.ptx", "linear.sm_80.ptx",
                     "linear.sm_90.ptx", "plain.gemm-mma.sm_80.ptx", "plain.gemm-threads.sm_90.ptx",
                     "plain.gemm-tma.sm_90.ptx", "plain.sm_80.ptx", "plain.sm_90.ptx", "small.sm_80.ptx",
                     "small.sm_90.ptx"]
    tma = (out / "linear.gemm-tma.sm_90.ptx").read_text()
    threads = (out / "linear.gemm-threads.sm_90.ptx").read_text()
    assert ".target sm_90a" in tma and "wgmma.mma_async" in tma and "cp.async.bulk.tensor" in tma
    assert "wgmma.mma_async" in threads and "cp.async.bulk.tensor" not in threads
    mma = (out / "plain.gemm-mma.sm_80.ptx").read_text()
    assert "mma.sync.aligned" in mma and "ldmatrix" in mma
    text = capsys.readouterr().out
    assert "entry phobos_linear(tensormap a, tensormap b, tensormap c, tensor A, tensor W, tensor C, dim M," in text
    assert "tensormap b: W as a 2-D row-major map, boxes of 128 rows of 64 elements, 128-byte swizzle" in text


def test_cubins_for_several_targets(tmp_path: Path, nvrtc: None):
    src = write(tmp_path, "k.phobos", PROGRAM)
    out = tmp_path / "out"
    targets = ["--target", "sm_75", "--target", "sm_80", "--target", "sm_90"]
    assert main(["compile", str(src), *targets, "-o", str(out)]) == 0
    cubins = sorted(p.name for p in out.iterdir())
    assert len(cubins) == 9 and "copy.sm_75.cubin" in cubins
    assert all(p.read_bytes()[:4] == b"\x7fELF" for p in out.iterdir())


def test_ptx(tmp_path: Path, nvrtc: None):
    src = write(tmp_path, "k.phobos", PROGRAM)
    assert main(["compile", str(src), "--emit", "ptx", "--target", "sm_80", "-o", str(tmp_path)]) == 0
    assert ".target sm_80" in (tmp_path / "copy.sm_80.ptx").read_text()


def test_a_python_module(tmp_path: Path, nvrtc: None):
    src = write(tmp_path, "mod.py", PYTHON)
    assert main(["compile", str(src), "-o", str(tmp_path / "out")]) == 0
    assert (tmp_path / "out" / "twice.sm_90.cubin").exists()


def test_a_program_error_exits_non_zero(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    src = write(tmp_path, "bad.phobos", "kernel k(X: tensor<f32>[N]) {\n  X[0] = nope\n}\n")
    assert main(["compile", str(src), "--emit", "cuda", "-o", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert "bad.phobos:2:10: error: unknown name `nope`" in err


@pytest.mark.parametrize(
    ("name", "data", "where", "message"),
    [
        ("latin1.phobos", b"kernel k(X: tensor<f32>[N]) {\n  X[0] = 1.0 // caf\xe9\n}\n", "2:20", "not UTF-8 text"),
        ("latin1.py", b"import phobos.lang as ph\nname = 'caf\xe9'\n", "2:12", "not UTF-8 text: 0xe9"),
        ("unclosed.py", b"import phobos.lang as ph\nx = (\n", "2:5", "compile this module: '(' was never closed"),
    ],
)
def test_a_source_that_cannot_be_read_exits_non_zero_at_its_line(tmp_path, capsys, name, data, where, message):
    src = tmp_path / name
    src.write_bytes(data)
    assert main(["compile", str(src), "--emit", "cuda", "-o", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"{src}:{where}: error: ") and message in err


@pytest.mark.parametrize(
    ("text", "where", "message"),
    [
        ("import phobos.lang as ph\n\nraise RuntimeError('boom')\n", "3:1", "raised RuntimeError: boom"),
        ("import phobos.lang as ph\nimport no_such_module_here\n", "2:1",
         "raised ModuleNotFoundError: No module named 'no_such_module_here'"),
        ("import sys\nsys.exit(0)\n", "2:1", "raised SystemExit: 0"),
        ("import sys\n\nsys.exit('bye')\n", "3:1", "raised SystemExit: bye"),
    ],
)
def test_a_module_whose_own_code_fails_on_import_exits_at_its_line(tmp_path, capsys, text, where, message):
    """The module's top-level code is the user's: its exception is reported at its
    line as an error, with no traceback through Phobos."""
    src = write(tmp_path, "raises.py", text)
    assert main(["compile", str(src), "--emit", "cuda", "-o", str(tmp_path / "out")]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"{src}:{where}: error: importing raises.py {message}"), err
    assert "Traceback" not in err


def test_an_interrupt_ends_the_command_with_status_130_and_no_traceback(tmp_path, capsys):
    src = write(tmp_path, "stops.py", "raise KeyboardInterrupt\n")
    assert main(["compile", str(src), "--emit", "cuda", "-o", str(tmp_path / "out")]) == 130
    err = capsys.readouterr().err
    assert err == "phobos: interrupted\n"


@pytest.mark.parametrize("jobs", ["0", "-3", "many"])
def test_jobs_must_be_a_positive_count(tmp_path, capsys, jobs):
    src = write(tmp_path, "k.phobos", TILE_PROGRAM)
    with pytest.raises(SystemExit) as info:
        main(["compile", str(src), "-j", jobs, "-o", str(tmp_path / "out")])
    assert info.value.code == 2
    assert f"-j takes a positive number of variants built at once, not '{jobs}'" in capsys.readouterr().err


def test_a_kernel_defined_in_a_class_is_built(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    text = PYTHON.replace("@ph.kernel\ndef twice", "class Holder:\n    @ph.kernel\n    def twice").replace(
        "\n    i: ph.let", "\n        i: ph.let").replace("\n    X[i] = X[i] * 2", "\n        X[i] = X[i] * 2")
    src = write(tmp_path, "held.py", text)
    assert main(["compile", str(src), "--emit", "cuda", "--kernel", "twice", "-o", str(tmp_path / "out")]) == 0
    assert (tmp_path / "out" / "twice.cu").exists()


BIG_GEMM = """\
@autotune(TM in [128], TN in [256], TK in [64])
kernel gemm_big(A: tensor<bf16>[M, K], B: tensor<bf16>[K, N], C: tensor<f32>[M, N]) {
  let m = ctx.block.y * TM
  let n = ctx.block.x * TN
  var acc: tile<f32>[TM, TN] = 0.0
  for k in range(0, K, TK) {
    acc += dot(A[m :+ TM, k :+ TK], B[k :+ TK, n :+ TN])
  }
  C[m :+ TM, n :+ TN] = acc
}
"""


def test_a_gemm_kernel_whose_general_lowering_does_not_fit_still_builds_its_own(tmp_path: Path, nvrtc: None,
                                                                               capsys: pytest.CaptureFixture[str]):
    """The spec's largest GEMM tile at 128 threads: its launches on sm_90 run the GEMM
    kernel's lowering, which is built; the general lowering (acc and its product in
    shared memory) passes sm_90's 227 KB and is reported refused, with why."""
    src = write(tmp_path, "big.phobos", BIG_GEMM)
    assert main(["compile", str(src), "--target", "sm_90", "-j", "1", "-o", str(tmp_path / "out")]) == 1
    stem = "gemm_big.TM-128.TN-256.TK-64"
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == [f"{stem}.gemm-threads.sm_90.cubin",
                                                                    f"{stem}.gemm-tma.sm_90.cubin"]
    err = capsys.readouterr().err
    assert "needs 262144 bytes of shared memory" in err and "launches on sm_90 run the GEMM kernel's own" in err
    assert "whose other files were built" in err and "2 files built; 1 file not built" in err


def test_too_much_shared_memory_names_the_kernel_and_target(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    big = "kernel big(X: tensor<f32>[N]) {\n  var t: tile<f32>[200, 256]\n  X[0 :+ 8] = t[0, 0 :+ 8]\n}\n"
    src = write(tmp_path, "big.phobos", big)
    assert main(["compile", str(src), "--target", "sm_80", "-o", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert "kernel `big` needs 204800 bytes of shared memory" in err and "sm_80 has at most 166912" in err


def test_tiles_no_target_can_hold_are_refused_for_emit_cuda_too(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    big = "kernel big(X: tensor<f32>[N]) {\n  var t: tile<f32>[256, 256]\n  X[0 :+ 8] = t[0, 0 :+ 8]\n}\n"
    src = write(tmp_path, "big.phobos", big)
    assert main(["compile", str(src), "--emit", "cuda", "-o", str(tmp_path / "out")]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"{src}:2:3: error: the tiles of kernel `big` need at least 262144 bytes of shared memory")
    assert "(232448 bytes on sm_90)" in err and not (tmp_path / "out" / "big.cu").exists()


@pytest.mark.parametrize(("backend", "target"), [("cuda", "sm_1"), ("tileir", "sm_75")])
def test_an_unknown_target_is_a_bad_argument(tmp_path: Path, capsys: pytest.CaptureFixture[str], backend: str,
                                            target: str):
    src = write(tmp_path, "k.phobos", TILE_PROGRAM)
    argv = ["compile", str(src), "--backend", backend, "--target", "sm_90", "--target", target, "-o", str(tmp_path)]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"phobos compile: error: --target: unknown target `{target}`") and "sm_90" in err
    assert not list(tmp_path.glob("*.cubin"))


def test_a_folder_named_like_a_module_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    (tmp_path / "x.py").mkdir()
    assert main(["compile", str(tmp_path / "x.py"), "--emit", "cuda", "-o", str(tmp_path / "out")]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"error: {tmp_path / 'x.py'} is a folder") and "Traceback" not in err


FAST = '''\
from __future__ import annotations

import phobos.lang as ph


@ph.kernel(math_mode="fast")
def soft(X: ph.tensor[ph.f32][N], Y: ph.tensor[ph.f32][N]):
    base: ph.let = ph.ctx.block.x * 128
    x: ph.let = X[base :+ 128]
    Y[base :+ 128] = ph.exp(x) / (x + 1.0)
'''


@pytest.mark.parametrize(("backend", "emit", "fast", "precise"),
                         [("cuda", "cuda", "__expf(", "expf("),
                          ("tileir", "tileir", "rounding_mode = approx", "= exp ")])
def test_a_fast_kernel_is_built_in_its_math_mode(tmp_path: Path, backend: str, emit: str, fast: str, precise: str):
    """A build makes the code a launch would, math_mode included."""
    for name, text in (("fast.py", FAST), ("precise.py", FAST.replace('(math_mode="fast")', ""))):
        out = tmp_path / f"{name}.out"
        assert main(["compile", str(write(tmp_path, name, text)), "--backend", backend, "--emit", emit,
                     "-o", str(out)]) == 0
        code = (out / f"soft.{'cu' if emit == 'cuda' else 'tileir'}").read_text()
        assert (fast in code) == (name == "fast.py"), name
        if name == "precise.py":
            assert precise in code


def test_a_fast_kernels_tileir_cubins_are_what_its_launches_look_up(tmp_path: Path):
    """The cubins `--emit cubin` caches for a fast kernel are those of its launches'
    keys (each in fast math), so a machine without tileiras finds them."""
    from phobos.backends.tileir import assemble
    from phobos.backends.tileir.launch import lowered, specializations

    try:
        assemble.tileiras()
    except PhobosError as exc:
        pytest.skip(exc.message)
    src = write(tmp_path, "fast.py", FAST)
    assert main(["compile", str(src), "--backend", "tileir", "--target", "sm_90", "-o", str(tmp_path / "o")]) == 0
    variant = phobos_kernels(src)["soft"].variants[0]
    for _, spec in specializations(variant, fast_math=True):
        gen, code = lowered(variant, spec)
        assert spec.fast_math and cache.lookup(assemble.cubin_key(gen.source, code, "sm_90"), "cubin")


def phobos_kernels(path: Path) -> dict[str, object]:
    from phobos.backends.aot import kernels_to_build

    return {k.name: k for k in kernels_to_build(path)}


def test_emit_cuda_checks_every_target(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    """One CUDA C++ file serves every target, but each target's limits are checked:
    tiles sm_90 holds and sm_75 does not are refused, whichever target comes first."""
    big = "kernel big(X: tensor<f32>[N]) {\n  var t: tile<f32>[100, 256]\n  X[0 :+ 8] = t[0, 0 :+ 8]\n}\n"
    src = write(tmp_path, "big.phobos", big)
    for order in (["sm_90", "sm_75"], ["sm_75", "sm_90"]):
        targets = [a for t in order for a in ("--target", t)]
        assert main(["compile", str(src), "--emit", "cuda", *targets, "-o", str(tmp_path / "out")]) == 1
        err = capsys.readouterr().err
        assert err.startswith(f"{src}:1:1: error: kernel `big` needs 102400 bytes of shared memory")
        assert "a CTA on sm_75 has at most 65536" in err and not (tmp_path / "out" / "big.cu").exists()
    assert main(["compile", str(src), "--emit", "cuda", "--target", "sm_90", "-o", str(tmp_path / "out")]) == 0


TWO_OF_ONE_NAME = '''\
from __future__ import annotations

import phobos.lang as ph


@ph.kernel
def soft(X: ph.tensor[ph.f32][N]):
    base: ph.let = ph.ctx.block.x * 128
    X[base :+ 128] = ph.exp(X[base :+ 128])


same = soft
soft_fast = soft.with_options(math_mode="fast")
'''


@pytest.mark.parametrize("backend", ["cuda", "tileir"])
def test_two_kernels_of_one_name_in_a_module_are_refused_with_both_places(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], backend: str):
    """A build names each kernel's files after it, so a second kernel of the name would
    overwrite the first's: refused, nothing written. One kernel under two names is
    built once."""
    emit = "cuda" if backend == "cuda" else "tileir"
    src = write(tmp_path, "two.py", TWO_OF_ONE_NAME)
    out = tmp_path / "out"
    assert main(["compile", str(src), "--backend", backend, "--emit", emit, "-o", str(out)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"{src}:7:1: error: {src} holds two kernels named `soft`, whose built files would have")
    assert f"one is defined at {src}:7:1; the other is defined at {src}:7:1 with math_mode='fast'" in err
    assert not out.exists() or not list(out.iterdir())
    write(tmp_path, "two.py", TWO_OF_ONE_NAME.replace('soft_fast = soft.with_options(math_mode="fast")\n', ""))
    assert main(["compile", str(src), "--backend", backend, "--emit", emit, "-o", str(out)]) == 0
    assert capsys.readouterr().out.count("soft: ") == 1 and len(list(out.iterdir())) == 1


def test_a_kernel_of_a_long_name_gets_a_file_of_a_hashed_name(tmp_path: Path):
    """A name too long for a file (250 characters and a suffix) keeps its start and a
    hash of the whole; a short one is the file's name as it is."""
    from phobos.backends.aot import LONGEST_STEM

    names = ("k" * 250, "k" * 249 + "j")
    src = write(tmp_path, "long.phobos", "".join(
        f"kernel {n}(X: tensor<f32>[N]) {{\n  let c = ctx.block.x * 32\n  X[c :+ 32] = X[c :+ 32] * 2.0\n}}\n"
        for n in names))
    for backend, emit in (("cuda", "cuda"), ("tileir", "bytecode")):
        out = tmp_path / backend
        assert main(["compile", str(src), "--backend", backend, "--emit", emit, "-o", str(out)]) == 0
        files = sorted(p.name for p in out.iterdir())
        assert len(files) == 2 and all(len(f) <= LONGEST_STEM + 10 and f.startswith("k" * 150) for f in files)


def test_a_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    assert main(["compile", str(tmp_path / "none.phobos"), "--emit", "cuda"]) == 1
    assert "no such file" in capsys.readouterr().err


@pytest.mark.parametrize("where", ["a file", "under a file"])
def test_an_output_that_cannot_be_a_folder_is_a_bad_argument(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                             where: str):
    src = write(tmp_path, "k.phobos", PROGRAM)
    blocker = write(tmp_path, "taken", "someone's file")
    out = blocker if where == "a file" else blocker / "out"
    assert main(["compile", str(src), "--emit", "cuda", "-o", str(out)]) == 2
    err = capsys.readouterr().err
    problem = f"{out} exists and is not a folder" if where == "a file" else f"cannot make the folder {out}"
    assert err.startswith(f"phobos compile: error: -o: {problem}")
    assert "Traceback" not in err and blocker.read_text() == "someone's file"


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes to any folder")
def test_an_unwritable_output_folder_is_a_bad_argument(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    src = write(tmp_path, "k.phobos", PROGRAM)
    out = tmp_path / "locked"
    out.mkdir(mode=0o555)
    assert main(["compile", str(src), "--emit", "cuda", "-o", str(out)]) == 2
    assert f"-o: the folder {out} is not writable" in capsys.readouterr().err


def test_an_output_file_that_cannot_be_written_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    src = write(tmp_path, "k.phobos", PROGRAM)
    out = tmp_path / "out"
    (out / "copy.cu").mkdir(parents=True)
    assert main(["compile", str(src), "--emit", "cuda", "-o", str(out)]) == 1
    assert f"error: cannot write {out / 'copy.cu'}: Is a directory" in capsys.readouterr().err


def test_a_fifo_where_an_output_goes_is_replaced_not_waited_on(tmp_path: Path):
    src = write(tmp_path, "k.phobos", PROGRAM)
    out = tmp_path / "out"
    out.mkdir()
    os.mkfifo(out / "copy.cu")  # writing into it would wait for a reader forever
    env = {**os.environ, cache.ENV_CACHE_DIR: str(tmp_path / "cache")}
    done = subprocess.run([sys.executable, "-m", "phobos", "compile", str(src), "--emit", "cuda", "-o", str(out)],
                          capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode == 0, done.stderr
    assert (out / "copy.cu").is_file() and "phobos_copy" in (out / "copy.cu").read_text()


def test_python_dash_m_and_the_exit_status(tmp_path: Path):
    src = write(tmp_path, "bad.phobos", "kernel k( {\n")
    env = {**os.environ, cache.ENV_CACHE_DIR: str(tmp_path / "cache")}
    done = subprocess.run([sys.executable, "-m", "phobos", "compile", str(src), "--emit", "cuda", "-o", str(tmp_path)],
                          capture_output=True, text=True, env=env)
    assert done.returncode == 1 and "error" in done.stderr
    done = subprocess.run([sys.executable, "-m", "phobos"], capture_output=True, text=True, env=env)
    assert done.returncode == 2


TILE_PROGRAM = """\
@autotune(TILE in [128, 256])
kernel scale(X: tensor<f32>[N], Y: tensor<f32>[N], a: f32) {
  let base = ctx.block.x * TILE
  Y[base :+ TILE] = X[base :+ TILE] * a
}
"""


def test_tileir_backend_writes_text_and_bytecode(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    src = write(tmp_path, "k.phobos", TILE_PROGRAM)
    for emit in ("tileir", "bytecode"):
        assert main(["compile", str(src), "--backend", "tileir", "--emit", emit, "-o", str(tmp_path / emit)]) == 0
    assert sorted(p.name for p in (tmp_path / "tileir").iterdir()) == ["scale.TILE-128.tileir", "scale.TILE-256.tileir"]
    assert "entry @phobos_scale(" in (tmp_path / "tileir" / "scale.TILE-256.tileir").read_text()
    assert (tmp_path / "bytecode" / "scale.TILE-128.tileirbc").read_bytes().startswith(b"\x7fTileIR\x00")
    assert "scale [TILE=256]: " in capsys.readouterr().out


def test_tileir_cubins_need_tileiras(tmp_path: Path):
    from phobos.backends.tileir.assemble import tileiras

    try:
        tileiras()
    except PhobosError as exc:
        pytest.skip(exc.message)
    src = write(tmp_path, "k.phobos", TILE_PROGRAM)
    out = tmp_path / "out"
    assert main(["compile", str(src), "--backend", "tileir", "--target", "sm_80", "-o", str(out)]) == 0
    assert sorted(p.name for p in out.iterdir()) == [  # for any extents, dims multiples of 16, 4; any tensors
        "scale.TILE-128.div16.sm_80.cubin", "scale.TILE-128.div4.sm_80.cubin", "scale.TILE-128.sm_80.cubin",
        "scale.TILE-128.unaligned.sm_80.cubin",
        "scale.TILE-256.div16.sm_80.cubin", "scale.TILE-256.div4.sm_80.cubin", "scale.TILE-256.sm_80.cubin",
        "scale.TILE-256.unaligned.sm_80.cubin"]
    assert b".text.phobos_scale" in (out / "scale.TILE-128.sm_80.cubin").read_bytes()
    assert b".text.phobos_scale" in (out / "scale.TILE-128.div16.sm_80.cubin").read_bytes()


def test_a_tileir_cubin_tileiras_fails_on_is_reported_and_the_others_built(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]):
    """Where tileiras crashes on one specialization's module (13.4 does on some GEMMs'
    `.div16`), that file is reported not built, with where its launches go, and the
    variant's other files are built; the build still fails."""
    import phobos
    from phobos.backends.tileir import aot
    from phobos.backends.tileir.assemble import TileirasFailed
    from phobos.backends.tileir.launch import lowered, specializations

    src = write(tmp_path, "k.phobos", TILE_PROGRAM)
    bad = {lowered(v, spec)[0].source for v in phobos.compile(str(src)).kernels["scale"].variants
           for suffix, spec in specializations(v) if suffix == ".div16"}

    def cubin(text: str, bytecode: bytes, arch: str, kernel: str, where: object) -> bytes:
        if text in bad:
            raise TileirasFailed(f"tileiras could not assemble the kernel `{kernel}` for {arch}: tileiras was "
                                 "stopped by SIGSEGV", where)
        return b"cubin"

    monkeypatch.setattr(aot, "tileiras", lambda: tmp_path)
    monkeypatch.setattr(aot, "cubin", cubin)
    out = tmp_path / "out"
    assert main(["compile", str(src), "--backend", "tileir", "--kernel", "scale", "-o", str(out)]) == 1
    err = capsys.readouterr().err
    assert "tileiras was stopped by SIGSEGV" in err and "note: no scale.TILE-128.div16.sm_90.cubin: launches" in err
    assert "whose other files were built" in err and err.endswith("6 files built; 2 files not built (above)\n")
    assert sorted(p.name for p in out.iterdir() if "TILE-128" in p.name) == [
        "scale.TILE-128.div4.sm_90.cubin", "scale.TILE-128.sm_90.cubin", "scale.TILE-128.unaligned.sm_90.cubin"]


def test_a_missing_tileiras_names_the_package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]):
    from phobos.backends.tileir import assemble

    monkeypatch.setattr(assemble, "wheel_roots", lambda: [])
    monkeypatch.setenv("PATH", str(tmp_path / "nothing"))
    assemble.tileiras.cache_clear()
    try:
        src = write(tmp_path, "k.phobos", TILE_PROGRAM)
        assert main(["compile", str(src), "--backend", "tileir", "-o", str(tmp_path / "out")]) == 1
    finally:
        assemble.tileiras.cache_clear()
    err = capsys.readouterr().err
    assert "tileiras is not installed" in err and "pip install nvidia-cuda-tileiras==13.4.92 " in err
    assert "pip install -e '.[tileir]'" in err


def test_a_refused_kernel_fails_the_tileir_build_with_its_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    """The kernel Tile IR refuses is reported with its line; the others are built."""
    src = write(tmp_path, "k.phobos", PROGRAM)
    assert main(["compile", str(src), "--backend", "tileir", "--emit", "tileir", "-o", str(tmp_path / "o")]) == 1
    captured = capsys.readouterr()
    assert f"{src}:9:39: error: `ctx.thread` is a per-thread construct" in captured.err
    assert captured.err.endswith("phobos compile: 2 files built; 1 variant refused (above)\n")
    assert sorted(p.name for p in (tmp_path / "o").iterdir()) == ["scale.TILE-128.tileir", "scale.TILE-256.tileir"]


# One variant of `tiles` fits sm_75's 64 KB and one does not; `small` fits.
MIXED = """\
@autotune(ROWS in [8, 100])
kernel tiles(X: tensor<f32>[N]) {
  var t: tile<f32>[ROWS, 256]
  X[0 :+ 8] = t[0, 0 :+ 8]
}

kernel small(X: tensor<f32>[N]) {
  X[0 :+ 8] = X[8 :+ 8]
}
"""


@pytest.mark.parametrize("jobs", [["--jobs", "1"], []])
def test_a_refused_variant_is_reported_and_every_other_built(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                             jobs: list[str]):
    """Each variant on its own (one at a time, or one a core): the refused one's error
    and variant are on stderr with a summary, the others' files are written and listed
    in the order of the file, and the status is 1."""
    src = write(tmp_path, "m.phobos", MIXED)
    out = tmp_path / "out"
    assert main(["compile", str(src), "--emit", "cuda", "--target", "sm_75", *jobs, "-o", str(out)]) == 1
    captured = capsys.readouterr()
    assert f"{src}:1:1: error: kernel `tiles` needs 102400 bytes of shared memory" in captured.err
    assert "note: in the variant [ROWS=100] of `tiles`, which was not built" in captured.err
    assert captured.err.endswith("phobos compile: 2 files built; 1 variant refused (above)\n")
    assert [line.split(":")[0] for line in captured.out.splitlines() if not line.startswith(" ")] == [
        "tiles [ROWS=8]", "small"]
    assert sorted(p.name for p in out.iterdir()) == ["small.cu", "tiles.ROWS-8.cu"]


@pytest.mark.parametrize(("backend", "emit"), [("tileir", "ptx"), ("tileir", "cuda"), ("cuda", "bytecode")])
def test_an_emit_the_backend_does_not_write_is_a_bad_argument(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                              backend: str, emit: str):
    src = write(tmp_path, "k.phobos", TILE_PROGRAM)
    assert main(["compile", str(src), "--backend", backend, "--emit", emit, "-o", str(tmp_path / "o")]) == 2
    said = capsys.readouterr().err
    assert said.startswith(f"phobos compile: error: --emit: {emit} is not something the {backend} back end writes")


def test_an_explain_output_that_cannot_be_a_folder_is_a_bad_argument(tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]):
    src = write(tmp_path, "k.phobos", TILE_PROGRAM)
    taken = write(tmp_path, "afile", "x")
    assert main(["explain", str(src), "-o", str(taken)]) == 2
    assert capsys.readouterr().err.startswith("phobos explain: error: -o: ")
    assert main(["explain", str(src), "--kernel", "scale", "-o", str(tmp_path / "Page.HTML")]) == 0
    assert (tmp_path / "Page.HTML").read_text().startswith("<!doctype html>")


@pytest.mark.parametrize(("backend", "emit", "suffix"), [("cuda", "cuda", ".cu"), ("tileir", "bytecode", ".tileirbc")])
def test_a_file_named_by_bytes_that_are_not_utf8_is_built_and_named_as_it_is(tmp_path: Path, backend: str, emit: str,
                                                                             suffix: str):
    """issue 22: a path reaches the generated code's locations as its bytes; the Tile IR
    bytecode's debug information could not encode such a name (UnicodeEncodeError)."""
    source = tmp_path / os.fsdecode(b"k\xff.phobos")
    source.write_text(PROGRAM.split("\n\nkernel copy")[0] + "\n")  # the tile kernel, which both back ends build
    out = tmp_path / "out"
    assert main(["compile", str(source), "--backend", backend, "--emit", emit, "-o", str(out)]) == 0
    built = sorted(out.glob(f"*{suffix}"))
    named = b"k\\377.phobos" if backend == "cuda" else b"k\xff.phobos"  # an octal escape in a C string
    assert len(built) == 2 and all(named in p.read_bytes() for p in built)


def test_version_and_the_targets_in_help(capsys: pytest.CaptureFixture[str]):
    import phobos

    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0 and capsys.readouterr().out.strip() == f"phobos {phobos.__version__}"
    with pytest.raises(SystemExit):
        main(["compile", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "The cuda back end builds for sm_75, sm_80, sm_86, sm_89, sm_90; the tileir back end for sm_80," in text


def test_the_cache_command_lists_sizes_and_clears_what_phobos_keeps(tmp_path: Path,
                                                                    capsys: pytest.CaptureFixture[str]):
    """`phobos cache list|size|clear` on the folder PHOBOS_CACHE_DIR names (own_cache):
    entries by kind, their total, and a clear that leaves the user's own files."""
    cache.store("ab" + "0" * 62, "cubin", b"x" * 100)
    cache.store("cd" + "1" * 62, "ptx", b"y" * 10)
    (cache.cache_dir() / "notes.txt").write_text("mine")
    assert main(["cache", "list"]) == 0
    listed = capsys.readouterr().out.splitlines()
    assert listed[0].endswith(": 2 files, 270 bytes") and listed[1:] == ["  cubin: 1 file, 180 bytes",
                                                                         "  ptx: 1 file, 90 bytes"]
    assert main(["cache", "size"]) == 0
    assert capsys.readouterr().out == f"270 bytes in {cache.cache_dir()}\n"
    assert main(["cache", "clear"]) == 0
    assert capsys.readouterr().out == f"removed 2 files (270 bytes) from {cache.cache_dir()}\n"
    assert cache.lookup("ab" + "0" * 62, "cubin") is None and (cache.cache_dir() / "notes.txt").exists()


def test_a_python_module_is_imported_with_its_folder_on_the_path(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    """The module runs as an import (its `__main__` block does not), and may import its
    neighbours, as it would when run from its folder."""
    write(tmp_path, "helpers.py", "import phobos.lang as ph\n\n\n@ph.fn\ndef double(x):\n    return x * 2\n")
    write(tmp_path, "mod.py", PYTHON.replace("import phobos.lang as ph\n", "import phobos.lang as ph\nfrom helpers "
                                             "import double\n").replace("X[i] * 2", "double(X[i])")
          + '\nif __name__ == "__main__":\n    raise SystemExit("run as a script")\n')
    assert main(["compile", str(tmp_path / "mod.py"), "--emit", "cuda", "-o", str(tmp_path / "out")]) == 0
    assert (tmp_path / "out" / "twice.cu").exists() and str(tmp_path) not in sys.path


def test_kernel_picks_which_kernels_to_build(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    src = write(tmp_path, "k.phobos", PROGRAM)
    out = tmp_path / "out"
    assert main(["compile", str(src), "--emit", "cuda", "--kernel", "copy", "-o", str(out)]) == 0
    assert sorted(p.name for p in out.iterdir()) == ["copy.cu"]
    assert main(["compile", str(src), "--emit", "cuda", "--kernel", "nope", "-o", str(out)]) == 1
    assert f"{src} defines no kernel `nope`; it defines scale, copy" in capsys.readouterr().err


def test_a_number_stored_as_bool_is_refused_in_the_python_spelling(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    """The Python spelling's store of an integer into a bool tensor is refused at its
    line, as the native one is (tests/test_types.py), not built into code NVRTC refuses."""
    src = write(tmp_path, "bl.py", PYTHON.replace("ph.i32", "ph.bool").replace("X[i] = X[i] * 2", "X[i] = 2"))
    assert main(["compile", str(src), "--emit", "cuda", "-o", str(tmp_path / "out")]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"{src}:9:12: error: a store to `X` is bool, but an integer literal; nothing converts"), err
