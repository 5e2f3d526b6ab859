
// kernel gemm_tf32 [TM=32, TN=32, TK=16]: 128 threads a CTA, 8192 bytes of shared memory
// for launches where multiples of 4: K, M, N; 16-byte aligned: A, C, W; rows 16-byte multiples apart: A, C, W
#line 214 "tests/corpus/dot.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_gemm_tf32(f32* A_, f32* W_, f32* C_, i64 M_, i64 K_, i64 N_) {
  extern __shared__ __align__(16) unsigned char smem[];
  #line 216 "tests/corpus/dot.phobos"
  const i64 m0_ = ph::wmul((i64)blockIdx.y, 32ll);
  #line 217 "tests/corpus/dot.phobos"
  const i64 n0_ = ph::wmul((i64)blockIdx.x, 32ll);
  #line 218 "tests/corpus/dot.phobos"
  f32* acc_ = (f32*)(smem + 0);  // tile<f32>[32, 32]
  ph::Box<2> acc_box;
  // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
  for (int e = threadIdx.x; e < 256; e += 128) {
    const int i0 = e / 8;
    const int g = (e % 8) * 4;
    ph::Vec<f32, 4> out;
    #pragma unroll
    for (int v = 0; v < 4; ++v) {
      out.v[v] = 0.0f;
    }
    ph::vstore(&acc_[i0 * 32 + g], out);
  }
  acc_box = {{0, 0}, {32, 32}};
  #line 219 "tests/corpus/dot.phobos"
  for (i64 k_ = 0ll; k_ < K_; k_ += 16) {
    #line 220 "tests/corpus/dot.phobos"
    __syncthreads();
    ph::Box<2> box = {{ph::max64(m0_, 0) - m0_, ph::max64(k_, 0) - k_}, {ph::min64(m0_ + 32, M_) - m0_, ph::min64(k_ + 16, K_) - k_}};
    box.normalize();
    ph::Box<2> box_2 = {{ph::max64(n0_, 0) - n0_, ph::max64(k_, 0) - k_}, {ph::min64(n0_ + 32, N_) - n0_, ph::min64(k_ + 16, K_) - k_}};
    box_2.normalize();
    const i64 k_lo = ph::max64(box.lo[1], box_2.lo[1]);
    const i64 k_hi = ph::min64(box.hi[1], box_2.hi[1]);
    f32* tmp = (f32*)(smem + 4096);  // tile<f32>[32, 32]
    const ph::Box<2> box_3 = {{box.lo[0], box_2.lo[0]}, {box.hi[0], box_2.hi[0]}};
    for (int e = threadIdx.x; e < 1024; e += 128) {
      const int i0 = e / 32;
      const int i1 = e % 32;
      if (!box_3.has(i0, i1)) continue;
      f32 acc = 0.0f;
      for (i64 k = k_lo; k < k_hi; ++k) acc = (acc + (ph::round_tf32(A_[(m0_ + i0) * K_ + (k_ + k)]) * ph::round_tf32(W_[(n0_ + i1) * K_ + (k_ + k)])));
      tmp[i0 * 32 + i1] = acc;
    }
    __syncthreads();
    const ph::Box<2> box_4 = {{ph::max64(acc_box.lo[0], box.lo[0]), ph::max64(acc_box.lo[1], box_2.lo[0])}, {ph::min64(acc_box.hi[0], box.hi[0]), ph::min64(acc_box.hi[1], box_2.hi[0])}};
    // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 256; e += 128) {
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
  #line 222 "tests/corpus/dot.phobos"
  __syncthreads();
  const ph::Box<2> box_5 = {{ph::max64(acc_box.lo[0], -m0_), ph::max64(acc_box.lo[1], -n0_)}, {ph::min64(acc_box.hi[0], M_ - m0_), ph::min64(acc_box.hi[1], N_ - n0_)}};
  if (n0_ % 4 == 0) {  // every group's address is aligned
    // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 256; e += 128) {
      const int i0 = e / 8;
      const int g = (e % 8) * 4;
      if (box_5.has(i0, g) && box_5.has(i0, g + 3)) {  // the whole group is present
        const ph::Vec<f32, 4> acc_g = ph::vload<4>(&acc_[i0 * 32 + g]);
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = acc_g.v[v];
        }
        ph::vstore(&C_[(m0_ + i0) * N_ + (n0_ + g)], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i1 = g + v;
          if (!box_5.has(i0, i1)) continue;
          C_[(m0_ + i0) * N_ + (n0_ + i1)] = acc_[i0 * 32 + i1];
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int e = threadIdx.x; e < 1024; e += 128) {
      const int i0 = e / 32;
      const int i1 = e % 32;
      if (!box_5.has(i0, i1)) continue;
      C_[(m0_ + i0) * N_ + (n0_ + i1)] = acc_[i0 * 32 + i1];
    }
  }
}
