"""Differential testing with random valid kernels (tests/gen), as Csmith and YARPGen
test C compilers.

In the default run, Hypothesis draws a fixed sample (derandomized, so CI sees the same
kernels every time): kernels of the oracle's subset (elementwise, reductions, dot,
softmax, windows at the edges, collectives) run on the interpreter against the numpy
oracle, bit for bit where the generator says the value is exact; kernels of every kind
run on the interpreter. Every kernel is checked in both spellings (one ir), and
compiled by NVRTC for sm_90 where NVRTC is installed. The `slow` marker runs many
more. scripts/difftest.py runs the same kernels on the GPU against the interpreter.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from corpus import cases
from corpus.harness import BACKENDS, assert_same_ir
from corpus.harness import check as check_case
from cuda_host import gxx_has_barrier
from gen import coverage, inputs, oracle, overlap, printer, runner, walk
from gen.choices import HypothesisChooser
from gen.model import (
    Assign,
    Binary,
    Call,
    Ctx,
    Expr,
    For,
    Index,
    Let,
    Lit,
    Name,
    Program,
    Span,
    Sub,
    TensorParam,
    Unary,
)
from gen.program import generate
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

REPO = Path(__file__).resolve().parent.parent
ORACLE_SAMPLE = 160
ALL_KINDS_SAMPLE = 160
SETTINGS = dict(
    derandomize=True,
    database=None,
    deadline=None,
    print_blob=True,
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.filter_too_much,
        HealthCheck.large_base_example,
    ],
)


@st.composite
def kernels(draw: st.DrawFn, easy: bool) -> runner.Generated:
    ch = HypothesisChooser(draw)
    return runner.Generated(generate(ch, easy), None, ch.record, easy)


@pytest.fixture(scope="module")
def nvrtc(request: pytest.FixtureRequest) -> bool:
    """Whether NVRTC compiles here (into a cache of this module's own)."""
    try:
        request.getfixturevalue("fresh_cache")
    except pytest.skip.Exception:
        return False
    return True


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("generated")


def report(g: runner.Generated, outcome: runner.Outcome) -> str:
    return (
        f"{outcome.status} at {outcome.stage}: {outcome.message}\n"
        f"--- native ---\n{g.native}\n--- python ---\n{g.python}"
    )


def check(g: runner.Generated, folder: Path, nvrtc: bool, with_oracle: bool) -> None:
    outcome = runner.check_one(
        g, folder, input_seed=len(g.choices), oracle=oracle.evaluate if with_oracle else None, nvrtc=nvrtc
    )
    assert outcome.status == "agreed", report(g, outcome)


# The constructs each sample used, kept for the coverage test when the sample ran.
SAMPLES: dict[bool, set[str]] = {}


def sample(easy: bool, count: int, folder: Path | None = None, nvrtc: bool = False) -> set[str]:
    """The constructs of a derandomized sample, each kernel checked where `folder` is
    given. One function draws it, so the coverage test sees the kernels the others ran
    (Hypothesis derives a derandomized run's draws from the function's code)."""
    seen: set[str] = set()

    @settings(max_examples=count, **SETTINGS)
    @given(g=kernels(easy=easy))
    def one(g: runner.Generated) -> None:
        seen.update(coverage.constructs(g.program))
        if folder is not None:
            check(g, folder, nvrtc, with_oracle=easy)

    one()
    return seen


def test_the_interpreter_agrees_with_numpy(folder: Path, nvrtc: bool) -> None:
    SAMPLES[True] = sample(True, ORACLE_SAMPLE, folder, nvrtc)


def test_kernels_of_every_kind_check_compile_and_run(folder: Path, nvrtc: bool) -> None:
    SAMPLES[False] = sample(False, ALL_KINDS_SAMPLE, folder, nvrtc)


def test_the_sample_covers_the_language() -> None:
    """The kernels the two tests above draw, between them, use every construct the
    issue lists (drawn again, without running them, where those tests did not run)."""
    seen: set[str] = set()
    for easy, count in ((True, ORACLE_SAMPLE), (False, ALL_KINDS_SAMPLE)):
        seen |= SAMPLES[easy] if easy in SAMPLES else sample(easy, count)
    missing = [c for c in coverage.REQUIRED if c not in seen]
    assert not missing, f"the CI sample never uses: {missing}"


@pytest.mark.slow
@settings(max_examples=3000, **SETTINGS)
@given(g=kernels(easy=True))
def test_the_interpreter_agrees_with_numpy_long(g: runner.Generated, folder: Path, nvrtc: bool) -> None:
    check(g, folder, nvrtc, with_oracle=True)


@pytest.mark.slow
@settings(max_examples=3000, **SETTINGS)
@given(g=kernels(easy=False))
def test_kernels_of_every_kind_long(g: runner.Generated, folder: Path, nvrtc: bool) -> None:
    check(g, folder, nvrtc, with_oracle=False)


# ---------------------------------------------------------------- statements that read what they store
# tests/gen/overlap.py: a statement's reads see its target as it was before it (issue 22).


def rows_at(e: Expr, block: str, b: int) -> tuple[int, int]:
    """The interval a generated row start can take in CTA `b` (the name `block`); a
    start read from the tensor, `i64(Z[r, j]) & 1`, adds 0 or 1."""
    match e:
        case Lit(text=text):
            return int(text), int(text)
        case Name(name=name) if name == block:
            return b, b
        case Unary(op="-", operand=x):
            lo, hi = rows_at(x, block, b)
            return -hi, -lo
        case Binary(op="&", right=Lit(text="1")):
            return 0, 1
        case Binary(op="+" | "-" | "*" as op, left=x, right=y):
            (a0, a1), (b0, b1) = rows_at(x, block, b), rows_at(y, block, b)
            if op == "-":
                b0, b1 = -b1, -b0
            corners = [a * c for a in (a0, a1) for c in (b0, b1)] if op == "*" else [a0 + b0, a1 + b1]
            return min(corners), max(corners)
    raise AssertionError(f"a row start the generator does not make: {e}")


def rows_touched(p: Program, name: str) -> list[tuple[set[int], set[int]]]:
    """Per CTA, the rows of tensor `name` it reads and those it stores."""
    out: list[tuple[set[int], set[int]]] = []
    block = next(s.name for s in p.body if isinstance(s, Let) and s.value == Ctx("block.x"))
    for b in range(p.grid):
        read: set[int] = set()
        stored: set[int] = set()
        for s in walk.stmts(p.body):
            roots = walk.roots(s)
            target = s.target if isinstance(s, Assign) else None
            for root in roots:
                for e in walk.exprs(root):
                    if not (isinstance(e, Sub) and e.base == name):
                        continue
                    item = e.items[0]
                    assert isinstance(item, Index | Span), f"{name} read whole along its rows: {e}"
                    start = item.at if isinstance(item, Index) else item.start
                    lo, hi = rows_at(start, block, b)
                    rows = set(range(lo, hi + (item.length if isinstance(item, Span) else 1)))
                    (stored if e is target else read).update(rows)
        out.append((read, stored))
    return out


def test_a_statement_reads_its_target_only_in_rows_its_own_cta_stores() -> None:
    """CTAs run in no defined order: a CTA reads no row of a tensor that another CTA
    stores, and no two CTAs store one row (over a few hundred kernels, every one that
    reads what it stores)."""
    seen = 0
    for seed in range(300):
        p = runner.from_seed(seed, easy=seed % 2 == 0).program
        for t in p.params:
            if not (isinstance(t, TensorParam) and t.role == "inout"):
                continue
            touched = rows_touched(p, t.name)
            seen += any(stored for _, stored in touched)
            for b, (read, stored) in enumerate(touched):
                for other, (_, theirs) in enumerate(touched):
                    if other != b:
                        assert not (read | stored) & theirs, (seed, t.name, b, other, printer.native(p))
    assert seen > 30


def first_seed(note: str) -> int:
    return next(s for s in range(5000) if note in coverage.constructs(runner.from_seed(s, easy=True).program))


@pytest.mark.parametrize("shape", [k for k, _ in overlap.SHAPES] + ["deep"])
def test_a_statement_reading_its_target_agrees_with_numpy(shape: str, folder: Path, nvrtc: bool) -> None:
    """The first kernel drawing each shape of read, on the interpreter against numpy
    (which computes the whole value, then stores), in both spellings, built by NVRTC."""
    g = runner.from_seed(first_seed(f"self:{shape}"), easy=True)
    check(g, folder, nvrtc, with_oracle=True)


def placed_loops(p: Program) -> list[For]:
    """The loops of `p` whose `dot` reads a window placed by an element of an inout
    tensor that the loop's own body stores (tests/gen/placed.py)."""
    inout = {t.name for t in p.params if isinstance(t, TensorParam) and t.role == "inout"}
    found = []
    for s in walk.stmts(p.body):
        if not isinstance(s, For):
            continue
        stored = {t.target.base for t in s.body if isinstance(t, Assign) and isinstance(t.target, Sub)} & inout
        windows = [w for t in s.body for root in walk.roots(t) for e in walk.exprs(root)
                   if isinstance(e, Call) and e.fn == "dot" for x in e.args
                   for w in (x.args[0] if isinstance(x, Call) and x.fn == "transpose" else x,) if isinstance(w, Sub)]
        if any(isinstance(e, Sub) and e.base in stored for w in windows for it in w.items
               for start in walk.item_exprs(it) for e in walk.exprs(start)):
            found.append(s)
    return found


def test_the_generator_draws_a_loop_window_placed_by_an_element_the_loop_stores() -> None:
    """The shape of the CUDA back end's copy a turn ahead from a stale index (`k_ahead`,
    test_cuda_host.py's stale-IDX test): a loop whose product's window starts at an
    element of an inout tensor that the same loop stores, drawn in about 1 kernel of 30,
    and only by that shape."""
    seen = 0
    for seed in range(240):
        p = runner.from_seed(seed, easy=seed % 2 == 0).program
        loops = placed_loops(p)
        assert bool(loops) == ("self:placed" in p.notes), (seed, printer.native(p))
        seen += bool(loops)
    assert seen >= 5


# ---------------------------------------------------------------- what the runs found
# Each kernel a run found wrong, shrunk and fixed, is a corpus case (corpus/generated.*).

AREA = "generated"


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize(("case", "spelling"), cases.params(AREA), ids=cases.ids(AREA))
def test_corpus(case, spelling, backend):
    check_case(case, spelling, backend)


@pytest.mark.parametrize("case", cases.both(AREA), ids=cases.short)
def test_both_spellings_are_one_program(case):
    assert_same_ir(case)


# ---------------------------------------------------------------- the machinery itself


def test_a_wrong_output_is_a_disagreement(folder: Path) -> None:
    """The comparison can fail: an interpreter result changed in one element is caught."""
    g = runner.from_seed(3, easy=True)
    kernel = runner.compile_native(g)
    args = inputs.draw(g.program, 1)
    got = runner.run_interp(kernel, g, args)
    want = oracle.evaluate(g.program, dict(args))
    assert not runner.compare_outputs(g, got, want, exact_when_zero=True)
    name = next(n for n, a in got.items() if isinstance(a, np.ndarray) and n in want and a.size)
    got[name] = got[name].copy()
    flat = got[name].reshape(-1)
    if flat.dtype == np.bool_:
        flat[0] = not flat[0]
    elif flat.dtype.kind in "iu":
        flat[0] = ~flat[0]
    else:
        flat[0] = 12345.0 if flat[0] != 12345.0 else 0.0
    assert runner.compare_outputs(g, got, want, exact_when_zero=True)


def test_shrinking_keeps_a_failure_and_makes_it_smaller() -> None:
    """Replaying fewer, smaller choices gives a smaller kernel that still fails."""
    g = next(
        g for g in (runner.from_seed(s, easy=False) for s in range(50)) if "dot(" in g.native and len(g.native) > 1500
    )

    def fails(c: runner.Generated) -> bool:
        return "dot(" in c.native

    small = runner.shrink(g, fails, budget=20.0)
    assert fails(small)
    assert len(small.native) < len(g.native) / 2
    assert runner.compile_native(small).variants


def test_the_difftest_script_runs_end_to_end_on_the_interpreter(tmp_path: Path) -> None:
    """scripts/difftest.py --dry-run: NVRTC (skipped where it is not installed), then the
    interpreter on both sides; its summary counts every kernel."""
    pytest.importorskip("cuda.bindings.nvrtc", reason="the dry run builds with NVRTC: the cuda extra is not installed")
    out = tmp_path / "run"
    done = subprocess.run(
        [
            sys.executable,
            str(REPO / "scripts" / "difftest.py"),
            "--dry-run",
            "--count",
            "12",
            "--jobs",
            "1",
            "--seed",
            "7",
            "--out",
            str(out),
        ],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=REPO,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    summary = json.loads((out / "summary.json").read_text())
    counts = summary["counts"]
    assert counts["generated"] == 12
    assert counts["agreed"] + counts["disagreed"] + counts["refused"] + counts["errors"] == 12
    assert counts["agreed"] == 12, summary
    assert summary["constructs"]["tile_statement"] > 0


@pytest.mark.parametrize(("extra", "mode"), [([], "host"), (["--arch", "900"], "host-sm90")])
def test_the_difftest_script_runs_the_cuda_code_on_the_host(tmp_path: Path, extra: list[str], mode: str) -> None:
    """scripts/difftest.py --host: the CUDA back end's code of each kernel run on the host
    (tests/cuda_host.py) against the interpreter, below sm_75 or as sm_90a runs it; its
    summary counts every kernel."""
    if not gxx_has_barrier():
        pytest.skip("needs g++ with C++20's <barrier>")
    out = tmp_path / "run"
    command = [sys.executable, str(REPO / "scripts" / "difftest.py"), "--host", "--count", "6", "--jobs", "1",
               "--seed", "11", "--out", str(out), *extra]
    done = subprocess.run(command, capture_output=True, text=True, timeout=600, cwd=REPO)
    assert done.returncode == 0, done.stdout + done.stderr
    summary = json.loads((out / "summary.json").read_text())
    assert summary["mode"] == mode
    assert summary["counts"]["generated"] == summary["counts"]["agreed"] == 6, summary
    assert (out / "host").is_dir()  # the host's binaries were built there


def test_generated_products_on_wgmma_agree_as_the_h200_runs_them(tmp_path: Path) -> None:
    """The first four generated kernels (from seed 0) holding a product the general
    lowering puts on wgmma, run on the host as sm_90a runs them (cuda_host_mma.py) against
    the interpreter: the generator's forms of `dot` (tests/gen/products.py) on the
    H200's lowering, without a GPU."""
    if not gxx_has_barrier():
        pytest.skip("needs g++ with C++20's <barrier>")
    from cuda_host import launch

    import phobos
    from phobos.backends.cuda.write.kernel import generate as write_cuda

    def on_the_host(kernel: phobos.Kernel, program: Program, args: dict) -> dict:
        launch(kernel, program.grid, args, {}, tmp_path / "host", arch=900)
        return args

    found = []
    for seed in range(400):
        g = runner.from_seed(seed, False)
        try:
            kernel = runner.compile_native(g)
        except phobos.PhobosError:
            continue
        if "ph::wgmma_m64" in write_cuda(kernel.variants[0]).source:
            found.append(g)
        if len(found) == 4:
            break
    assert len(found) == 4, "the generator draws wgmma products in about 1 kernel of 10"
    for g in found:
        outcome = runner.check_one(g, tmp_path, input_seed=g.seed or 0, nvrtc=False, python=False, other=on_the_host)
        assert outcome.status == "agreed", f"seed {g.seed}: {outcome.message}\n{g.native}"
