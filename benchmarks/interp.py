"""Time four kernels on the CPU interpreter and print elements per second.

    taskset -c 0 python benchmarks/interp.py [--repeat N]

The target is each launch under 2 s on one core of a CI-class machine, so numpy's
BLAS is held to one thread (unless the environment already says otherwise) and
`taskset -c 0` keeps the process on one core. Each kernel is launched once to build
its variants, then timed `--repeat` times; the best time is reported, and every
result is checked against numpy so a fast wrong answer cannot pass.
"""

from __future__ import annotations

import os

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import argparse  # noqa: E402  (after the thread limits, which numpy reads on import)
import platform  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from collections.abc import Callable  # noqa: E402
from dataclasses import dataclass  # noqa: E402

import numpy as np  # noqa: E402

import phobos  # noqa: E402

PROGRAM = """
@launch(256)
kernel scale_rows(X: tensor<f32>[M, 64], S: tensor<f32>[M, 1], Y: tensor<f32>[M, 64]) {
  let r = ctx.block.x * 32
  var x = X[r :+ 32, :]
  var s = S[r :+ 32, :]
  Y[r :+ 32, :] = x * s
}

@launch(256)
kernel partial_sums(X: tensor<f32>[1, N], O: tensor<f32>[1, 256]) {
  var acc: f32 = 0.0
  for<unroll 4> i in range(ctx.thread, N, 256) {
    acc += X[0, i]
  }
  O[0, ctx.thread] = acc
}

@autotune(TM in [64], TN in [64], TK in [32])
kernel gemm(A: tensor<f32>[M, K], B: tensor<f32>[K, N], C: tensor<f32>[M, N]) {
  let m0 = ctx.block.y * TM
  let n0 = ctx.block.x * TN
  var acc: tile<f32>[TM, TN] = 0.0
  for k in range(0, K, TK) {
    var a = A[m0 :+ TM, k :+ TK]
    var b = B[k :+ TK, n0 :+ TN]
    acc += dot(a, b)
  }
  C[m0 :+ TM, n0 :+ TN] = acc
}

@autotune(ROWS in [8], COLS in [1024])
kernel row_softmax(X: tensor<f32>[M, N], Y: tensor<f32>[M, N]) {
  let r = ctx.block.x * ROWS
  var x = X[r :+ ROWS, 0 :+ COLS]
  Y[r :+ ROWS, 0 :+ COLS] = softmax(x)
}
"""


@dataclass
class Case:
    name: str
    size: str
    elements: int  # what "elements per second" counts: outputs, or inputs for a reduction
    out: np.ndarray  # the array the kernel writes; reset before every launch
    launch: Callable[[], None]
    check: Callable[[], float]  # the largest relative error against numpy


def cases(module: phobos.Module, rng: np.random.Generator) -> list[Case]:
    out: list[Case] = []

    m = 4096
    x = rng.standard_normal((m, 64), dtype=np.float32)
    s = rng.standard_normal((m, 1), dtype=np.float32)
    y = np.zeros_like(x)
    out.append(Case(
        "scale_rows", f"M = {m}", m * 64, y,
        lambda: module.scale_rows[m // 32](x, s, y),
        lambda: _error(y, x * s),
    ))

    n = 2**20
    v = rng.standard_normal((1, n), dtype=np.float32)
    o = np.zeros((1, 256), np.float32)
    out.append(Case(
        "partial_sums", "N = 2^20", n, o,
        lambda: module.partial_sums[1](v, o),
        lambda: _error(o, v.reshape(-1, 256).sum(axis=0, dtype=np.float64).reshape(1, 256)),
    ))

    g = 256
    a = rng.standard_normal((g, g), dtype=np.float32)
    b = rng.standard_normal((g, g), dtype=np.float32)
    c = np.zeros((g, g), np.float32)
    out.append(Case(
        "gemm f32", "256 x 256 x 256", g * g, c,
        lambda: module.gemm[lambda meta: (meta["N"] // meta["TN"], meta["M"] // meta["TM"])](a, b, c),
        lambda: _error(c, a.astype(np.float64) @ b),
    ))

    rows = 1024
    t = rng.standard_normal((rows, 1024), dtype=np.float32)
    u = np.zeros_like(t)
    e = np.exp(t.astype(np.float64) - t.max(axis=1, keepdims=True))
    out.append(Case(
        "row softmax", "1024 x 1024", rows * 1024, u,
        lambda: module.row_softmax[lambda meta: meta["M"] // meta["ROWS"]](t, u),
        lambda: _error(u, e / e.sum(axis=1, keepdims=True)),
    ))
    return out


def _error(got: np.ndarray, want: np.ndarray) -> float:
    return float(np.max(np.abs(got - want)) / max(1.0, float(np.max(np.abs(want)))))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="timed launches per kernel (best is kept)")
    opts = parser.parse_args()

    module = phobos.compile(PROGRAM, interpret=True)
    cpus = sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else "?"
    print(f"phobos {phobos.__version__} interpreter; Python {platform.python_version()}, "
          f"numpy {np.__version__}; {platform.machine()}, CPUs allowed: {cpus}")
    print(f"{'kernel':<14}{'size':<18}{'best s':>9}{'elements/s':>14}{'rel. error':>12}")
    worst = 0.0
    for case in cases(module, np.random.default_rng(0)):
        case.launch()  # builds the variants; not timed
        times = []
        for _ in range(opts.repeat):
            case.out.fill(np.nan)  # so the check below sees this launch's writes
            start = time.perf_counter()
            case.launch()
            times.append(time.perf_counter() - start)
        best = min(times)
        error = case.check()
        worst = max(worst, best)
        print(f"{case.name:<14}{case.size:<18}{best:>9.3f}{case.elements / best:>14.3g}{error:>12.1e}")
        if error > 1e-4:
            print(f"  {case.name}: the result disagrees with numpy", file=sys.stderr)
            return 1
    print(f"slowest launch: {worst:.3f} s (target: under 2 s each)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
