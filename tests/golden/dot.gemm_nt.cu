
// kernel gemm_nt [TM=16, TN=32, TK=8]: 128 threads a CTA, 5632 bytes of shared memory
// for launches where multiples of 4: K, M, N; 16-byte aligned: A, BT, C; rows 16-byte multiples apart: A, BT, C
#line 53 "tests/corpus/dot.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_gemm_nt(f32* A_, f32* BT_, f32* C_, f32 alpha_, f32 beta_, i64 M_, i64 K_, i64 N_) {
  extern __shared__ __align__(16) unsigned char smem[];
  #line 56 "tests/corpus/dot.phobos"
  const i64 m0_ = ph::wmul((i64)blockIdx.y, 16ll);
  #line 57 "tests/corpus/dot.phobos"
  const i64 n0_ = ph::wmul((i64)blockIdx.x, 32ll);
  #line 58 "tests/corpus/dot.phobos"
  f32* acc_ = (f32*)(smem + 0);  // tile<f32>[16, 32]
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
    ph::vstore(&acc_[i0 * 32 + g], out);
  }
  acc_box = {{0, 0}, {16, 32}};
  #line 59 "tests/corpus/dot.phobos"
  for (i64 k_ = 0ll; k_ < K_; k_ += 8) {
    #line 60 "tests/corpus/dot.phobos"
    __syncthreads();
    f32* a_ = (f32*)(smem + 2048);  // tile<f32>[16, 8]
    ph::Box<2> a_box;
    ph::Box<2> box = {{ph::max64(m0_, 0) - m0_, ph::max64(k_, 0) - k_}, {ph::min64(m0_ + 16, M_) - m0_, ph::min64(k_ + 8, K_) - k_}};
    box.normalize();
    if (k_ % 4 == 0) {  // every group's address is aligned
      // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
      for (int e = threadIdx.x; e < 32; e += 128) {
        const int i0 = e / 2;
        const int g = (e % 2) * 4;
        if (box.has(i0, g) && box.has(i0, g + 3)) {  // the whole group is present
          const ph::Vec<f32, 4> A_g = ph::vload<4>(&A_[(m0_ + i0) * K_ + (k_ + g)]);
          ph::Vec<f32, 4> out;
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            out.v[v] = A_g.v[v];
          }
          ph::vstore(&a_[i0 * 8 + g], out);
        } else {  // the group crosses the region's edge: element by element, masked
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            const int i1 = g + v;
            if (!box.has(i0, i1)) continue;
            a_[i0 * 8 + i1] = A_[(m0_ + i0) * K_ + (k_ + i1)];
          }
        }
      }
    } else {  // scalar path: one element a thread a turn
      for (int e = threadIdx.x; e < 128; e += 128) {
        const int i0 = e / 8;
        const int i1 = e % 8;
        if (!box.has(i0, i1)) continue;
        a_[i0 * 8 + i1] = A_[(m0_ + i0) * K_ + (k_ + i1)];
      }
    }
    a_box = box;
    #line 61 "tests/corpus/dot.phobos"
    f32* b_ = (f32*)(smem + 2560);  // tile<f32>[32, 8]
    ph::Box<2> b_box;
    ph::Box<2> box_2 = {{ph::max64(n0_, 0) - n0_, ph::max64(k_, 0) - k_}, {ph::min64(n0_ + 32, N_) - n0_, ph::min64(k_ + 8, K_) - k_}};
    box_2.normalize();
    if (k_ % 4 == 0) {  // every group's address is aligned
      // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
      for (int e = threadIdx.x; e < 64; e += 128) {
        const int i0 = e / 2;
        const int g = (e % 2) * 4;
        if (box_2.has(i0, g) && box_2.has(i0, g + 3)) {  // the whole group is present
          const ph::Vec<f32, 4> BT_g = ph::vload<4>(&BT_[(n0_ + i0) * K_ + (k_ + g)]);
          ph::Vec<f32, 4> out;
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            out.v[v] = BT_g.v[v];
          }
          ph::vstore(&b_[i0 * 8 + g], out);
        } else {  // the group crosses the region's edge: element by element, masked
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            const int i1 = g + v;
            if (!box_2.has(i0, i1)) continue;
            b_[i0 * 8 + i1] = BT_[(n0_ + i0) * K_ + (k_ + i1)];
          }
        }
      }
    } else {  // scalar path: one element a thread a turn
      for (int e = threadIdx.x; e < 256; e += 128) {
        const int i0 = e / 8;
        const int i1 = e % 8;
        if (!box_2.has(i0, i1)) continue;
        b_[i0 * 8 + i1] = BT_[(n0_ + i0) * K_ + (k_ + i1)];
      }
    }
    b_box = box_2;
    #line 62 "tests/corpus/dot.phobos"
    __syncthreads();
    const i64 k_lo = ph::max64(a_box.lo[1], b_box.lo[1]);
    const i64 k_hi = ph::min64(a_box.hi[1], b_box.hi[1]);
    f32* tmp = (f32*)(smem + 3584);  // tile<f32>[16, 32]
    const ph::Box<2> box_3 = {{a_box.lo[0], b_box.lo[0]}, {a_box.hi[0], b_box.hi[0]}};
    for (int e = threadIdx.x; e < 512; e += 128) {
      const int i0 = e / 32;
      const int i1 = e % 32;
      if (!box_3.has(i0, i1)) continue;
      f32 acc = 0.0f;
      for (i64 k = k_lo; k < k_hi; ++k) acc = (acc + (a_[i0 * 8 + k] * b_[i1 * 8 + k]));
      tmp[i0 * 32 + i1] = acc;
    }
    __syncthreads();
    const ph::Box<2> box_4 = {{ph::max64(acc_box.lo[0], a_box.lo[0]), ph::max64(acc_box.lo[1], b_box.lo[0])}, {ph::min64(acc_box.hi[0], a_box.hi[0]), ph::min64(acc_box.hi[1], b_box.hi[0])}};
    // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 128; e += 128) {
      const int i0 = e / 8;
      const int g = (e % 8) * 4;
      if (box_4.has(i0, g) && box_4.has(i0, g + 3)) {  // the whole group is present
        const ph::Vec<f32, 4> acc_g = ph::vload<4>(&acc_[i0 * 32 + g]);
        const ph::Vec<f32, 4> tmp_g = ph::vload<4>(&tmp[i0 * 32 + g]);
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = (acc_g.v[v] + tmp_g.v[v]);
        }
        ph::vstore(&acc_[i0 * 32 + g], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i1 = g + v;
          if (!box_4.has(i0, i1)) continue;
          acc_[i0 * 32 + i1] = (acc_[i0 * 32 + i1] + tmp[i0 * 32 + i1]);
        }
      }
    }
    acc_box = box_4;
  }
  #line 64 "tests/corpus/dot.phobos"
  __syncthreads();
  ph::Box<2> box_5 = {{ph::max64(m0_, 0) - m0_, ph::max64(n0_, 0) - n0_}, {ph::min64(m0_ + 16, M_) - m0_, ph::min64(n0_ + 32, N_) - n0_}};
  box_5.normalize();
  const ph::Box<2> box_6 = {{ph::max64(ph::max64(acc_box.lo[0], box_5.lo[0]), -m0_), ph::max64(ph::max64(acc_box.lo[1], box_5.lo[1]), -n0_)}, {ph::min64(ph::min64(acc_box.hi[0], box_5.hi[0]), M_ - m0_), ph::min64(ph::min64(acc_box.hi[1], box_5.hi[1]), N_ - n0_)}};
  if (n0_ % 4 == 0) {  // every group's address is aligned
    // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 128; e += 128) {
      const int i0 = e / 8;
      const int g = (e % 8) * 4;
      if (box_6.has(i0, g) && box_6.has(i0, g + 3)) {  // the whole group is present
        const ph::Vec<f32, 4> acc_g = ph::vload<4>(&acc_[i0 * 32 + g]);
        const ph::Vec<f32, 4> C_g = ph::vload<4>(&C_[(m0_ + i0) * N_ + (n0_ + g)]);
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = ((alpha_ * acc_g.v[v]) + (beta_ * C_g.v[v]));
        }
        ph::vstore(&C_[(m0_ + i0) * N_ + (n0_ + g)], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i1 = g + v;
          if (!box_6.has(i0, i1)) continue;
          C_[(m0_ + i0) * N_ + (n0_ + i1)] = ((alpha_ * acc_[i0 * 32 + i1]) + (beta_ * C_[(m0_ + i0) * N_ + (n0_ + i1)]));
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int e = threadIdx.x; e < 512; e += 128) {
      const int i0 = e / 32;
      const int i1 = e % 32;
      if (!box_6.has(i0, i1)) continue;
      C_[(m0_ + i0) * N_ + (n0_ + i1)] = ((alpha_ * acc_[i0 * 32 + i1]) + (beta_ * C_[(m0_ + i0) * N_ + (n0_ + i1)]));
    }
  }
}
