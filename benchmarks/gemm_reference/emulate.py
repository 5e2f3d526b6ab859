"""CPU model of one pipeline stage: TMA 128B-swizzle placement -> descriptors -> wgmma operand
reads -> accumulator fragments -> epilogue scatter.  It checks that the constants used by the
kernel (A/B stage offsets, per-consumer A offset, k16 advances, LBO/SBO, fragment layout) are
mutually consistent under the documented models:

  * TMA, SWIZZLE_128B, box inner extent 128 B: box row r lands at byte 128*r of the box, with
    its 16-byte chunk index XORed with (r % 8)  ==  Swizzle<3,4,3> applied to the absolute
    shared address when the box base is 1024-aligned.
  * wgmma canonical layouts (CuTe mma_traits_sm90_gmma.hpp / PTX ISA), 128B swizzle, bf16:
      K-major  : byte(row, k) = start + 128*(row%8) + SBO*(row/8) + 2*k
      MN-major : byte(n, k)   = start + 2*(n%64) + LBO*(n/64) + 128*(k%8) + SBO*(k/8)
    followed by the same Swizzle<3,4,3> on the absolute address.

This is a model check, not a hardware test: it can catch arithmetic slips in the kernel's
offsets, not a misreading of the hardware's rules.  python3 emulate.py
"""

import numpy as np
from gemm import Config, fragment_position

cfg = Config()
BM, BN, BK = cfg.BM, cfg.BN, 64
A_STAGE = BM * BK * 2
STAGE = A_STAGE + BK * BN * 2


def swz(addr):
    return addr ^ (((addr >> 7) & 7) << 4)


def make_desc(saddr, lbo, sbo):          # mirror of make_desc() in gemm_kernel.cu
    return ((saddr & 0x3FFFF) >> 4) | (((lbo & 0x3FFFF) >> 4) << 16) | (((sbo & 0x3FFFF) >> 4) << 32) | (1 << 62)


def decode(desc):
    assert desc >> 62 == 1
    return (desc & 0x3FFF) << 4, ((desc >> 16) & 0x3FFF) << 4, ((desc >> 32) & 0x3FFF) << 4


def main():
    rng = np.random.default_rng(0)
    A = rng.integers(-4, 5, size=(BM, BK)).astype(np.float64)
    B = rng.integers(-4, 5, size=(BK, BN)).astype(np.float64)
    s = 2                                           # some stage
    base = 0x400                                    # aligned dynamic smem base
    smem = {}
    sA = base + s * STAGE
    sB = sA + A_STAGE
    # TMA: A box (64 k, BM rows) at sA; B boxes j: (64 n, 64 k rows) at sB + 8192 j.
    for m in range(BM):
        for k in range(BK):
            smem[swz(sA + 128 * m + 2 * k)] = A[m, k]
    for j in range(BN // 64):
        for k in range(BK):
            for n in range(64):
                smem[swz(sB + 8192 * j + 128 * k + 2 * n)] = B[k, 64 * j + n]
    assert len(smem) == BM * BK + BK * BN          # no two elements on one address

    C = np.zeros((BM, BN))
    for c in range(2):                              # consumer warpgroups
        acc = np.zeros((64, BN))
        for k16 in range(BK // 16):
            sa, _, sbo_a = decode(make_desc(sA + c * 64 * 128 + 32 * k16, 16, 1024))
            sb, lbo_b, sbo_b = decode(make_desc(sB + 2048 * k16, 8192, 1024))
            a = np.array([[smem[swz(sa + 128 * (r % 8) + sbo_a * (r // 8) + 2 * k)]
                           for k in range(16)] for r in range(64)])
            b = np.array([[smem[swz(sb + 2 * (n % 64) + lbo_b * (n // 64) + 128 * (k % 8) + sbo_b * (k // 8))]
                           for n in range(BN)] for k in range(16)])
            acc += a @ b
        # registers of each thread, then the epilogue's scatter rule
        regs = np.zeros((128, BN // 2))
        for t in range(128):
            for r in range(BN // 2):
                regs[t, r] = acc[fragment_position(t, r, BN)]
        for t in range(128):
            warp, lane = divmod(t, 32)
            for j in range(BN // 8):
                for h in range(2):
                    row = c * 64 + warp * 16 + lane // 4 + 8 * h
                    col = 8 * j + 2 * (lane % 4)
                    C[row, col] = regs[t, 4 * j + 2 * h]
                    C[row, col + 1] = regs[t, 4 * j + 2 * h + 1]
    assert np.array_equal(C, A @ B), "model mismatch"
    print("stage model OK: TMA placement, descriptors, k16 advances, fragments, epilogue agree")


if __name__ == "__main__":
    main()
