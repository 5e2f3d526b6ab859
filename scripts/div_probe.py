"""`ph::div_quick` (the CUDA prelude's f32 division for epilogues) against `/` on the GPU,
bit for bit. Four sets of pairs: x every mantissa and sign, at exponents over the whole
range div_quick takes, by y drawn over its range (a quarter at its edges, an eighth with
the quotient's exponent at its edges); exponents within 3 of every edge; 0 dividends and
infinite divisors; any bits. For each it counts the quotients that differ from `__fdiv_rn`
where div_quick said it was exact (which should be 0) and how many it said so of.

    PYTHONPATH=src python3 scripts/div_probe.py   (a GPU machine with CuPy; writes $OUT/divprobe.json)
"""

from __future__ import annotations

import json
import os
import time

import cupy as cp

from phobos.backends.cuda.write.prelude import PRELUDE

SOURCE = PRELUDE + r"""
__device__ __forceinline__ unsigned mix(unsigned long long i) {  // splitmix64, folded to 32 bits
  i += 0x9e3779b97f4a7c15ull;
  i = (i ^ (i >> 30)) * 0xbf58476d1ce4e5b9ull;
  i = (i ^ (i >> 27)) * 0x94d049bb133111ebull;
  return (unsigned)(i ^ (i >> 31));
}
__device__ __forceinline__ float with_exponent(unsigned bits, unsigned e) {
  return __uint_as_float((bits & 0x807fffffu) | (e & 0xffu) << 23);
}
__device__ __forceinline__ unsigned near_edge(unsigned r, unsigned lo, unsigned hi) {  // within 3 of lo or hi
  return (r & 8u) ? lo + (r & 7u) - 3u : hi + (r & 7u) - 3u;
}
extern "C" __global__ void probe(unsigned long long first, int set, unsigned long long* counts) {
  const unsigned long long i = first + blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x;
  const unsigned r = mix(2 * i), s = mix(2 * i + 1);
  float x, y;
  if (set == 0) {  // x: 2^24 mantissas and signs in turn, at an exponent that moves every 2^24 pairs
    const unsigned e = 31u + mix(i >> 24) % 224u;
    x = __uint_as_float(((unsigned)i & 0x007fffffu) | e << 23 | ((unsigned)i & 0x00800000u) << 8);
    unsigned ey = 2u + s % 253u;
    if ((r & 7u) < 2u) ey = near_edge(r >> 3, 6u, 254u);
    else if ((r & 7u) == 2u) ey = e - near_edge(r >> 3, -125u, 127u);
    y = with_exponent(s, ey);
  } else if (set == 1) {  // both exponents near an edge of x's, y's or the quotient's range
    const unsigned ex = near_edge(r >> 8, 31u, 254u);
    x = with_exponent(r, ex);
    y = with_exponent(s, (s & 0x100u) ? near_edge(s >> 9, 6u, 254u) : ex - near_edge(s >> 9, -125u, 127u));
  } else if (set == 2) {  // 0 / y and x / inf, with any other operand
    x = (r & 1u) ? __uint_as_float(r & 0x80000000u) : __uint_as_float(s);
    y = (r & 1u) ? __uint_as_float(mix(i + 12345u)) : __uint_as_float((r & 0x80000000u) | 0x7f800000u);
  } else {
    x = __uint_as_float(r);
    y = __uint_as_float(s);
  }
  bool exact = true;
  const float q = ph::div_quick(x, y, exact), want = __fdiv_rn(x, y);
  const bool same = __float_as_uint(q) == __float_as_uint(want) || (isnan(q) && isnan(want));
  if (exact && !same) atomicAdd(&counts[0], 1ull);
  if (exact) atomicAdd(&counts[1], 1ull);
}
"""
SETS = (("mantissas", 1 << 32), ("edges", 1 << 30), ("zeros and infinities", 1 << 28), ("any bits", 1 << 30))


def main() -> None:
    kernel = cp.RawKernel(SOURCE, "probe", options=("-arch=sm_90", "--fmad=false", "-std=c++17"))
    out = {}
    for number, (name, total) in enumerate(SETS):
        counts = cp.zeros(2, cp.uint64)
        start = time.perf_counter()
        step = 1 << 30
        for first in range(0, total, step):
            kernel((min(step, total - first) // 256,), (256,), (cp.uint64(first), cp.int32(number), counts))
        cp.cuda.runtime.deviceSynchronize()
        wrong, exact = (int(v) for v in cp.asnumpy(counts))
        out[name] = {"pairs": total, "differ from / where exact": wrong, "exact": exact,
                     "seconds": round(time.perf_counter() - start, 2)}
    print(json.dumps(out, indent=1))
    with open(os.path.join(os.environ.get("OUT", "."), "divprobe.json"), "w") as f:
        json.dump(out, f)


if __name__ == "__main__":
    main()
