
// kernel peak_weights: 128 threads a CTA, 48 bytes of shared memory
// for launches where multiples of 4: M; 16-byte aligned: P, X, Y; rows 16-byte multiples apart: P, X, Y
#line 183 "tests/corpus/reductions.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_peak_weights(f32* X_, f32* Y_, f32* P_, i64 M_) {
  extern __shared__ __align__(16) unsigned char smem[];
  #line 185 "tests/corpus/reductions.phobos"
  const i64 r0_ = ph::wmul((i64)blockIdx.x, 4ll);
  #line 186 "tests/corpus/reductions.phobos"
  f32 acc_[4];  // tile<f32>[4, 8] in registers: 4 rows of 8, a group of 2 threads per row, each lane holding 1 group of 4
  ph::Box<2> acc_box;
  ph::Box<2> box = {{ph::max64(r0_, 0) - r0_, 0}, {ph::min64(r0_ + 4, M_) - r0_, 8}};
  box.normalize();
  bool whole[1];  // whether each of this thread's groups is read whole
  ph::Vec<f32, 4> X_gs[1];
  {
    const int lane = threadIdx.x % 2;  // the thread's place in its row's group
    const int row = threadIdx.x / 2;
    const int i0 = row;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 4;
      whole[0] = row < 4 && box.has(i0, g) && box.has(i0, g + 3);
      if (whole[0]) {
        X_gs[0] = ph::vload<4>(&X_[r0_ * 8 + (i0 * 8 + g)]);
      }
    }
  }
  {
    const int lane = threadIdx.x % 2;  // the thread's place in its row's group
    const int row = threadIdx.x / 2;
    const int i0 = row;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 4;
      if (!(row < 4)) continue;
      if (whole[0]) {  // the whole group is present and aligned
        const ph::Vec<f32, 4>& X_g = X_gs[0];
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          acc_[v] = X_g.v[v];
        }
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i1 = g + v;
          if (!box.has(i0, i1)) continue;
          acc_[v] = X_[r0_ * 8 + (i0 * 8 + i1)];
        }
      }
    }
  }
  acc_box = box;
  #line 187 "tests/corpus/reductions.phobos"
  f32* tmp = (f32*)(smem + 0);  // tile<f32>[4, 1]
  // max along the last axis of tile<f32>[4, 8]: 4 rows of 8, a group of 2 threads per row, each lane holding 1 group of 4; each lane folds its own elements in registers, then xor shuffles combine the group
  {
    const int lane = threadIdx.x % 2;  // the thread's place in its row's group
    const int row = threadIdx.x / 2;
    const int i0 = row;
    const bool live = row < 4 && acc_box.lo[0] <= i0 && i0 < acc_box.hi[0];  // the row exists and is present
    const int begin = (int)acc_box.lo[1];
    const int end = live ? (int)acc_box.hi[1] : 0;
    f32 acc = (begin < end ? __int_as_float(0x7fc00000) : -__int_as_float(0x7f800000));
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 4;
      if (begin <= g && g + 4 <= end) {
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int j = g + v;
          acc = fmaxf(acc, acc_[v]);
        }
      } else {
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int j = g + v;
          if (begin <= j && j < end) acc = fmaxf(acc, acc_[v]);
        }
      }
    }
    // the 2 lanes combine pairwise, halving: each ends with the same bits
    #pragma unroll
    for (int m = 1; m >= 1; m /= 2) acc = fmaxf(acc, ph::shfl_xor(acc, m, 2));
    if (live && lane == 0) {
      tmp[i0] = acc;
    }
  }
  __syncthreads();
  f32* row_max = (f32*)(smem + 16);  // each row's maximum
  f32* row_sum = (f32*)(smem + 32);  // each row's sum of exp(x - maximum)
  // softmax's row statistics of tile<f32>[4, 1]: 4 rows of 1, a group of 1 threads per row; lane l folds elements l, l + 1, ... in registers, then xor shuffles combine the group
  {
    const int lane = 0;  // the thread's place in its row's group
    const int row = threadIdx.x;
    const int i0 = row;
    const bool live = row < 4 && acc_box.lo[0] <= i0 && i0 < acc_box.hi[0];  // the row exists and is present
    const int end = live ? 1 : 0;
    f32 peak = -__int_as_float(0x7f800000);
    #pragma unroll 4
    for (int j = lane; j < end; j += 1) peak = fmaxf(peak, (f32)(tmp[i0]));
    // the 1 lanes combine pairwise, halving: each ends with the same bits
    #pragma unroll
    for (int m = 0; m >= 1; m /= 2) peak = fmaxf(peak, ph::shfl_xor(peak, m, 1));
    f32 total = 0.0f;
    #pragma unroll 4
    for (int j = lane; j < end; j += 1) total = (total + expf((f32)(tmp[i0]) - peak));
    // the 1 lanes combine pairwise, halving: each ends with the same bits
    #pragma unroll
    for (int m = 0; m >= 1; m /= 2) total = (total + ph::shfl_xor(total, m, 1));
    if (live && lane == 0) {
      row_max[row] = peak;
      row_sum[row] = total;
    }
  }
  __syncthreads();
  {
    const int lane = threadIdx.x % 2;  // the thread's place in its row's group
    const int row = threadIdx.x / 2;
    const int i0 = row;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 4;
      if (!(row < 4)) continue;
      if (acc_box.has(i0, g) && acc_box.has(i0, g + 3)) {  // the whole group is present and aligned
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          acc_[v] = (acc_[v] + ((expf((f32)(tmp[i0]) - row_max[i0]) / row_sum[i0]) * 2.0f));
        }
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i1 = g + v;
          if (!acc_box.has(i0, i1)) continue;
          acc_[v] = (acc_[v] + ((expf((f32)(tmp[i0]) - row_max[i0]) / row_sum[i0]) * 2.0f));
        }
      }
    }
  }
  #line 188 "tests/corpus/reductions.phobos"
  const ph::Box<2> box_2 = {{ph::max64(acc_box.lo[0], -r0_), acc_box.lo[1]}, {ph::min64(acc_box.hi[0], M_ - r0_), acc_box.hi[1]}};
  {
    const int lane = threadIdx.x % 2;  // the thread's place in its row's group
    const int row = threadIdx.x / 2;
    const int i0 = row;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 4;
      if (!(row < 4)) continue;
      if (box_2.has(i0, g) && box_2.has(i0, g + 3)) {  // the whole group is present and aligned
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = acc_[v];
        }
        ph::vstore(&Y_[r0_ * 8 + (i0 * 8 + g)], out);
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i1 = g + v;
          if (!box_2.has(i0, i1)) continue;
          Y_[r0_ * 8 + (i0 * 8 + i1)] = acc_[v];
        }
      }
    }
  }
  #line 189 "tests/corpus/reductions.phobos"
  f32 peaks_[4];  // tile<f32>[4, 8] in registers: 4 rows of 8, a group of 2 threads per row, each lane holding 1 group of 4
  ph::Box<2> peaks_box;
  {
    const int lane = threadIdx.x % 2;  // the thread's place in its row's group
    const int row = threadIdx.x / 2;
    const int i0 = row;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 4;
      if (!(row < 4)) continue;
      #pragma unroll
      for (int v = 0; v < 4; ++v) {
        peaks_[v] = 0.0f;
      }
    }
  }
  peaks_box = {{0, 0}, {4, 8}};
  #line 190 "tests/corpus/reductions.phobos"
  for (i64 j_ = 0ll; j_ < 3ll; ++j_) {
    const i64 at = ph::wadd(ph::wsub(r0_, 3ll), j_);
    const i64 at_2 = ph::wsub(j_, 1ll);
    if (at >= 0 && at + 4 <= M_ && at_2 >= 0 && at_2 + 8 <= 8 && peaks_box.lo[0] == 0 && peaks_box.hi[0] == 4 && peaks_box.lo[1] == 0 && peaks_box.hi[1] == 8) {  // every window inside its tensor, every tile whole
      #line 191 "tests/corpus/reductions.phobos"
      __syncthreads();
      const i64 start = ph::wsub(j_, 1ll);
      const i64 start_2 = ph::wadd(ph::wsub(r0_, 3ll), j_);
      const i64 start_3 = ph::wsub(j_, 1ll);
      f32* tmp_2 = (f32*)(smem + 0);  // tile<f32>[4, 1]
      // max along the last axis of tile<f32>[4, 8]: 4 rows of 8, a group of 2 threads per row, each lane holding 1 group of 4; each lane folds its own elements in registers, then xor shuffles combine the group
      {
        const int lane = threadIdx.x % 2;  // the thread's place in its row's group
        const int row = threadIdx.x / 2;
        const int i0 = row;
        const bool live = row < 4;  // the row exists
        const int end = live ? 8 : 0;
        f32 acc = (0 < end ? __int_as_float(0x7fc00000) : -__int_as_float(0x7f800000));
        #pragma unroll
        for (int slot = 0; slot < 1; ++slot) {
          const int g = lane * 4;
          if (g + 4 <= end) {
            #pragma unroll
            for (int v = 0; v < 4; ++v) {
              const int j = g + v;
              acc = fmaxf(acc, X_[start_2 * 8 + start_3 + (i0 * 8 + j)]);
            }
          } else {
            #pragma unroll
            for (int v = 0; v < 4; ++v) {
              const int j = g + v;
              if (j < end) acc = fmaxf(acc, X_[start_2 * 8 + start_3 + (i0 * 8 + j)]);
            }
          }
        }
        // the 2 lanes combine pairwise, halving: each ends with the same bits
        #pragma unroll
        for (int m = 1; m >= 1; m /= 2) acc = fmaxf(acc, ph::shfl_xor(acc, m, 2));
        if (live && lane == 0) {
          tmp_2[i0] = acc;
        }
      }
      __syncthreads();
      f32* row_max_2 = (f32*)(smem + 16);  // each row's maximum
      f32* row_sum_2 = (f32*)(smem + 32);  // each row's sum of exp(x - maximum)
      // softmax's row statistics of tile<f32>[4, 1]: 4 rows of 1, a group of 1 threads per row; lane l folds elements l, l + 1, ... in registers, then xor shuffles combine the group
      {
        const int lane = 0;  // the thread's place in its row's group
        const int row = threadIdx.x;
        const int i0 = row;
        const bool live = row < 4;  // the row exists
        const int end = live ? 1 : 0;
        f32 peak = -__int_as_float(0x7f800000);
        #pragma unroll 4
        for (int j = lane; j < end; j += 1) peak = fmaxf(peak, (f32)(tmp_2[i0]));
        // the 1 lanes combine pairwise, halving: each ends with the same bits
        #pragma unroll
        for (int m = 0; m >= 1; m /= 2) peak = fmaxf(peak, ph::shfl_xor(peak, m, 1));
        f32 total = 0.0f;
        #pragma unroll 4
        for (int j = lane; j < end; j += 1) total = (total + expf((f32)(tmp_2[i0]) - peak));
        // the 1 lanes combine pairwise, halving: each ends with the same bits
        #pragma unroll
        for (int m = 0; m >= 1; m /= 2) total = (total + ph::shfl_xor(total, m, 1));
        if (live && lane == 0) {
          row_max_2[row] = peak;
          row_sum_2[row] = total;
        }
      }
      __syncthreads();
      {
        const int lane = threadIdx.x % 2;  // the thread's place in its row's group
        const int row = threadIdx.x / 2;
        const int i0 = row;
        #pragma unroll
        for (int slot = 0; slot < 1; ++slot) {
          const int g = lane * 4;
          if (!(row < 4)) continue;
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            peaks_[v] = (peaks_[v] + (expf((f32)(tmp_2[i0]) - row_max_2[i0]) / row_sum_2[i0]));
          }
        }
      }
      peaks_box = {{0, 0}, {4, 8}};
    } else {
      #line 191 "tests/corpus/reductions.phobos"
      __syncthreads();
      const i64 start_4 = ph::wadd(ph::wsub(r0_, 3ll), j_);
      const i64 start_5 = ph::wsub(j_, 1ll);
      ph::Box<2> box_3 = {{ph::max64(start_4, 0) - start_4, ph::max64(start_5, 0) - start_5}, {ph::min64(start_4 + 4, M_) - start_4, ph::min64(start_5 + 8, 8) - start_5}};
      box_3.normalize();
      const i64 start_6 = ph::wsub(j_, 1ll);
      const i64 start_7 = ph::wadd(ph::wsub(r0_, 3ll), j_);
      const i64 start_8 = ph::wsub(j_, 1ll);
      f32* tmp_3 = (f32*)(smem + 0);  // tile<f32>[4, 1]
      // max along the last axis of tile<f32>[4, 8]: 4 rows of 8, a group of 2 threads per row, each lane holding 1 group of 4; each lane folds its own elements in registers, then xor shuffles combine the group
      {
        const int lane = threadIdx.x % 2;  // the thread's place in its row's group
        const int row = threadIdx.x / 2;
        const int i0 = row;
        const bool live = row < 4 && box_3.lo[0] <= i0 && i0 < box_3.hi[0];  // the row exists and is present
        const int begin = (int)box_3.lo[1];
        const int end = live ? (int)box_3.hi[1] : 0;
        f32 acc = (begin < end ? __int_as_float(0x7fc00000) : -__int_as_float(0x7f800000));
        #pragma unroll
        for (int slot = 0; slot < 1; ++slot) {
          const int g = lane * 4;
          if (begin <= g && g + 4 <= end) {
            #pragma unroll
            for (int v = 0; v < 4; ++v) {
              const int j = g + v;
              acc = fmaxf(acc, X_[start_7 * 8 + start_8 + (i0 * 8 + j)]);
            }
          } else {
            #pragma unroll
            for (int v = 0; v < 4; ++v) {
              const int j = g + v;
              if (begin <= j && j < end) acc = fmaxf(acc, X_[start_7 * 8 + start_8 + (i0 * 8 + j)]);
            }
          }
        }
        // the 2 lanes combine pairwise, halving: each ends with the same bits
        #pragma unroll
        for (int m = 1; m >= 1; m /= 2) acc = fmaxf(acc, ph::shfl_xor(acc, m, 2));
        if (live && lane == 0) {
          tmp_3[i0] = acc;
        }
      }
      __syncthreads();
      f32* row_max_3 = (f32*)(smem + 16);  // each row's maximum
      f32* row_sum_3 = (f32*)(smem + 32);  // each row's sum of exp(x - maximum)
      // softmax's row statistics of tile<f32>[4, 1]: 4 rows of 1, a group of 1 threads per row; lane l folds elements l, l + 1, ... in registers, then xor shuffles combine the group
      {
        const int lane = 0;  // the thread's place in its row's group
        const int row = threadIdx.x;
        const int i0 = row;
        const bool live = row < 4 && box_3.lo[0] <= i0 && i0 < box_3.hi[0];  // the row exists and is present
        const int end = live ? 1 : 0;
        f32 peak = -__int_as_float(0x7f800000);
        #pragma unroll 4
        for (int j = lane; j < end; j += 1) peak = fmaxf(peak, (f32)(tmp_3[i0]));
        // the 1 lanes combine pairwise, halving: each ends with the same bits
        #pragma unroll
        for (int m = 0; m >= 1; m /= 2) peak = fmaxf(peak, ph::shfl_xor(peak, m, 1));
        f32 total = 0.0f;
        #pragma unroll 4
        for (int j = lane; j < end; j += 1) total = (total + expf((f32)(tmp_3[i0]) - peak));
        // the 1 lanes combine pairwise, halving: each ends with the same bits
        #pragma unroll
        for (int m = 0; m >= 1; m /= 2) total = (total + ph::shfl_xor(total, m, 1));
        if (live && lane == 0) {
          row_max_3[row] = peak;
          row_sum_3[row] = total;
        }
      }
      __syncthreads();
      const ph::Box<2> box_4 = {{ph::max64(peaks_box.lo[0], box_3.lo[0]), peaks_box.lo[1]}, {ph::min64(peaks_box.hi[0], box_3.hi[0]), peaks_box.hi[1]}};
      {
        const int lane = threadIdx.x % 2;  // the thread's place in its row's group
        const int row = threadIdx.x / 2;
        const int i0 = row;
        #pragma unroll
        for (int slot = 0; slot < 1; ++slot) {
          const int g = lane * 4;
          if (!(row < 4)) continue;
          if (box_4.has(i0, g) && box_4.has(i0, g + 3)) {  // the whole group is present and aligned
            #pragma unroll
            for (int v = 0; v < 4; ++v) {
              peaks_[v] = (peaks_[v] + (expf((f32)(tmp_3[i0]) - row_max_3[i0]) / row_sum_3[i0]));
            }
          } else {  // element by element, masked
            #pragma unroll
            for (int v = 0; v < 4; ++v) {
              const int i1 = g + v;
              if (!box_4.has(i0, i1)) continue;
              peaks_[v] = (peaks_[v] + (expf((f32)(tmp_3[i0]) - row_max_3[i0]) / row_sum_3[i0]));
            }
          }
        }
      }
      peaks_box = box_4;
    }
  }
  #line 193 "tests/corpus/reductions.phobos"
  const ph::Box<2> box_5 = {{ph::max64(peaks_box.lo[0], -r0_), peaks_box.lo[1]}, {ph::min64(peaks_box.hi[0], M_ - r0_), peaks_box.hi[1]}};
  {
    const int lane = threadIdx.x % 2;  // the thread's place in its row's group
    const int row = threadIdx.x / 2;
    const int i0 = row;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 4;
      if (!(row < 4)) continue;
      if (box_5.has(i0, g) && box_5.has(i0, g + 3)) {  // the whole group is present and aligned
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = peaks_[v];
        }
        ph::vstore(&P_[r0_ * 8 + (i0 * 8 + g)], out);
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i1 = g + v;
          if (!box_5.has(i0, i1)) continue;
          P_[r0_ * 8 + (i0 * 8 + i1)] = peaks_[v];
        }
      }
    }
  }
}
