
// kernel col_sums [R=16, C=32]: 128 threads a CTA, 256 bytes of shared memory
// for launches where multiples of 4: G, M, N; 16-byte aligned: COLS, TOTAL, X; rows 16-byte multiples apart: COLS, TOTAL, X
#line 45 "tests/corpus/reductions.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_col_sums(f32* X_, f32* COLS_, f32* TOTAL_, i64 M_, i64 N_, i64 G_) {
  extern __shared__ __align__(16) unsigned char smem[];
  #line 47 "tests/corpus/reductions.phobos"
  const i64 c_ = ph::wmul((i64)blockIdx.x, 32ll);
  #line 48 "tests/corpus/reductions.phobos"
  f32* acc_ = (f32*)(smem + 0);  // tile<f32>[1, 32]
  ph::Box<2> acc_box;
  // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
  for (int e = threadIdx.x; e < 8; e += 128) {
    const int i0 = 0;
    const int g = (e % 8) * 4;
    ph::Vec<f32, 4> out;
    #pragma unroll
    for (int v = 0; v < 4; ++v) {
      out.v[v] = 0.0f;
    }
    ph::vstore(&acc_[i0 * 32 + g], out);
  }
  acc_box = {{0, 0}, {1, 32}};
  #line 49 "tests/corpus/reductions.phobos"
  f32 total_ = 0.0f;
  #line 50 "tests/corpus/reductions.phobos"
  for (i64 r_ = 0ll; r_ < M_; r_ += 16) {
    const i64 x_start0_ahead = r_;
    const i64 x_start1_ahead = c_;
    if (x_start0_ahead >= 0 && x_start0_ahead + 16 <= M_ && x_start1_ahead >= 0 && x_start1_ahead + 32 <= N_ && acc_box.lo[0] == 0 && acc_box.hi[0] == 1 && acc_box.lo[1] == 0 && acc_box.hi[1] == 32) {  // every window inside its tensor, every tile whole
      #line 51 "tests/corpus/reductions.phobos"
      const i64 x_start0_ = r_;
      #line 51 "tests/corpus/reductions.phobos"
      const i64 x_start1_ = c_;
      #line 52 "tests/corpus/reductions.phobos"
      __syncthreads();
      f32* tmp = (f32*)(smem + 128);  // tile<f32>[1, 32]
      for (int e = threadIdx.x; e < 32; e += 128) {
        const int i0 = 0;
        const int i1 = e % 32;
        f32 acc = 0.0f;
        for (i64 j = 0; j < 16; ++j) acc = (acc + X_[(x_start0_ + j) * N_ + (x_start1_ + i1)]);
        tmp[i0 * 32 + i1] = acc;
      }
      __syncthreads();
      // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
      for (int e = threadIdx.x; e < 8; e += 128) {
        const int i0 = 0;
        const int g = (e % 8) * 4;
        const ph::Vec<f32, 4> acc_g = ph::vload<4>(&acc_[i0 * 32 + g]);
        const ph::Vec<f32, 4> tmp_g = ph::vload<4>(&tmp[i0 * 32 + g]);
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = (acc_g.v[v] + tmp_g.v[v]);
        }
        ph::vstore(&acc_[i0 * 32 + g], out);
      }
      acc_box = {{0, 0}, {1, 32}};
      #line 53 "tests/corpus/reductions.phobos"
      f32 sum = 0.0f;
      bool whole[1];  // whether each of this thread's groups is read whole
      ph::Vec<f32, 4> X_gs[1];
      {
        const int lane = threadIdx.x % 8;  // the thread's place in its row's group
        const int row = threadIdx.x / 8;
        const int i0 = row;
        #pragma unroll
        for (int slot = 0; slot < 1; ++slot) {
          const int g = lane * 4;
          whole[0] = x_start1_ % 4 == 0;
          if (whole[0]) {
            X_gs[0] = ph::vload<4>(&X_[(x_start0_ + i0) * N_ + (x_start1_ + g)]);
          }
        }
      }
      {
        const int lane = threadIdx.x % 8;  // the thread's place in its row's group
        const int row = threadIdx.x / 8;
        const int i0 = row;
        #pragma unroll
        for (int slot = 0; slot < 1; ++slot) {
          const int g = lane * 4;
          if (whole[0]) {  // the whole group is present and aligned
            const ph::Vec<f32, 4>& X_g = X_gs[0];
            #pragma unroll
            for (int v = 0; v < 4; ++v) {
              sum = (sum + X_g.v[v]);
            }
          } else {  // element by element, masked
            #pragma unroll
            for (int v = 0; v < 4; ++v) {
              const int i1 = g + v;
              sum = (sum + X_[(x_start0_ + i0) * N_ + (x_start1_ + i1)]);
            }
          }
        }
      }
      sum = ph::cta_reduce(sum, ph::Sum(), (f32)0.0f);
      total_ = (total_ + sum);
    } else {
      #line 51 "tests/corpus/reductions.phobos"
      const i64 x_start0_ = r_;
      #line 51 "tests/corpus/reductions.phobos"
      const i64 x_start1_ = c_;
      #line 52 "tests/corpus/reductions.phobos"
      __syncthreads();
      ph::Box<2> box = {{ph::max64(x_start0_, 0) - x_start0_, ph::max64(x_start1_, 0) - x_start1_}, {ph::min64(x_start0_ + 16, M_) - x_start0_, ph::min64(x_start1_ + 32, N_) - x_start1_}};
      box.normalize();
      f32* tmp_2 = (f32*)(smem + 128);  // tile<f32>[1, 32]
      const ph::Box<2> box_2 = {{0, box.lo[1]}, {1, box.hi[1]}};
      for (int e = threadIdx.x; e < 32; e += 128) {
        const int i0 = 0;
        const int i1 = e % 32;
        if (!box_2.has(i0, i1)) continue;
        f32 acc = 0.0f;
        for (i64 j = box.lo[0]; j < box.hi[0]; ++j) acc = (acc + X_[(x_start0_ + j) * N_ + (x_start1_ + i1)]);
        tmp_2[i0 * 32 + i1] = acc;
      }
      __syncthreads();
      const ph::Box<2> box_3 = {{acc_box.lo[0], ph::max64(acc_box.lo[1], box.lo[1])}, {acc_box.hi[0], ph::min64(acc_box.hi[1], box.hi[1])}};
      // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
      for (int e = threadIdx.x; e < 8; e += 128) {
        const int i0 = 0;
        const int g = (e % 8) * 4;
        if (box_3.has(i0, g) && box_3.has(i0, g + 3)) {  // the whole group is present
          const ph::Vec<f32, 4> acc_g = ph::vload<4>(&acc_[i0 * 32 + g]);
          const ph::Vec<f32, 4> tmp_2_g = ph::vload<4>(&tmp_2[i0 * 32 + g]);
          ph::Vec<f32, 4> out;
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            out.v[v] = (acc_g.v[v] + tmp_2_g.v[v]);
          }
          ph::vstore(&acc_[i0 * 32 + g], out);
        } else {  // the group crosses the region's edge: element by element, masked
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            const int i1 = g + v;
            if (!box_3.has(i0, i1)) continue;
            acc_[i0 * 32 + i1] = (acc_[i0 * 32 + i1] + tmp_2[i0 * 32 + i1]);
          }
        }
      }
      acc_box = box_3;
      #line 53 "tests/corpus/reductions.phobos"
      ph::Box<2> box_4 = {{ph::max64(x_start0_, 0) - x_start0_, ph::max64(x_start1_, 0) - x_start1_}, {ph::min64(x_start0_ + 16, M_) - x_start0_, ph::min64(x_start1_ + 32, N_) - x_start1_}};
      box_4.normalize();
      f32 sum_2 = 0.0f;
      bool whole_2[1];  // whether each of this thread's groups is read whole
      ph::Vec<f32, 4> X_gs_2[1];
      {
        const int lane = threadIdx.x % 8;  // the thread's place in its row's group
        const int row = threadIdx.x / 8;
        const int i0 = row;
        #pragma unroll
        for (int slot = 0; slot < 1; ++slot) {
          const int g = lane * 4;
          whole_2[0] = x_start1_ % 4 == 0 && box_4.has(i0, g) && box_4.has(i0, g + 3);
          if (whole_2[0]) {
            X_gs_2[0] = ph::vload<4>(&X_[(x_start0_ + i0) * N_ + (x_start1_ + g)]);
          }
        }
      }
      {
        const int lane = threadIdx.x % 8;  // the thread's place in its row's group
        const int row = threadIdx.x / 8;
        const int i0 = row;
        #pragma unroll
        for (int slot = 0; slot < 1; ++slot) {
          const int g = lane * 4;
          if (whole_2[0]) {  // the whole group is present and aligned
            const ph::Vec<f32, 4>& X_g = X_gs_2[0];
            #pragma unroll
            for (int v = 0; v < 4; ++v) {
              sum_2 = (sum_2 + X_g.v[v]);
            }
          } else {  // element by element, masked
            #pragma unroll
            for (int v = 0; v < 4; ++v) {
              const int i1 = g + v;
              if (!box_4.has(i0, i1)) continue;
              sum_2 = (sum_2 + X_[(x_start0_ + i0) * N_ + (x_start1_ + i1)]);
            }
          }
        }
      }
      sum_2 = ph::cta_reduce(sum_2, ph::Sum(), (f32)0.0f);
      total_ = (total_ + sum_2);
    }
  }
  #line 55 "tests/corpus/reductions.phobos"
  __syncthreads();
  const ph::Box<2> box_5 = {{acc_box.lo[0], ph::max64(acc_box.lo[1], -c_)}, {acc_box.hi[0], ph::min64(acc_box.hi[1], N_ - c_)}};
  if (c_ % 4 == 0) {  // every group's address is aligned
    // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 8; e += 128) {
      const int i0 = 0;
      const int g = (e % 8) * 4;
      if (box_5.has(i0, g) && box_5.has(i0, g + 3)) {  // the whole group is present
        const ph::Vec<f32, 4> acc_g = ph::vload<4>(&acc_[i0 * 32 + g]);
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = acc_g.v[v];
        }
        ph::vstore(&COLS_[i0 * N_ + (c_ + g)], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i1 = g + v;
          if (!box_5.has(i0, i1)) continue;
          COLS_[i0 * N_ + (c_ + i1)] = acc_[i0 * 32 + i1];
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int e = threadIdx.x; e < 32; e += 128) {
      const int i0 = 0;
      const int i1 = e % 32;
      if (!box_5.has(i0, i1)) continue;
      COLS_[i0 * N_ + (c_ + i1)] = acc_[i0 * 32 + i1];
    }
  }
  #line 56 "tests/corpus/reductions.phobos"
  if (0 <= (i64)blockIdx.x && (i64)blockIdx.x < G_) TOTAL_[(i64)blockIdx.x] = total_;
}
