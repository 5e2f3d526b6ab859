
// kernel gemm_wgmma_f16 [TM=64, TN=192, TK=16]: 128 threads a CTA, 98304 bytes of shared memory
// for launches where multiples of 4: K, M, N; 16-byte aligned: A, B, C, D; rows 16-byte multiples apart: C
#line 129 "tests/corpus/dot.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_gemm_wgmma_f16(f16* A, f16* B, f32* C, f16* D, i64 M, i64 K, i64 N) {
  __builtin_assume(M % 4 == 0);
  __builtin_assume(K % 4 == 0);
  __builtin_assume(N % 4 == 0);
  extern __shared__ __align__(16) unsigned char smem[];
  #line 132 "tests/corpus/dot.phobos"
  const i64 m0 = ph::wmul((i64)blockIdx.y, 64ll);
  #line 133 "tests/corpus/dot.phobos"
  const i64 n0 = ph::wmul((i64)blockIdx.x, 192ll);
  #line 134 "tests/corpus/dot.phobos"
  f32* acc = (f32*)(smem + 0);  // tile<f32>[64, 192]
  ph::Box<2> acc_box;
  // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
  for (int e = threadIdx.x; e < 3072; e += 128) {
    const int i0 = e / 48;
    const int g = (e % 48) * 4;
    ph::Vec<f32, 4> out;
    #pragma unroll
    for (int v = 0; v < 4; ++v) {
      out.v[v] = 0.0f;
    }
    ph::vstore(&acc[i0 * 192 + g], out);
  }
  acc_box = {{0, 0}, {64, 192}};
  #line 135 "tests/corpus/dot.phobos"
  for (i64 k = 0ll; k < K; k += 16) {
    #line 136 "tests/corpus/dot.phobos"
    __syncthreads();
    ph::Box<2> box = {{ph::max64(m0, 0) - m0, ph::max64(k, 0) - k}, {ph::min64(m0 + 64, M) - m0, ph::min64(k + 16, K) - k}};
    box.normalize();
    ph::Box<2> box_ = {{ph::max64(k, 0) - k, ph::max64(n0, 0) - n0}, {ph::min64(k + 16, K) - k, ph::min64(n0 + 192, N) - n0}};
    box_.normalize();
    const i64 k_lo = ph::max64(box.lo[1], box_.lo[0]);
    const i64 k_hi = ph::min64(box.hi[1], box_.hi[0]);
    f32* tmp = (f32*)(smem + 49152);  // tile<f32>[64, 192]
    const ph::Box<2> box_2 = {{box.lo[0], box_.lo[1]}, {box.hi[0], box_.hi[1]}};
    for (int e = threadIdx.x; e < 12288; e += 128) {
      const int i0 = e / 192;
      const int i1 = e % 192;
      if (!box_2.has(i0, i1)) continue;
      f32 acc_ = 0.0f;
      for (i64 k_ = k_lo; k_ < k_hi; ++k_) acc_ = (acc_ + ((f32)(ph::from_f16(A[(m0 + i0) * K + (k + k_)])) * (f32)(ph::from_f16(B[(k + k_) * N + (n0 + i1)]))));
      tmp[i0 * 192 + i1] = acc_;
    }
    __syncthreads();
    const ph::Box<2> box_3 = {{ph::max64(acc_box.lo[0], box.lo[0]), ph::max64(acc_box.lo[1], box_.lo[1])}, {ph::min64(acc_box.hi[0], box.hi[0]), ph::min64(acc_box.hi[1], box_.hi[1])}};
    // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 3072; e += 128) {
      const int i0 = e / 48;
      const int g = (e % 48) * 4;
      if (box_3.has(i0, g) && box_3.has(i0, g + 3)) {  // the whole group is present
        const ph::Vec<f32, 4> acc_g = ph::vload<4>(&acc[i0 * 192 + g]);
        const ph::Vec<f32, 4> tmp_g = ph::vload<4>(&tmp[i0 * 192 + g]);
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = (acc_g.v[v] + tmp_g.v[v]);
        }
        ph::vstore(&acc[i0 * 192 + g], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i1 = g + v;
          if (!box_3.has(i0, i1)) continue;
          acc[i0 * 192 + i1] = (acc[i0 * 192 + i1] + tmp[i0 * 192 + i1]);
        }
      }
    }
    acc_box = box_3;
  }
  #line 138 "tests/corpus/dot.phobos"
  __syncthreads();
  const ph::Box<2> box_4 = {{ph::max64(acc_box.lo[0], -m0), ph::max64(acc_box.lo[1], -n0)}, {ph::min64(acc_box.hi[0], M - m0), ph::min64(acc_box.hi[1], N - n0)}};
  if (n0 % 4 == 0) {  // every group's address is aligned
    // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 3072; e += 128) {
      const int i0 = e / 48;
      const int g = (e % 48) * 4;
      if (box_4.has(i0, g) && box_4.has(i0, g + 3)) {  // the whole group is present
        const ph::Vec<f32, 4> acc_g = ph::vload<4>(&acc[i0 * 192 + g]);
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = acc_g.v[v];
        }
        ph::vstore(&C[(m0 + i0) * N + (n0 + g)], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i1 = g + v;
          if (!box_4.has(i0, i1)) continue;
          C[(m0 + i0) * N + (n0 + i1)] = acc[i0 * 192 + i1];
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int e = threadIdx.x; e < 12288; e += 128) {
      const int i0 = e / 192;
      const int i1 = e % 192;
      if (!box_4.has(i0, i1)) continue;
      C[(m0 + i0) * N + (n0 + i1)] = acc[i0 * 192 + i1];
    }
  }
  #line 139 "tests/corpus/dot.phobos"
  const ph::Box<2> box_5 = {{ph::max64(acc_box.lo[0], -m0), ph::max64(acc_box.lo[1], -n0)}, {ph::min64(acc_box.hi[0], M - m0), ph::min64(acc_box.hi[1], N - n0)}};
  if (n0 % 8 == 0 && N % 8 == 0) {  // every group's address is aligned
    // vector path: each thread moves 8 consecutive f16 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 1536; e += 128) {
      const int i0 = e / 24;
      const int g = (e % 24) * 8;
      if (box_5.has(i0, g) && box_5.has(i0, g + 7)) {  // the whole group is present
        const ph::Vec<f32, 8> acc_g = ph::vload<8>(&acc[i0 * 192 + g]);
        ph::Vec<f16, 8> out;
        #pragma unroll
        for (int v = 0; v < 8; ++v) {
          out.v[v] = ph::to_f16(acc_g.v[v]);
        }
        ph::vstore(&D[(m0 + i0) * N + (n0 + g)], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 8; ++v) {
          const int i1 = g + v;
          if (!box_5.has(i0, i1)) continue;
          D[(m0 + i0) * N + (n0 + i1)] = ph::to_f16(acc[i0 * 192 + i1]);
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int e = threadIdx.x; e < 12288; e += 128) {
      const int i0 = e / 192;
      const int i1 = e % 192;
      if (!box_5.has(i0, i1)) continue;
      D[(m0 + i0) * N + (n0 + i1)] = ph::to_f16(acc[i0 * 192 + i1]);
    }
  }
}
