"""On the GPU machine: one GEMM loop (bf16 or f16 operands, an f32 accumulator, C in the
operands' dtype) at pinned tiles and stage counts, in each launch mode the environment
picks (PHOBOS_CUDA_CLUSTER, PHOBOS_CUDA_PINGPONG, ...), beside cuBLAS on the same
inputs: the probe behind the tile, stage and cluster figures of docs/benchmarks.md.
Every configuration is checked against the f32 product before it is timed
(`triton.testing.do_bench`, median, L2 flushed). JSON to $OUT/gemm_sweep.json.

    PYTHONPATH=src:. python3 benchmarks/gemm_sweep.py
    PYTHONPATH=src:. python3 benchmarks/gemm_sweep.py --shape 4096 --tile 128x128 --env PHOBOS_CUDA_PINGPONG=1

A configuration is `--tile TMxTN[xSTAGES]` (repeatable; default the rows' tiles) and
`--env NAME=VALUE` (repeatable, each one more mode; default the launch's own choice);
each configuration compiles a module of its own, so each is prepared afresh.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
import traceback
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

TOLERANCE = 1e-2  # relative Frobenius error of a 16-bit C
SOURCE = """
{pipeline}
@launch(256)
kernel g(A: tensor<{t}>[M, K], B: tensor<{t}>[K, N], C: tensor<{t}>[M, N]) {{
  let m0 = ctx.block.y * {tm}
  let n0 = ctx.block.x * {tn}
  var acc: tile<f32>[{tm}, {tn}] = 0.0
  for k in range(0, K, 64) {{
    acc += dot(A[m0 :+ {tm}, k :+ 64], B[k :+ 64, n0 :+ {tn}])
  }}
  C[m0 :+ {tm}, n0 :+ {tn}] = {t}(acc)
}}
"""


def tile(text: str) -> tuple[int, int, int | None]:
    parts = [int(p) for p in text.lower().split("x")]
    if len(parts) not in (2, 3):
        raise argparse.ArgumentTypeError(f"a tile is TMxTN or TMxTNxSTAGES, not {text!r}")
    return parts[0], parts[1], parts[2] if len(parts) == 3 else None


def env_pair(text: str) -> tuple[str, str]:
    name, sep, value = text.partition("=")
    if not sep or not name:
        raise argparse.ArgumentTypeError(f"--env takes NAME=VALUE, not {text!r}")
    return name, value


def run(shape: int, dtype: str, tiles: list[tuple[int, int, int | None]], envs: list[tuple[str, str]]
        ) -> list[dict[str, Any]]:
    import torch
    from triton.testing import do_bench

    import phobos

    torch_dtype = {"bf16": torch.bfloat16, "f16": torch.float16}[dtype]
    m = n = k = shape
    g = torch.Generator(device="cuda").manual_seed(shape)
    a = torch.randn(m, k, device="cuda", generator=g).to(torch_dtype)
    b = torch.randn(k, n, device="cuda", generator=g).to(torch_dtype)
    want = a.float() @ b.float()
    flop = 2 * m * n * k
    rows: list[dict[str, Any]] = [{"shape": shape, "dtype": dtype, "side": "cublas",
                                   "tflops": flop / do_bench(lambda: torch.mm(a, b), return_mode="median") / 1e9}]
    print(rows[-1], flush=True)
    for tm, tn, stages in tiles:
        for name, value in envs or [("", "")]:
            before = os.environ.get(name) if name else None
            if name:
                os.environ[name] = value
            row: dict[str, Any] = {"shape": shape, "dtype": dtype, "tile": [tm, tn], "stages": stages,
                                   "env": f"{name}={value}" if name else "default"}
            try:
                module = phobos.compile(SOURCE.format(pipeline=f"@pipeline({stages})" if stages else "", t=dtype,
                                                      tm=tm, tn=tn))
                c = torch.empty(m, n, device="cuda", dtype=torch_dtype)
                grid = (-(-n // tn), -(-m // tm))
                started = time.perf_counter()
                module.g[grid](a, b, c)
                torch.cuda.synchronize()
                row["first_call_s"] = round(time.perf_counter() - started, 3)
                row["error"] = float((c.float() - want).norm() / want.norm())
                if row["error"] <= TOLERANCE:
                    ms = do_bench(lambda module=module, c=c, grid=grid: module.g[grid](a, b, c), return_mode="median")
                    row["tflops"] = flop / ms / 1e9
                    row["vs_cublas"] = row["tflops"] / rows[0]["tflops"]
            except Exception:  # noqa: BLE001 - recorded, the sweep goes on
                row["failure"] = traceback.format_exc()[-1500:]
            finally:
                if name:
                    if before is None:
                        os.environ.pop(name, None)
                    else:
                        os.environ[name] = before
            rows.append(row)
            print(row, flush=True)
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--shape", type=int, action="append", help="M = N = K (repeatable; default 4096 and 8192)")
    parser.add_argument("--dtype", choices=("bf16", "f16"), action="append", help="the operands' (default bf16)")
    parser.add_argument("--tile", type=tile, action="append", help="TMxTN or TMxTNxSTAGES (repeatable)")
    parser.add_argument("--env", type=env_pair, action="append", default=[], help="NAME=VALUE: one more mode")
    opts = parser.parse_args(argv)
    tiles = opts.tile or [(128, 256, None), (256, 128, None), (128, 128, None)]
    rows = [row for shape in opts.shape or [4096, 8192] for dtype in opts.dtype or ["bf16"]
            for row in run(shape, dtype, tiles, opts.env)]
    out = Path(os.environ.get("OUT", "."))
    (out / "gemm_sweep.json").write_text(json.dumps({"rows": rows}, indent=1) + "\n")
    wrong = [r for r in rows if r.get("failure") or r.get("error", 0.0) > TOLERANCE]
    print(f"{len(rows)} rows, {len(wrong)} wrong or failed")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
