
// kernel gemm_nt [TM=16, TN=32, TK=8]: 128 threads a CTA, 5632 bytes of shared memory
// for launches where multiples of 4: K, M, N; 16-byte aligned: A, BT, C; rows 16-byte multiples apart: A, BT, C
#line 53 "tests/corpus/dot.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_gemm_nt(f32* A, f32* BT, f32* C, f32 alpha, f32 beta, i64 M, i64 K, i64 N) {
  __builtin_assume(M % 4 == 0);
  __builtin_assume(K % 4 == 0);
  __builtin_assume(N % 4 == 0);
  extern __shared__ __align__(16) unsigned char smem[];
  #line 56 "tests/corpus/dot.phobos"
  const i64 m0 = ph::wmul((i64)blockIdx.y, 16ll);
  #line 57 "tests/corpus/dot.phobos"
  const i64 n0 = ph::wmul((i64)blockIdx.x, 32ll);
  #line 58 "tests/corpus/dot.phobos"
  f32* acc = (f32*)(smem + 0);  // tile<f32>[16, 32]
  ph::Box<2> acc_box;
  // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
  for (int e = threadIdx.x; e < 128; e += 128) {
    const int i0 = e / 8;
    const int g = (e % 8) * 4;
    ph::Vec<f32, 4> out;
    #pragma unroll
    for (int v = 0; v < 4; ++v) {
      out.v[v] = 0.0f;
    }
    ph::vstore(&acc[i0 * 32 + g], out);
  }
  acc_box = {{0, 0}, {16, 32}};
  #line 59 "tests/corpus/dot.phobos"
  for (i64 k = 0ll; k < K; k += 8) {
    #line 60 "tests/corpus/dot.phobos"
    __syncthreads();
    f32* a = (f32*)(smem + 2048);  // tile<f32>[16, 8]
    ph::Box<2> a_box;
    ph::Box<2> box = {{ph::max64(m0, 0) - m0, ph::max64(k, 0) - k}, {ph::min64(m0 + 16, M) - m0, ph::min64(k + 8, K) - k}};
    box.normalize();
    if (k % 4 == 0) {  // every group's address is aligned
      // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
      for (int e = threadIdx.x; e < 32; e += 128) {
        const int i0 = e / 2;
        const int g = (e % 2) * 4;
        if (box.has(i0, g) && box.has(i0, g + 3)) {  // the whole group is present
          const ph::Vec<f32, 4> A_g = ph::vload<4>(&A[(m0 + i0) * K + (k + g)]);
          ph::Vec<f32, 4> out;
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            out.v[v] = A_g.v[v];
          }
          ph::vstore(&a[i0 * 8 + g], out);
        } else {  // the group crosses the region's edge: element by element, masked
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            const int i1 = g + v;
            if (!box.has(i0, i1)) continue;
            a[i0 * 8 + i1] = A[(m0 + i0) * K + (k + i1)];
          }
        }
      }
    } else {  // scalar path: one element a thread a turn
      for (int e = threadIdx.x; e < 128; e += 128) {
        const int i0 = e / 8;
        const int i1 = e % 8;
        if (!box.has(i0, i1)) continue;
        a[i0 * 8 + i1] = A[(m0 + i0) * K + (k + i1)];
      }
    }
    a_box = box;
    #line 61 "tests/corpus/dot.phobos"
    f32* b = (f32*)(smem + 2560);  // tile<f32>[32, 8]
    ph::Box<2> b_box;
    ph::Box<2> box_ = {{ph::max64(n0, 0) - n0, ph::max64(k, 0) - k}, {ph::min64(n0 + 32, N) - n0, ph::min64(k + 8, K) - k}};
    box_.normalize();
    if (k % 4 == 0) {  // every group's address is aligned
      // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
      for (int e = threadIdx.x; e < 64; e += 128) {
        const int i0 = e / 2;
        const int g = (e % 2) * 4;
        if (box_.has(i0, g) && box_.has(i0, g + 3)) {  // the whole group is present
          const ph::Vec<f32, 4> BT_g = ph::vload<4>(&BT[(n0 + i0) * K + (k + g)]);
          ph::Vec<f32, 4> out;
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            out.v[v] = BT_g.v[v];
          }
          ph::vstore(&b[i0 * 8 + g], out);
        } else {  // the group crosses the region's edge: element by element, masked
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            const int i1 = g + v;
            if (!box_.has(i0, i1)) continue;
            b[i0 * 8 + i1] = BT[(n0 + i0) * K + (k + i1)];
          }
        }
      }
    } else {  // scalar path: one element a thread a turn
      for (int e = threadIdx.x; e < 256; e += 128) {
        const int i0 = e / 8;
        const int i1 = e % 8;
        if (!box_.has(i0, i1)) continue;
        b[i0 * 8 + i1] = BT[(n0 + i0) * K + (k + i1)];
      }
    }
    b_box = box_;
    #line 62 "tests/corpus/dot.phobos"
    __syncthreads();
    const i64 k_lo = ph::max64(a_box.lo[1], b_box.lo[1]);
    const i64 k_hi = ph::min64(a_box.hi[1], b_box.hi[1]);
    f32* tmp = (f32*)(smem + 3584);  // tile<f32>[16, 32]
    const ph::Box<2> box_2 = {{a_box.lo[0], b_box.lo[0]}, {a_box.hi[0], b_box.hi[0]}};
    for (int e = threadIdx.x; e < 512; e += 128) {
      const int i0 = e / 32;
      const int i1 = e % 32;
      if (!box_2.has(i0, i1)) continue;
      f32 acc_ = 0.0f;
      for (i64 k_ = k_lo; k_ < k_hi; ++k_) acc_ = (acc_ + (a[i0 * 8 + k_] * b[i1 * 8 + k_]));
      tmp[i0 * 32 + i1] = acc_;
    }
    __syncthreads();
    const ph::Box<2> box_3 = {{ph::max64(acc_box.lo[0], a_box.lo[0]), ph::max64(acc_box.lo[1], b_box.lo[0])}, {ph::min64(acc_box.hi[0], a_box.hi[0]), ph::min64(acc_box.hi[1], b_box.hi[0])}};
    // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 128; e += 128) {
      const int i0 = e / 8;
      const int g = (e % 8) * 4;
      if (box_3.has(i0, g) && box_3.has(i0, g + 3)) {  // the whole group is present
        const ph::Vec<f32, 4> acc_g = ph::vload<4>(&acc[i0 * 32 + g]);
        const ph::Vec<f32, 4> tmp_g = ph::vload<4>(&tmp[i0 * 32 + g]);
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = (acc_g.v[v] + tmp_g.v[v]);
        }
        ph::vstore(&acc[i0 * 32 + g], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i1 = g + v;
          if (!box_3.has(i0, i1)) continue;
          acc[i0 * 32 + i1] = (acc[i0 * 32 + i1] + tmp[i0 * 32 + i1]);
        }
      }
    }
    acc_box = box_3;
  }
  #line 64 "tests/corpus/dot.phobos"
  __syncthreads();
  ph::Box<2> box_4 = {{ph::max64(m0, 0) - m0, ph::max64(n0, 0) - n0}, {ph::min64(m0 + 16, M) - m0, ph::min64(n0 + 32, N) - n0}};
  box_4.normalize();
  const ph::Box<2> box_5 = {{ph::max64(ph::max64(acc_box.lo[0], box_4.lo[0]), -m0), ph::max64(ph::max64(acc_box.lo[1], box_4.lo[1]), -n0)}, {ph::min64(ph::min64(acc_box.hi[0], box_4.hi[0]), M - m0), ph::min64(ph::min64(acc_box.hi[1], box_4.hi[1]), N - n0)}};
  if (n0 % 4 == 0) {  // every group's address is aligned
    // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 128; e += 128) {
      const int i0 = e / 8;
      const int g = (e % 8) * 4;
      if (box_5.has(i0, g) && box_5.has(i0, g + 3)) {  // the whole group is present
        const ph::Vec<f32, 4> acc_g = ph::vload<4>(&acc[i0 * 32 + g]);
        const ph::Vec<f32, 4> C_g = ph::vload<4>(&C[(m0 + i0) * N + (n0 + g)]);
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = ((alpha * acc_g.v[v]) + (beta * C_g.v[v]));
        }
        ph::vstore(&C[(m0 + i0) * N + (n0 + g)], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i1 = g + v;
          if (!box_5.has(i0, i1)) continue;
          C[(m0 + i0) * N + (n0 + i1)] = ((alpha * acc[i0 * 32 + i1]) + (beta * C[(m0 + i0) * N + (n0 + i1)]));
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int e = threadIdx.x; e < 512; e += 128) {
      const int i0 = e / 32;
      const int i1 = e % 32;
      if (!box_5.has(i0, i1)) continue;
      C[(m0 + i0) * N + (n0 + i1)] = ((alpha * acc[i0 * 32 + i1]) + (beta * C[(m0 + i0) * N + (n0 + i1)]));
    }
  }
}
