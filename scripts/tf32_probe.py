"""How the GPU's tensor cores treat the 13 low mantissa bits of an f32 fed to a tf32
product (the spec's dot<precision tf32> follows them): one mma.sync.m16n8k8 tf32, where
D = A I shows operand A as the tensor cores read it and D = I B shows operand B. Prints,
for each operand, how many of its values differ from a cut toward zero (rz), a rounding
to nearest with ties away (rna) and one with ties to even (rne).

    python3 scripts/tf32_probe.py        (a GPU machine with CuPy; writes $OUT/tf32probe.json)
"""

from __future__ import annotations

import json
import os

import cupy as cp
import numpy as np

SOURCE = r"""
extern "C" __global__ void mma(const float* A, const float* B, float* D) {
  const int g = threadIdx.x >> 2, t = threadIdx.x & 3;
  const unsigned a0 = __float_as_uint(A[g * 8 + t]), a1 = __float_as_uint(A[(g + 8) * 8 + t]);
  const unsigned a2 = __float_as_uint(A[g * 8 + t + 4]), a3 = __float_as_uint(A[(g + 8) * 8 + t + 4]);
  const unsigned b0 = __float_as_uint(B[t * 8 + g]), b1 = __float_as_uint(B[(t + 4) * 8 + g]);
  float c0 = 0, c1 = 0, c2 = 0, c3 = 0;
  asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 "
               "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};"
               : "+f"(c0), "+f"(c1), "+f"(c2), "+f"(c3)
               : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
  D[g * 8 + 2 * t] = c0;
  D[g * 8 + 2 * t + 1] = c1;
  D[(g + 8) * 8 + 2 * t] = c2;
  D[(g + 8) * 8 + 2 * t + 1] = c3;
}
"""
MASK = 0xFFFFE000  # the bits a TF32 keeps


def cut(x: np.ndarray) -> np.ndarray:
    return (x.view(np.uint32) & np.uint32(MASK)).view(np.float32)


def nearest_away(x: np.ndarray) -> np.ndarray:
    bits = (x.view(np.uint32).astype(np.uint64) + 0x1000) & MASK
    return bits.astype(np.uint32).view(np.float32)


def nearest_even(x: np.ndarray) -> np.ndarray:
    u = x.view(np.uint32).astype(np.uint64)
    return ((u + 0xFFF + ((u >> 13) & 1)) & MASK).astype(np.uint32).view(np.float32)


def operands(rng: np.random.Generator) -> np.ndarray:
    """16 x 8 f32 values with random low bits; rows 0 and 1 exactly halfway (row 1 with
    an odd last kept bit), where the roundings to nearest part."""
    kept = rng.normal(size=(16, 8)).astype(np.float32).view(np.uint32) & np.uint32(MASK)
    low = rng.integers(0, 0x2000, size=(16, 8)).astype(np.uint32)
    low[:2] = 0x1000
    kept[1] |= np.uint32(0x2000)
    return (kept | low).view(np.float32)


def main() -> None:
    kernel = cp.RawKernel(SOURCE, "mma", options=("-arch=sm_90",))
    a = operands(np.random.default_rng(1))
    eye, zeros = np.eye(8, dtype=np.float32), np.zeros((8, 8), np.float32)
    runs = {"A": (a, eye, a), "B": (np.vstack([eye, zeros]), a[:8].copy(), a[:8])}
    out = {}
    for name, (left, right, shown) in runs.items():
        d = cp.zeros((16, 8), cp.float32)
        kernel((1,), (32,), (cp.asarray(left), cp.asarray(right), d))
        got = cp.asnumpy(d)[: shown.shape[0]]
        out[name] = {mode: int((got != f(shown)).sum())
                     for mode, f in (("rz", cut), ("rna", nearest_away), ("rne", nearest_even))}
    print(json.dumps(out, indent=1))
    with open(os.path.join(os.environ.get("OUT", "."), "tf32probe.json"), "w") as f:
        json.dump(out, f)


if __name__ == "__main__":
    main()
