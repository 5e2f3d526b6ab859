
// kernel half_rows [R=8, C=128]: 128 threads a CTA, 32 bytes of shared memory
// for launches where multiples of 4: M, N; 16-byte aligned: B, P, S, X
#line 95 "tests/corpus/reductions.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_half_rows(f16* X_, bf16* B_, f32* S_, bf16* P_, i64 M_, i64 N_) {
  extern __shared__ __align__(16) unsigned char smem[];
  #line 98 "tests/corpus/reductions.phobos"
  const i64 r_ = ph::wmul((i64)blockIdx.x, 8ll);
  #line 99 "tests/corpus/reductions.phobos"
  ph::Box<2> box = {{ph::max64(r_, 0) - r_, 0}, {ph::min64(r_ + 8, M_) - r_, ph::min64(128, N_)}};
  box.normalize();
  f32* tmp = (f32*)(smem + 0);  // tile<f32>[8, 1]
  // sum along the last axis of tile<f16>[8, 128]: 8 rows of 128, a group of 32 threads per row, 4 rows a pass (2 passes); lane l folds elements l, l + 32, ... in registers, then xor shuffles combine the group
  {
    const int lane = threadIdx.x % 32;  // the thread's place in its row's group
    for (int pass = 0; pass < 2; ++pass) {
      const int row = pass * 4 + threadIdx.x / 32;
      const int i0 = row;
      const bool live = box.lo[0] <= i0 && i0 < box.hi[0];  // the row is present
      const int begin = (int)box.lo[1];
      const int end = live ? (int)box.hi[1] : 0;
      f32 acc = 0.0f;
      #pragma unroll 4
      for (int j = begin + lane; j < end; j += 32) acc = (acc + (f32)(ph::from_f16(X_[(r_ + i0) * N_ + j])));
      // the 32 lanes combine pairwise, halving: each ends with the same bits
      #pragma unroll
      for (int m = 16; m >= 1; m /= 2) acc = (acc + ph::shfl_xor(acc, m, 32));
      if (live && lane == 0) {
        tmp[i0] = acc;
      }
    }
  }
  __syncthreads();
  const ph::Box<2> box_2 = {{ph::max64(box.lo[0], -r_), 0}, {ph::min64(box.hi[0], M_ - r_), 1}};
  for (int e = threadIdx.x; e < 8; e += 128) {
    const int i0 = e;
    const int i1 = 0;
    if (!box_2.has(i0, i1)) continue;
    S_[r_ + i0] = tmp[i0];
  }
  #line 100 "tests/corpus/reductions.phobos"
  __syncthreads();
  ph::Box<2> box_3 = {{ph::max64(r_, 0) - r_, 0}, {ph::min64(r_ + 8, M_) - r_, ph::min64(128, N_)}};
  box_3.normalize();
  bf16* tmp_2 = (bf16*)(smem + 0);  // tile<bf16>[8, 1]
  // max along the last axis of tile<bf16>[8, 128]: 8 rows of 128, a group of 32 threads per row, 4 rows a pass (2 passes); lane l folds elements l, l + 32, ... in registers, then xor shuffles combine the group
  {
    const int lane = threadIdx.x % 32;  // the thread's place in its row's group
    for (int pass = 0; pass < 2; ++pass) {
      const int row = pass * 4 + threadIdx.x / 32;
      const int i0 = row;
      const bool live = box_3.lo[0] <= i0 && i0 < box_3.hi[0];  // the row is present
      const int begin = (int)box_3.lo[1];
      const int end = live ? (int)box_3.hi[1] : 0;
      f32 acc = (begin < end ? __int_as_float(0x7fc00000) : -__int_as_float(0x7f800000));
      #pragma unroll 4
      for (int j = begin + lane; j < end; j += 32) acc = fmaxf(acc, ph::from_bf16(B_[(r_ + i0) * N_ + j]));
      // the 32 lanes combine pairwise, halving: each ends with the same bits
      #pragma unroll
      for (int m = 16; m >= 1; m /= 2) acc = fmaxf(acc, ph::shfl_xor(acc, m, 32));
      if (live && lane == 0) {
        tmp_2[i0] = ph::to_bf16(acc);
      }
    }
  }
  __syncthreads();
  const ph::Box<2> box_4 = {{ph::max64(box_3.lo[0], -r_), 0}, {ph::min64(box_3.hi[0], M_ - r_), 1}};
  for (int e = threadIdx.x; e < 8; e += 128) {
    const int i0 = e;
    const int i1 = 0;
    if (!box_4.has(i0, i1)) continue;
    P_[r_ + i0] = tmp_2[i0];
  }
}
