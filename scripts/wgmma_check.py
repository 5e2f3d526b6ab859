"""The general lowering's products on wgmma (dot_wgmma.py) on a GPU: each form of issue
23 item 2 at sizes no tile divides, against float64 numpy on the same bf16 inputs, with
PHOBOS_CUDA_GENERAL_WGMMA on. One line a case (its lowering, its error); the results as
JSON to --out. Run on the GPU machine from the repository root:

    PYTHONPATH=src python3 scripts/wgmma_check.py --out wgmma.json

`--host` runs the same kernels with no GPU: the code a launch on the H200 runs (sm_90a),
run on the host with wgmma, ldmatrix and cp.async emulated by their PTX ISA layouts
(tests/cuda_host.py, tests/cuda_host_mma.py).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import zlib

import numpy as np

os.environ["PHOBOS_CUDA_GENERAL_WGMMA"] = "1"
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "src"))
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tests"))

import torch  # noqa: E402

import phobos  # noqa: E402
from phobos.backends.cuda.write.kernel import generate  # noqa: E402

HEAD = """@launch({threads})
kernel k(A: tensor<{t}>[M, K], B: tensor<{t}>[K, N], W: tensor<{t}>[N, K], Z: tensor<{t}>[2, M, K],
         B2: tensor<{t}>[K, N2], C: tensor<f32>[M, N]) {{
  let m0 = ctx.block.x * {tm}
  let n0 = ctx.block.y * {tn}
{body}
}}
"""
CASES = {
    # name: (threads, tm, tn, body, M, K, N, N2)
    "windows": (128, 64, 64, "  let c = dot(A[m0 :+ 64, 0 :+ 48], B[0 :+ 48, n0 :+ 64])\n"
        "  C[m0 :+ 64, n0 :+ 64] = c", 200, 40, 190, 8),
    "transposed": (128, 64, 24, "  let c = dot(A[m0 :+ 64, 0 :+ 48], transpose(W[n0 :+ 24, 0 :+ 48]))\n"
        "  C[m0 :+ 64, n0 :+ 24] = c", 130, 37, 50, 8),
    "batched": (128, 64, 64, "  let c = dot(Z[1, m0 :+ 64, 0 :+ 48], B[0 :+ 48, n0 :+ 64])\n"
        "  C[m0 :+ 64, n0 :+ 64] = c", 100, 40, 64, 8),
    "computed": (128, 64, 64, "  let c = dot(bf16(max(A[m0 :+ 64, 0 :+ 48], 0.0)), B[0 :+ 48, n0 :+ 64])\n"
        "  C[m0 :+ 64, n0 :+ 64] = c", 70, 48, 130, 8),
    "chained": (128, 64, 64,
                "  let c = dot(bf16(dot(A[m0 :+ 64, 0 :+ 48], B2[0 :+ 48, 0 :+ 64])), B[0 :+ 64, n0 :+ 64])\n"
        "  C[m0 :+ 64, n0 :+ 64] = c", 90, 64, 64, 64),
    "turned_a": (128, 64, 64, "  let c = dot(transpose(B2[0 :+ 48, m0 :+ 64]), B[0 :+ 48, n0 :+ 64])\n"
                 "  C[m0 :+ 64, n0 :+ 64] = c", 100, 40, 64, 100),
    "stored": (128, 64, 64, "  C[m0 :+ 64, n0 :+ 64] = dot(A[m0 :+ 64, 0 :+ 48], B[0 :+ 48, n0 :+ 64])",
               200, 40, 190, 8),
    "stored_scaled": (128, 64, 64, "  C[m0 :+ 64, n0 :+ 64] = "
                      "dot(A[m0 :+ 64, 0 :+ 64], transpose(W[n0 :+ 64, 0 :+ 64])) * 0.5 + 1.0", 64, 64, 64, 8),
    "register_a": (128, 64, 64, """  let h = bf16(max(dot(A[m0 :+ 64, 0 :+ 64], B2[0 :+ 64, 0 :+ 64]), 0.0))
  C[m0 :+ 64, n0 :+ 64] = dot(h, B[0 :+ 64, n0 :+ 64])""", 150, 64, 64, 64),
    "wide_256": (256, 128, 256, "  let c = dot(A[m0 :+ 128, 0 :+ 64], B[0 :+ 64, n0 :+ 256])\n"
        "  C[m0 :+ 128, n0 :+ 256] = c", 300, 64, 300, 8),
    "scaled": (128, 64, 64, "  let c = dot(A[m0 :+ 64, 0 :+ 64], transpose(W[n0 :+ 64, 0 :+ 64])) * 0.5 + 1.0\n"
        "  C[m0 :+ 64, n0 :+ 64] = c", 64, 64, 64, 8),
    "loop_ring": (256, 128, 128, """  var acc: tile<f32>[128, 128] = 0.0
  for k in range(0, K, 32) {
    acc = acc + dot(A[m0 :+ 128, k :+ 32], B[k :+ 32, n0 :+ 128])
  }
  C[m0 :+ 128, n0 :+ 128] = acc""", 260, 100, 200, 8),
    "loop_transposed_k128": (128, 64, 64, """  var acc: tile<f32>[64, 64] = 0.0
  for k in range(0, K, 128) {
    acc = acc * 0.5 + dot(A[m0 :+ 64, k :+ 128], transpose(W[n0 :+ 64, k :+ 128]))
  }
  C[m0 :+ 64, n0 :+ 64] = acc""", 100, 300, 72, 8),
}


def reference(name, a, b, w, z, b2, K):
    def f(x):
        return x.astype(np.float64)

    if name in ("windows", "stored"):
        return f(a) @ f(b)
    if name == "transposed":
        return f(a) @ f(w).T
    if name == "batched":
        return f(z[1]) @ f(b)
    if name == "computed":
        return f(np.maximum(a, 0)) @ f(b)
    if name == "turned_a":
        return f(b2).T @ f(b)
    if name == "register_a":
        h = torch.tensor(np.maximum(f(a) @ f(b2), 0).astype(np.float32)).bfloat16().float().numpy()
        return f(h) @ f(b)
    if name == "chained":  # the inner product's k is its windows' 48, of A's 64 columns
        h = torch.tensor((f(a[:, :48]) @ f(b2[:48])).astype(np.float32)).bfloat16().float().numpy()
        return f(h) @ f(b)
    if name == "wide_256":
        return f(a) @ f(b)
    if name in ("scaled", "stored_scaled"):
        return (f(a) @ f(w).T) * 0.5 + 1.0
    if name == "loop_ring":
        return f(a) @ f(b)
    if name == "loop_transposed_k128":
        acc = np.zeros((a.shape[0], w.shape[0]))
        for k in range(0, K, 128):
            acc = acc * 0.5 + f(a[:, k:k + 128]) @ f(w[:, k:k + 128]).T
        return acc


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default="wgmma.json")
    parser.add_argument("--tolerance", type=float, default=2e-2,
                        help="the largest error allowed, relative to the largest value")
    parser.add_argument("--host", action="store_true", help="no GPU: sm_90a's code run on the host (cuda_host.py)")
    args = parser.parse_args()
    results = {name: check(name, *case, host=args.host) for name, case in CASES.items()}
    json.dump(results, open(args.out, "w"), indent=1)
    bad = [name for name, r in results.items() if "error" in r or r["nans"] or r["err"] > args.tolerance]
    print(f"{len(results) - len(bad)} of {len(results)} agreed" + (f"; not: {', '.join(bad)}" if bad else ""))
    return 1 if bad else 0


def check(name: str, threads: int, tm: int, tn: int, body: str, M: int, K: int, N: int, N2: int,
          host: bool = False) -> dict:
    rng = np.random.default_rng(zlib.crc32(name.encode()))
    text = HEAD.format(threads=threads, t="bf16", tm=tm, tn=tn, body=body)
    try:
        kern = phobos.compile(text, path=f"{name}.phobos").kernels["k"]
        tens = {}
        for key, shape in (("A", (M, K)), ("B", (K, N)), ("W", (N, K)), ("Z", (2, M, K)), ("B2", (K, N2))):
            tens[key] = torch.tensor(rng.standard_normal(shape, dtype=np.float32) / 4).bfloat16()
        if name in ("chained", "register_a"):
            tens["B"] = torch.tensor(rng.standard_normal((N2, N), dtype=np.float32) / 8).bfloat16()
            tens["B2"] = torch.tensor(rng.standard_normal((K, N2), dtype=np.float32) / 4).bfloat16()
        grid = (-(-M // tm), -(-N // tn))
        if host:
            got_c = on_the_host(kern, grid, tens, M, N)
        else:
            tens = {k: v.cuda() for k, v in tens.items()}
            c = torch.full((M, N), float("nan"), device="cuda")
            kern[grid](tens["A"], tens["B"], tens["W"], tens["Z"], tens["B2"], c)
            torch.cuda.synchronize()
            got_c = c.cpu().numpy()
        np_t = {k: v.float().cpu().numpy() for k, v in tens.items()}
        ref = reference(name, np_t["A"], np_t["B"], np_t["W"], np_t["Z"], np_t["B2"], K)
        got = got_c.astype(np.float64)
        # every element is written: a NaN left is an element no block stored
        err = float(np.nanmax(np.abs(got - ref)) / (np.abs(ref).max() + 1e-9))
        nans = int(np.isnan(got).sum())
        lowering = [how.split(";")[0] for _, _, how in generate(kern.variants[0]).lowerings]
        print(f"{name:24s} rel err {err:.2e} nans {nans}  {lowering}", flush=True)
        return {"err": err, "nans": nans, "shape": list(got.shape), "lowering": lowering}
    except Exception as exc:  # noqa: BLE001 - a case that fails to run is reported, the others still run
        print(f"{name:24s} ERROR {exc!r}"[:600], flush=True)
        return {"error": repr(exc)[:400]}


def on_the_host(kern: phobos.Kernel, grid: tuple[int, int], tens: dict, M: int, N: int) -> np.ndarray:
    """The launch's sm_90a code run on the host (cuda_host.py); C as it leaves it."""
    import tempfile
    from pathlib import Path

    from cuda_host import launch
    from ml_dtypes import bfloat16

    arrays = {k: v.float().numpy().astype(bfloat16) for k, v in tens.items()}
    arrays["C"] = np.full((M, N), np.nan, np.float32)
    launch(kern, grid, arrays, {}, Path(tempfile.gettempdir()) / "phobos_cuda_host", arch=900)
    return arrays["C"]


if __name__ == "__main__":
    sys.exit(main())
