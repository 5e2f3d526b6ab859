
// kernel causal_rows: 128 threads a CTA, 4224 bytes of shared memory
// for launches where multiples of 4: M, N; 16-byte aligned: X, Y; rows 16-byte multiples apart: X, Y
#line 246 "tests/corpus/reductions.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_causal_rows(f32* X_, f32* Y_, i64 offset_, i64 M_, i64 N_) {
  extern __shared__ __align__(16) unsigned char smem[];
  #line 248 "tests/corpus/reductions.phobos"
  const i64 r_ = ph::wmul((i64)blockIdx.x, 16ll);
  #line 249 "tests/corpus/reductions.phobos"
  const i64 s_start0_ = r_;
  #line 250 "tests/corpus/reductions.phobos"
  ph::Box<2> box = {{ph::max64(s_start0_, 0) - s_start0_, 0}, {ph::min64(s_start0_ + 16, M_) - s_start0_, ph::min64(64, N_)}};
  box.normalize();
  const f32 s = -__int_as_float(0x7f800000);
  f32* tmp = (f32*)(smem + 0);  // tile<f32>[16, 64]
  for (int e = threadIdx.x; e < 1024; e += 128) {
    const int i0 = e / 64;
    const int i1 = e % 64;
    if (!box.has(i0, i1)) continue;
    tmp[i0 * 64 + i1] = (((i64)(i1) <= ph::wadd(ph::wadd((i64)(i0), r_), offset_)) ? X_[(s_start0_ + i0) * N_ + i1] : s);
  }
  __syncthreads();
  f32* row_max = (f32*)(smem + 4096);  // each row's maximum
  f32* row_sum = (f32*)(smem + 4160);  // each row's sum of exp(x - maximum)
  // softmax's row statistics of tile<f32>[16, 64]: 16 rows of 64, a group of 32 threads per row, 4 rows a pass (4 passes); lane l folds elements l, l + 32, ... in registers, then xor shuffles combine the group
  {
    const int lane = threadIdx.x % 32;  // the thread's place in its row's group
    for (int pass = 0; pass < 4; ++pass) {
      const int row = pass * 4 + threadIdx.x / 32;
      const int i0 = row;
      const bool live = box.lo[0] <= i0 && i0 < box.hi[0];  // the row is present
      const int begin = (int)box.lo[1];
      const int end = live ? (int)box.hi[1] : 0;
      f32 peak = -__int_as_float(0x7f800000);
      #pragma unroll 4
      for (int j = begin + lane; j < end; j += 32) peak = fmaxf(peak, (f32)(tmp[i0 * 64 + j]));
      // the 32 lanes combine pairwise, halving: each ends with the same bits
      #pragma unroll
      for (int m = 16; m >= 1; m /= 2) peak = fmaxf(peak, ph::shfl_xor(peak, m, 32));
      f32 total = 0.0f;
      #pragma unroll 4
      for (int j = begin + lane; j < end; j += 32) total = (total + expf((f32)(tmp[i0 * 64 + j]) - peak));
      // the 32 lanes combine pairwise, halving: each ends with the same bits
      #pragma unroll
      for (int m = 16; m >= 1; m /= 2) total = (total + ph::shfl_xor(total, m, 32));
      if (live && lane == 0) {
        row_max[row] = peak;
        row_sum[row] = total;
      }
    }
  }
  __syncthreads();
  const ph::Box<2> box_2 = {{ph::max64(box.lo[0], -r_), box.lo[1]}, {ph::min64(box.hi[0], M_ - r_), ph::min64(box.hi[1], N_)}};
  // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
  for (int e = threadIdx.x; e < 256; e += 128) {
    const int i0 = e / 16;
    const int g = (e % 16) * 4;
    if (box_2.has(i0, g) && box_2.has(i0, g + 3)) {  // the whole group is present
      const ph::Vec<f32, 4> tmp_g = ph::vload<4>(&tmp[i0 * 64 + g]);
      ph::Vec<f32, 4> out;
      #pragma unroll
      for (int v = 0; v < 4; ++v) {
        out.v[v] = (expf((f32)(tmp_g.v[v]) - row_max[i0]) / row_sum[i0]);
      }
      ph::vstore(&Y_[(r_ + i0) * N_ + g], out);
    } else {  // the group crosses the region's edge: element by element, masked
      #pragma unroll
      for (int v = 0; v < 4; ++v) {
        const int i1 = g + v;
        if (!box_2.has(i0, i1)) continue;
        Y_[(r_ + i0) * N_ + i1] = (expf((f32)(tmp[i0 * 64 + i1]) - row_max[i0]) / row_sum[i0]);
      }
    }
  }
}
