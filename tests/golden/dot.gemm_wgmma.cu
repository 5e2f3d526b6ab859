
// kernel gemm_wgmma [TM=128, TN=128, TK=64]: 128 threads a CTA, 131072 bytes of shared memory
// for launches where multiples of 4: K, M, N; 16-byte aligned: A, B, BIAS, C
#line 113 "tests/corpus/dot.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_gemm_wgmma(bf16* A, bf16* B, bf16* BIAS, bf16* C, f32 alpha, i64 M, i64 K, i64 N) {
  __builtin_assume(M % 4 == 0);
  __builtin_assume(K % 4 == 0);
  __builtin_assume(N % 4 == 0);
  extern __shared__ __align__(16) unsigned char smem[];
  #line 117 "tests/corpus/dot.phobos"
  const i64 m0 = ph::wmul((i64)blockIdx.y, 128ll);
  #line 118 "tests/corpus/dot.phobos"
  const i64 n0 = ph::wmul((i64)blockIdx.x, 128ll);
  #line 119 "tests/corpus/dot.phobos"
  f32* acc = (f32*)(smem + 0);  // tile<f32>[128, 128]
  ph::Box<2> acc_box;
  // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
  for (int e = threadIdx.x; e < 4096; e += 128) {
    const int i0 = e / 32;
    const int g = (e % 32) * 4;
    ph::Vec<f32, 4> out;
    #pragma unroll
    for (int v = 0; v < 4; ++v) {
      out.v[v] = 0.0f;
    }
    ph::vstore(&acc[i0 * 128 + g], out);
  }
  acc_box = {{0, 0}, {128, 128}};
  #line 120 "tests/corpus/dot.phobos"
  for (i64 k = 0ll; k < K; k += 64) {
    #line 121 "tests/corpus/dot.phobos"
    __syncthreads();
    ph::Box<2> box = {{ph::max64(m0, 0) - m0, ph::max64(k, 0) - k}, {ph::min64(m0 + 128, M) - m0, ph::min64(k + 64, K) - k}};
    box.normalize();
    ph::Box<2> box_ = {{ph::max64(k, 0) - k, ph::max64(n0, 0) - n0}, {ph::min64(k + 64, K) - k, ph::min64(n0 + 128, N) - n0}};
    box_.normalize();
    const i64 k_lo = ph::max64(box.lo[1], box_.lo[0]);
    const i64 k_hi = ph::min64(box.hi[1], box_.hi[0]);
    f32* tmp = (f32*)(smem + 65536);  // tile<f32>[128, 128]
    const ph::Box<2> box_2 = {{box.lo[0], box_.lo[1]}, {box.hi[0], box_.hi[1]}};
    for (int e = threadIdx.x; e < 16384; e += 128) {
      const int i0 = e / 128;
      const int i1 = e % 128;
      if (!box_2.has(i0, i1)) continue;
      f32 acc_ = 0.0f;
      for (i64 k_ = k_lo; k_ < k_hi; ++k_) acc_ = (acc_ + ((f32)(ph::from_bf16(A[(m0 + i0) * K + (k + k_)])) * (f32)(ph::from_bf16(B[(k + k_) * N + (n0 + i1)]))));
      tmp[i0 * 128 + i1] = acc_;
    }
    __syncthreads();
    const ph::Box<2> box_3 = {{ph::max64(acc_box.lo[0], box.lo[0]), ph::max64(acc_box.lo[1], box_.lo[1])}, {ph::min64(acc_box.hi[0], box.hi[0]), ph::min64(acc_box.hi[1], box_.hi[1])}};
    // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 4096; e += 128) {
      const int i0 = e / 32;
      const int g = (e % 32) * 4;
      if (box_3.has(i0, g) && box_3.has(i0, g + 3)) {  // the whole group is present
        const ph::Vec<f32, 4> acc_g = ph::vload<4>(&acc[i0 * 128 + g]);
        const ph::Vec<f32, 4> tmp_g = ph::vload<4>(&tmp[i0 * 128 + g]);
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = (acc_g.v[v] + tmp_g.v[v]);
        }
        ph::vstore(&acc[i0 * 128 + g], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i1 = g + v;
          if (!box_3.has(i0, i1)) continue;
          acc[i0 * 128 + i1] = (acc[i0 * 128 + i1] + tmp[i0 * 128 + i1]);
        }
      }
    }
    acc_box = box_3;
  }
  #line 123 "tests/corpus/dot.phobos"
  const f32 scale = (alpha * 0.5f);
  #line 124 "tests/corpus/dot.phobos"
  __syncthreads();
  ph::Box<2> box_4 = {{0, ph::max64(n0, 0) - n0}, {1, ph::min64(n0 + 128, N) - n0}};
  box_4.normalize();
  const ph::Box<2> box_5 = {{ph::max64(acc_box.lo[0], -m0), ph::max64(ph::max64(acc_box.lo[1], box_4.lo[1]), -n0)}, {ph::min64(ph::min64(acc_box.hi[0], (box_4.lo[0] < box_4.hi[0] ? 128 : 0)), M - m0), ph::min64(ph::min64(acc_box.hi[1], box_4.hi[1]), N - n0)}};
  if (n0 % 8 == 0 && N % 8 == 0) {  // every group's address is aligned
    // vector path: each thread moves 8 consecutive bf16 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 2048; e += 128) {
      const int i0 = e / 16;
      const int g = (e % 16) * 8;
      if (box_5.has(i0, g) && box_5.has(i0, g + 7)) {  // the whole group is present
        const ph::Vec<f32, 8> acc_g = ph::vload<8>(&acc[i0 * 128 + g]);
        const ph::Vec<bf16, 8> BIAS_g = ph::vload<8>(&BIAS[n0 + g]);
        ph::Vec<bf16, 8> out;
        #pragma unroll
        for (int v = 0; v < 8; ++v) {
          out.v[v] = ph::to_bf16(fmaxf(((scale * acc_g.v[v]) + (f32)(ph::from_bf16(BIAS_g.v[v]))), 0.0f));
        }
        ph::vstore(&C[(m0 + i0) * N + (n0 + g)], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 8; ++v) {
          const int i1 = g + v;
          if (!box_5.has(i0, i1)) continue;
          C[(m0 + i0) * N + (n0 + i1)] = ph::to_bf16(fmaxf(((scale * acc[i0 * 128 + i1]) + (f32)(ph::from_bf16(BIAS[n0 + i1]))), 0.0f));
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int e = threadIdx.x; e < 16384; e += 128) {
      const int i0 = e / 128;
      const int i1 = e % 128;
      if (!box_5.has(i0, i1)) continue;
      C[(m0 + i0) * N + (n0 + i1)] = ph::to_bf16(fmaxf(((scale * acc[i0 * 128 + i1]) + (f32)(ph::from_bf16(BIAS[n0 + i1]))), 0.0f));
    }
  }
}
