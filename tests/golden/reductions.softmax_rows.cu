
// kernel softmax_rows [ROWS=8, COLS=256]: 128 threads a CTA, 8256 bytes of shared memory
// for launches where multiples of 4: M, N; 16-byte aligned: X, Y; rows 16-byte multiples apart: X, Y
#line 38 "tests/corpus/reductions.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_softmax_rows(f32* X_, f32* Y_, i64 M_, i64 N_) {
  extern __shared__ __align__(16) unsigned char smem[];
  #line 40 "tests/corpus/reductions.phobos"
  const i64 r_ = ph::wmul((i64)blockIdx.x, 8ll);
  #line 41 "tests/corpus/reductions.phobos"
  ph::Box<2> box = {{ph::max64(r_, 0) - r_, 0}, {ph::min64(r_ + 8, M_) - r_, ph::min64(256, N_)}};
  box.normalize();
  f32* tmp = (f32*)(smem + 0);  // tile<f32>[8, 256]
  for (int e = threadIdx.x; e < 2048; e += 128) {
    const int i0 = e / 256;
    const int i1 = e % 256;
    if (!box.has(i0, i1)) continue;
    tmp[i0 * 256 + i1] = X_[(r_ + i0) * N_ + i1];
  }
  __syncthreads();
  f32* row_max = (f32*)(smem + 8192);  // each row's maximum
  f32* row_sum = (f32*)(smem + 8224);  // each row's sum of exp(x - maximum)
  // softmax's row statistics of tile<f32>[8, 256]: 8 rows of 256, a group of 32 threads per row, 4 rows a pass (2 passes); lane l folds elements l, l + 32, ... in registers, then xor shuffles combine the group
  {
    const int lane = threadIdx.x % 32;  // the thread's place in its row's group
    for (int pass = 0; pass < 2; ++pass) {
      const int row = pass * 4 + threadIdx.x / 32;
      const int i0 = row;
      const bool live = box.lo[0] <= i0 && i0 < box.hi[0];  // the row is present
      const int begin = (int)box.lo[1];
      const int end = live ? (int)box.hi[1] : 0;
      f32 peak = -__int_as_float(0x7f800000);
      #pragma unroll 4
      for (int j = begin + lane; j < end; j += 32) peak = fmaxf(peak, (f32)(tmp[i0 * 256 + j]));
      // the 32 lanes combine pairwise, halving: each ends with the same bits
      #pragma unroll
      for (int m = 16; m >= 1; m /= 2) peak = fmaxf(peak, ph::shfl_xor(peak, m, 32));
      f32 total = 0.0f;
      #pragma unroll 4
      for (int j = begin + lane; j < end; j += 32) total = (total + expf((f32)(tmp[i0 * 256 + j]) - peak));
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
  for (int e = threadIdx.x; e < 512; e += 128) {
    const int i0 = e / 64;
    const int g = (e % 64) * 4;
    if (box_2.has(i0, g) && box_2.has(i0, g + 3)) {  // the whole group is present
      const ph::Vec<f32, 4> tmp_g = ph::vload<4>(&tmp[i0 * 256 + g]);
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
        Y_[(r_ + i0) * N_ + i1] = (expf((f32)(tmp[i0 * 256 + i1]) - row_max[i0]) / row_sum[i0]);
      }
    }
  }
}
