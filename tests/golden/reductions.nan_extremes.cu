
// kernel nan_extremes [R=8, C=64]: 128 threads a CTA, 384 bytes of shared memory
// for launches where multiples of 4: G, K, M, N; 16-byte aligned: B, COLS, D, H, S, SB, SD, SH, T, X; rows 16-byte multiples apart: COLS, D, SD, T, X
#line 213 "tests/corpus/reductions.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_nan_extremes(f32* X_, f16* H_, bf16* B_, f64* D_, f32* S_, f16* SH_, bf16* SB_, f64* SD_, f32* COLS_, f64* T_, i64 M_, i64 N_, i64 K_, i64 G_) {
  extern __shared__ __align__(16) unsigned char smem[];
  #line 217 "tests/corpus/reductions.phobos"
  const i64 r_ = ph::wmul((i64)blockIdx.x, 8ll);
  #line 218 "tests/corpus/reductions.phobos"
  const i64 x_start0_ = r_;
  #line 219 "tests/corpus/reductions.phobos"
  const i64 h_start0_ = r_;
  #line 220 "tests/corpus/reductions.phobos"
  const i64 b_start0_ = r_;
  #line 221 "tests/corpus/reductions.phobos"
  const i64 d_start0_ = r_;
  #line 222 "tests/corpus/reductions.phobos"
  ph::Box<2> box = {{ph::max64(x_start0_, 0) - x_start0_, 0}, {ph::min64(x_start0_ + 8, M_) - x_start0_, ph::min64(64, N_)}};
  box.normalize();
  f32* tmp = (f32*)(smem + 0);  // tile<f32>[8, 1]
  // max along the last axis of tile<f32>[8, 64]: 8 rows of 64, a group of 32 threads per row, 4 rows a pass (2 passes); lane l folds elements l, l + 32, ... in registers, then xor shuffles combine the group
  {
    const int lane = threadIdx.x % 32;  // the thread's place in its row's group
    for (int pass = 0; pass < 2; ++pass) {
      const int row = pass * 4 + threadIdx.x / 32;
      const int i0 = row;
      const bool live = box.lo[0] <= i0 && i0 < box.hi[0];  // the row is present
      const int begin = (int)box.lo[1];
      const int end = live ? (int)box.hi[1] : 0;
      f32 acc = (begin < end ? __int_as_float(0x7fc00000) : -__int_as_float(0x7f800000));
      #pragma unroll 4
      for (int j = begin + lane; j < end; j += 32) acc = fmaxf(acc, X_[(x_start0_ + i0) * N_ + j]);
      // the 32 lanes combine pairwise, halving: each ends with the same bits
      #pragma unroll
      for (int m = 16; m >= 1; m /= 2) acc = fmaxf(acc, ph::shfl_xor(acc, m, 32));
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
    S_[r_ * 2 + (i0 * 2 + i1)] = tmp[i0];
  }
  #line 223 "tests/corpus/reductions.phobos"
  __syncthreads();
  ph::Box<2> box_3 = {{ph::max64(x_start0_, 0) - x_start0_, 0}, {ph::min64(x_start0_ + 8, M_) - x_start0_, ph::min64(64, N_)}};
  box_3.normalize();
  f32* tmp_2 = (f32*)(smem + 0);  // tile<f32>[8, 1]
  // min along the last axis of tile<f32>[8, 64]: 8 rows of 64, a group of 32 threads per row, 4 rows a pass (2 passes); lane l folds elements l, l + 32, ... in registers, then xor shuffles combine the group
  {
    const int lane = threadIdx.x % 32;  // the thread's place in its row's group
    for (int pass = 0; pass < 2; ++pass) {
      const int row = pass * 4 + threadIdx.x / 32;
      const int i0 = row;
      const bool live = box_3.lo[0] <= i0 && i0 < box_3.hi[0];  // the row is present
      const int begin = (int)box_3.lo[1];
      const int end = live ? (int)box_3.hi[1] : 0;
      f32 acc = (begin < end ? __int_as_float(0x7fc00000) : __int_as_float(0x7f800000));
      #pragma unroll 4
      for (int j = begin + lane; j < end; j += 32) acc = fminf(acc, X_[(x_start0_ + i0) * N_ + j]);
      // the 32 lanes combine pairwise, halving: each ends with the same bits
      #pragma unroll
      for (int m = 16; m >= 1; m /= 2) acc = fminf(acc, ph::shfl_xor(acc, m, 32));
      if (live && lane == 0) {
        tmp_2[i0] = acc;
      }
    }
  }
  __syncthreads();
  const ph::Box<2> box_4 = {{ph::max64(box_3.lo[0], -r_), 0}, {ph::min64(box_3.hi[0], M_ - r_), 1}};
  for (int e = threadIdx.x; e < 8; e += 128) {
    const int i0 = e;
    const int i1 = 0;
    if (!box_4.has(i0, i1)) continue;
    S_[r_ * 2 + 1 + (i0 * 2 + i1)] = tmp_2[i0];
  }
  #line 224 "tests/corpus/reductions.phobos"
  __syncthreads();
  ph::Box<2> box_5 = {{ph::max64(h_start0_, 0) - h_start0_, 0}, {ph::min64(h_start0_ + 8, M_) - h_start0_, ph::min64(64, N_)}};
  box_5.normalize();
  f16* tmp_3 = (f16*)(smem + 0);  // tile<f16>[8, 1]
  // max along the last axis of tile<f16>[8, 64]: 8 rows of 64, a group of 32 threads per row, 4 rows a pass (2 passes); lane l folds elements l, l + 32, ... in registers, then xor shuffles combine the group
  {
    const int lane = threadIdx.x % 32;  // the thread's place in its row's group
    for (int pass = 0; pass < 2; ++pass) {
      const int row = pass * 4 + threadIdx.x / 32;
      const int i0 = row;
      const bool live = box_5.lo[0] <= i0 && i0 < box_5.hi[0];  // the row is present
      const int begin = (int)box_5.lo[1];
      const int end = live ? (int)box_5.hi[1] : 0;
      f32 acc = (begin < end ? __int_as_float(0x7fc00000) : -__int_as_float(0x7f800000));
      #pragma unroll 4
      for (int j = begin + lane; j < end; j += 32) acc = fmaxf(acc, ph::from_f16(H_[(h_start0_ + i0) * N_ + j]));
      // the 32 lanes combine pairwise, halving: each ends with the same bits
      #pragma unroll
      for (int m = 16; m >= 1; m /= 2) acc = fmaxf(acc, ph::shfl_xor(acc, m, 32));
      if (live && lane == 0) {
        tmp_3[i0] = ph::to_f16(acc);
      }
    }
  }
  __syncthreads();
  const ph::Box<2> box_6 = {{ph::max64(box_5.lo[0], -r_), 0}, {ph::min64(box_5.hi[0], M_ - r_), 1}};
  for (int e = threadIdx.x; e < 8; e += 128) {
    const int i0 = e;
    const int i1 = 0;
    if (!box_6.has(i0, i1)) continue;
    SH_[r_ * 2 + (i0 * 2 + i1)] = tmp_3[i0];
  }
  #line 225 "tests/corpus/reductions.phobos"
  __syncthreads();
  ph::Box<2> box_7 = {{ph::max64(h_start0_, 0) - h_start0_, 0}, {ph::min64(h_start0_ + 8, M_) - h_start0_, ph::min64(64, N_)}};
  box_7.normalize();
  f16* tmp_4 = (f16*)(smem + 0);  // tile<f16>[8, 1]
  // min along the last axis of tile<f16>[8, 64]: 8 rows of 64, a group of 32 threads per row, 4 rows a pass (2 passes); lane l folds elements l, l + 32, ... in registers, then xor shuffles combine the group
  {
    const int lane = threadIdx.x % 32;  // the thread's place in its row's group
    for (int pass = 0; pass < 2; ++pass) {
      const int row = pass * 4 + threadIdx.x / 32;
      const int i0 = row;
      const bool live = box_7.lo[0] <= i0 && i0 < box_7.hi[0];  // the row is present
      const int begin = (int)box_7.lo[1];
      const int end = live ? (int)box_7.hi[1] : 0;
      f32 acc = (begin < end ? __int_as_float(0x7fc00000) : __int_as_float(0x7f800000));
      #pragma unroll 4
      for (int j = begin + lane; j < end; j += 32) acc = fminf(acc, ph::from_f16(H_[(h_start0_ + i0) * N_ + j]));
      // the 32 lanes combine pairwise, halving: each ends with the same bits
      #pragma unroll
      for (int m = 16; m >= 1; m /= 2) acc = fminf(acc, ph::shfl_xor(acc, m, 32));
      if (live && lane == 0) {
        tmp_4[i0] = ph::to_f16(acc);
      }
    }
  }
  __syncthreads();
  const ph::Box<2> box_8 = {{ph::max64(box_7.lo[0], -r_), 0}, {ph::min64(box_7.hi[0], M_ - r_), 1}};
  for (int e = threadIdx.x; e < 8; e += 128) {
    const int i0 = e;
    const int i1 = 0;
    if (!box_8.has(i0, i1)) continue;
    SH_[r_ * 2 + 1 + (i0 * 2 + i1)] = tmp_4[i0];
  }
  #line 226 "tests/corpus/reductions.phobos"
  __syncthreads();
  ph::Box<2> box_9 = {{ph::max64(b_start0_, 0) - b_start0_, 0}, {ph::min64(b_start0_ + 8, M_) - b_start0_, ph::min64(64, N_)}};
  box_9.normalize();
  bf16* tmp_5 = (bf16*)(smem + 0);  // tile<bf16>[8, 1]
  // max along the last axis of tile<bf16>[8, 64]: 8 rows of 64, a group of 32 threads per row, 4 rows a pass (2 passes); lane l folds elements l, l + 32, ... in registers, then xor shuffles combine the group
  {
    const int lane = threadIdx.x % 32;  // the thread's place in its row's group
    for (int pass = 0; pass < 2; ++pass) {
      const int row = pass * 4 + threadIdx.x / 32;
      const int i0 = row;
      const bool live = box_9.lo[0] <= i0 && i0 < box_9.hi[0];  // the row is present
      const int begin = (int)box_9.lo[1];
      const int end = live ? (int)box_9.hi[1] : 0;
      f32 acc = (begin < end ? __int_as_float(0x7fc00000) : -__int_as_float(0x7f800000));
      #pragma unroll 4
      for (int j = begin + lane; j < end; j += 32) acc = fmaxf(acc, ph::from_bf16(B_[(b_start0_ + i0) * N_ + j]));
      // the 32 lanes combine pairwise, halving: each ends with the same bits
      #pragma unroll
      for (int m = 16; m >= 1; m /= 2) acc = fmaxf(acc, ph::shfl_xor(acc, m, 32));
      if (live && lane == 0) {
        tmp_5[i0] = ph::to_bf16(acc);
      }
    }
  }
  __syncthreads();
  const ph::Box<2> box_10 = {{ph::max64(box_9.lo[0], -r_), 0}, {ph::min64(box_9.hi[0], M_ - r_), 1}};
  for (int e = threadIdx.x; e < 8; e += 128) {
    const int i0 = e;
    const int i1 = 0;
    if (!box_10.has(i0, i1)) continue;
    SB_[r_ * 2 + (i0 * 2 + i1)] = tmp_5[i0];
  }
  #line 227 "tests/corpus/reductions.phobos"
  __syncthreads();
  ph::Box<2> box_11 = {{ph::max64(b_start0_, 0) - b_start0_, 0}, {ph::min64(b_start0_ + 8, M_) - b_start0_, ph::min64(64, N_)}};
  box_11.normalize();
  bf16* tmp_6 = (bf16*)(smem + 0);  // tile<bf16>[8, 1]
  // min along the last axis of tile<bf16>[8, 64]: 8 rows of 64, a group of 32 threads per row, 4 rows a pass (2 passes); lane l folds elements l, l + 32, ... in registers, then xor shuffles combine the group
  {
    const int lane = threadIdx.x % 32;  // the thread's place in its row's group
    for (int pass = 0; pass < 2; ++pass) {
      const int row = pass * 4 + threadIdx.x / 32;
      const int i0 = row;
      const bool live = box_11.lo[0] <= i0 && i0 < box_11.hi[0];  // the row is present
      const int begin = (int)box_11.lo[1];
      const int end = live ? (int)box_11.hi[1] : 0;
      f32 acc = (begin < end ? __int_as_float(0x7fc00000) : __int_as_float(0x7f800000));
      #pragma unroll 4
      for (int j = begin + lane; j < end; j += 32) acc = fminf(acc, ph::from_bf16(B_[(b_start0_ + i0) * N_ + j]));
      // the 32 lanes combine pairwise, halving: each ends with the same bits
      #pragma unroll
      for (int m = 16; m >= 1; m /= 2) acc = fminf(acc, ph::shfl_xor(acc, m, 32));
      if (live && lane == 0) {
        tmp_6[i0] = ph::to_bf16(acc);
      }
    }
  }
  __syncthreads();
  const ph::Box<2> box_12 = {{ph::max64(box_11.lo[0], -r_), 0}, {ph::min64(box_11.hi[0], M_ - r_), 1}};
  for (int e = threadIdx.x; e < 8; e += 128) {
    const int i0 = e;
    const int i1 = 0;
    if (!box_12.has(i0, i1)) continue;
    SB_[r_ * 2 + 1 + (i0 * 2 + i1)] = tmp_6[i0];
  }
  #line 228 "tests/corpus/reductions.phobos"
  __syncthreads();
  ph::Box<2> box_13 = {{ph::max64(d_start0_, 0) - d_start0_, 0}, {ph::min64(d_start0_ + 8, M_) - d_start0_, ph::min64(64, N_)}};
  box_13.normalize();
  f64* tmp_7 = (f64*)(smem + 0);  // tile<f64>[8, 1]
  // max along the last axis of tile<f64>[8, 64]: 8 rows of 64, a group of 32 threads per row, 4 rows a pass (2 passes); lane l folds elements l, l + 32, ... in registers, then xor shuffles combine the group
  {
    const int lane = threadIdx.x % 32;  // the thread's place in its row's group
    for (int pass = 0; pass < 2; ++pass) {
      const int row = pass * 4 + threadIdx.x / 32;
      const int i0 = row;
      const bool live = box_13.lo[0] <= i0 && i0 < box_13.hi[0];  // the row is present
      const int begin = (int)box_13.lo[1];
      const int end = live ? (int)box_13.hi[1] : 0;
      f64 acc = (begin < end ? __longlong_as_double(0x7ff8000000000000ll) : -__longlong_as_double(0x7ff0000000000000ll));
      #pragma unroll 4
      for (int j = begin + lane; j < end; j += 32) acc = fmax(acc, D_[(d_start0_ + i0) * N_ + j]);
      // the 32 lanes combine pairwise, halving: each ends with the same bits
      #pragma unroll
      for (int m = 16; m >= 1; m /= 2) acc = fmax(acc, ph::shfl_xor(acc, m, 32));
      if (live && lane == 0) {
        tmp_7[i0] = acc;
      }
    }
  }
  __syncthreads();
  const ph::Box<2> box_14 = {{ph::max64(box_13.lo[0], -r_), 0}, {ph::min64(box_13.hi[0], M_ - r_), 1}};
  for (int e = threadIdx.x; e < 8; e += 128) {
    const int i0 = e;
    const int i1 = 0;
    if (!box_14.has(i0, i1)) continue;
    SD_[r_ * 2 + (i0 * 2 + i1)] = tmp_7[i0];
  }
  #line 229 "tests/corpus/reductions.phobos"
  __syncthreads();
  ph::Box<2> box_15 = {{ph::max64(d_start0_, 0) - d_start0_, 0}, {ph::min64(d_start0_ + 8, M_) - d_start0_, ph::min64(64, N_)}};
  box_15.normalize();
  f64* tmp_8 = (f64*)(smem + 0);  // tile<f64>[8, 1]
  // min along the last axis of tile<f64>[8, 64]: 8 rows of 64, a group of 32 threads per row, 4 rows a pass (2 passes); lane l folds elements l, l + 32, ... in registers, then xor shuffles combine the group
  {
    const int lane = threadIdx.x % 32;  // the thread's place in its row's group
    for (int pass = 0; pass < 2; ++pass) {
      const int row = pass * 4 + threadIdx.x / 32;
      const int i0 = row;
      const bool live = box_15.lo[0] <= i0 && i0 < box_15.hi[0];  // the row is present
      const int begin = (int)box_15.lo[1];
      const int end = live ? (int)box_15.hi[1] : 0;
      f64 acc = (begin < end ? __longlong_as_double(0x7ff8000000000000ll) : __longlong_as_double(0x7ff0000000000000ll));
      #pragma unroll 4
      for (int j = begin + lane; j < end; j += 32) acc = fmin(acc, D_[(d_start0_ + i0) * N_ + j]);
      // the 32 lanes combine pairwise, halving: each ends with the same bits
      #pragma unroll
      for (int m = 16; m >= 1; m /= 2) acc = fmin(acc, ph::shfl_xor(acc, m, 32));
      if (live && lane == 0) {
        tmp_8[i0] = acc;
      }
    }
  }
  __syncthreads();
  const ph::Box<2> box_16 = {{ph::max64(box_15.lo[0], -r_), 0}, {ph::min64(box_15.hi[0], M_ - r_), 1}};
  for (int e = threadIdx.x; e < 8; e += 128) {
    const int i0 = e;
    const int i1 = 0;
    if (!box_16.has(i0, i1)) continue;
    SD_[r_ * 2 + 1 + (i0 * 2 + i1)] = tmp_8[i0];
  }
  #line 230 "tests/corpus/reductions.phobos"
  __syncthreads();
  ph::Box<2> box_17 = {{ph::max64(x_start0_, 0) - x_start0_, 0}, {ph::min64(x_start0_ + 8, M_) - x_start0_, ph::min64(64, N_)}};
  box_17.normalize();
  f32* tmp_9 = (f32*)(smem + 0);  // tile<f32>[1, 64]
  const ph::Box<2> box_18 = {{0, box_17.lo[1]}, {1, box_17.hi[1]}};
  for (int e = threadIdx.x; e < 64; e += 128) {
    const int i0 = 0;
    const int i1 = e % 64;
    if (!box_18.has(i0, i1)) continue;
    f32 acc = (box_17.lo[0] < box_17.hi[0] ? __int_as_float(0x7fc00000) : -__int_as_float(0x7f800000));
    for (i64 j = box_17.lo[0]; j < box_17.hi[0]; ++j) acc = fmaxf(acc, X_[(x_start0_ + j) * N_ + i1]);
    tmp_9[i0 * 64 + i1] = acc;
  }
  __syncthreads();
  ph::Box<2> box_19 = {{ph::max64(b_start0_, 0) - b_start0_, 0}, {ph::min64(b_start0_ + 8, M_) - b_start0_, ph::min64(64, N_)}};
  box_19.normalize();
  bf16* tmp_10 = (bf16*)(smem + 256);  // tile<bf16>[1, 64]
  const ph::Box<2> box_20 = {{0, box_19.lo[1]}, {1, box_19.hi[1]}};
  for (int e = threadIdx.x; e < 64; e += 128) {
    const int i0 = 0;
    const int i1 = e % 64;
    if (!box_20.has(i0, i1)) continue;
    f32 acc = (box_19.lo[0] < box_19.hi[0] ? __int_as_float(0x7fc00000) : __int_as_float(0x7f800000));
    for (i64 j = box_19.lo[0]; j < box_19.hi[0]; ++j) acc = fminf(acc, ph::from_bf16(B_[(b_start0_ + j) * N_ + i1]));
    tmp_10[i0 * 64 + i1] = ph::to_bf16(acc);
  }
  __syncthreads();
  const i64 start = ph::wmul(2ll, (i64)blockIdx.x);
  const ph::Box<2> box_21 = {{ph::max64(0, -start), ph::max64(box_17.lo[1], box_19.lo[1])}, {ph::min64(1, K_ - start), ph::min64(ph::min64(box_17.hi[1], box_19.hi[1]), N_)}};
  // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
  for (int e = threadIdx.x; e < 16; e += 128) {
    const int i0 = 0;
    const int g = (e % 16) * 4;
    if (box_21.has(i0, g) && box_21.has(i0, g + 3)) {  // the whole group is present
      const ph::Vec<f32, 4> tmp_9_g = ph::vload<4>(&tmp_9[i0 * 64 + g]);
      const ph::Vec<bf16, 4> tmp_10_g = ph::vload<4>(&tmp_10[i0 * 64 + g]);
      ph::Vec<f32, 4> out;
      #pragma unroll
      for (int v = 0; v < 4; ++v) {
        out.v[v] = (tmp_9_g.v[v] - (f32)(ph::from_bf16(tmp_10_g.v[v])));
      }
      ph::vstore(&COLS_[(start + i0) * N_ + g], out);
    } else {  // the group crosses the region's edge: element by element, masked
      #pragma unroll
      for (int v = 0; v < 4; ++v) {
        const int i1 = g + v;
        if (!box_21.has(i0, i1)) continue;
        COLS_[(start + i0) * N_ + i1] = (tmp_9[i0 * 64 + i1] - (f32)(ph::from_bf16(tmp_10[i0 * 64 + i1])));
      }
    }
  }
  #line 231 "tests/corpus/reductions.phobos"
  __syncthreads();
  ph::Box<2> box_22 = {{ph::max64(M_, 0) - M_, 0}, {ph::min64(M_ + 8, M_) - M_, ph::min64(64, N_)}};
  box_22.normalize();
  f32* tmp_11 = (f32*)(smem + 0);  // tile<f32>[1, 64]
  const ph::Box<2> box_23 = {{0, box_22.lo[1]}, {1, box_22.hi[1]}};
  for (int e = threadIdx.x; e < 64; e += 128) {
    const int i0 = 0;
    const int i1 = e % 64;
    if (!box_23.has(i0, i1)) continue;
    f32 acc = (box_22.lo[0] < box_22.hi[0] ? __int_as_float(0x7fc00000) : -__int_as_float(0x7f800000));
    for (i64 j = box_22.lo[0]; j < box_22.hi[0]; ++j) acc = fmaxf(acc, X_[(M_ + j) * N_ + i1]);
    tmp_11[i0 * 64 + i1] = acc;
  }
  __syncthreads();
  const i64 start_2 = ph::wadd(ph::wmul(2ll, (i64)blockIdx.x), 1ll);
  const ph::Box<2> box_24 = {{ph::max64(0, -start_2), box_22.lo[1]}, {ph::min64(1, K_ - start_2), ph::min64(box_22.hi[1], N_)}};
  // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
  for (int e = threadIdx.x; e < 16; e += 128) {
    const int i0 = 0;
    const int g = (e % 16) * 4;
    if (box_24.has(i0, g) && box_24.has(i0, g + 3)) {  // the whole group is present
      const ph::Vec<f32, 4> tmp_11_g = ph::vload<4>(&tmp_11[i0 * 64 + g]);
      ph::Vec<f32, 4> out;
      #pragma unroll
      for (int v = 0; v < 4; ++v) {
        out.v[v] = tmp_11_g.v[v];
      }
      ph::vstore(&COLS_[(start_2 + i0) * N_ + g], out);
    } else {  // the group crosses the region's edge: element by element, masked
      #pragma unroll
      for (int v = 0; v < 4; ++v) {
        const int i1 = g + v;
        if (!box_24.has(i0, i1)) continue;
        COLS_[(start_2 + i0) * N_ + i1] = tmp_11[i0 * 64 + i1];
      }
    }
  }
  #line 232 "tests/corpus/reductions.phobos"
  ph::Box<2> box_25 = {{ph::max64(x_start0_, 0) - x_start0_, 0}, {ph::min64(x_start0_ + 8, M_) - x_start0_, ph::min64(64, N_)}};
  box_25.normalize();
  f32 max_2 = (box_25.lo[0] < box_25.hi[0] && box_25.lo[1] < box_25.hi[1] ? __int_as_float(0x7fc00000) : -__int_as_float(0x7f800000));
  bool whole[1];  // whether each of this thread's groups is read whole
  ph::Vec<f32, 8> X_gs[1];
  {
    const int lane = threadIdx.x % 8;  // the thread's place in its row's group
    const int row = threadIdx.x / 8;
    const int i0 = row;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 8;
      whole[0] = row < 8 && box_25.has(i0, g) && box_25.has(i0, g + 7);
      if (whole[0]) {
        X_gs[0] = ph::vload<8>(&X_[(x_start0_ + i0) * N_ + g]);
      }
    }
  }
  {
    const int lane = threadIdx.x % 8;  // the thread's place in its row's group
    const int row = threadIdx.x / 8;
    const int i0 = row;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 8;
      if (!(row < 8)) continue;
      if (whole[0]) {  // the whole group is present and aligned
        const ph::Vec<f32, 8>& X_g = X_gs[0];
        #pragma unroll
        for (int v = 0; v < 8; ++v) {
          max_2 = fmaxf(max_2, X_g.v[v]);
        }
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 8; ++v) {
          const int i1 = g + v;
          if (!box_25.has(i0, i1)) continue;
          max_2 = fmaxf(max_2, X_[(x_start0_ + i0) * N_ + i1]);
        }
      }
    }
  }
  max_2 = ph::cta_reduce(max_2, ph::Max(), (f32)__int_as_float(0x7fc00000));
  if (0 <= (i64)blockIdx.x && (i64)blockIdx.x < G_) T_[(i64)blockIdx.x * 10] = (f64)(max_2);
  #line 233 "tests/corpus/reductions.phobos"
  __syncthreads();
  ph::Box<2> box_26 = {{ph::max64(x_start0_, 0) - x_start0_, 0}, {ph::min64(x_start0_ + 8, M_) - x_start0_, ph::min64(64, N_)}};
  box_26.normalize();
  f32 min_2 = (box_26.lo[0] < box_26.hi[0] && box_26.lo[1] < box_26.hi[1] ? __int_as_float(0x7fc00000) : __int_as_float(0x7f800000));
  bool whole_2[1];  // whether each of this thread's groups is read whole
  ph::Vec<f32, 8> X_gs_2[1];
  {
    const int lane = threadIdx.x % 8;  // the thread's place in its row's group
    const int row = threadIdx.x / 8;
    const int i0 = row;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 8;
      whole_2[0] = row < 8 && box_26.has(i0, g) && box_26.has(i0, g + 7);
      if (whole_2[0]) {
        X_gs_2[0] = ph::vload<8>(&X_[(x_start0_ + i0) * N_ + g]);
      }
    }
  }
  {
    const int lane = threadIdx.x % 8;  // the thread's place in its row's group
    const int row = threadIdx.x / 8;
    const int i0 = row;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 8;
      if (!(row < 8)) continue;
      if (whole_2[0]) {  // the whole group is present and aligned
        const ph::Vec<f32, 8>& X_g = X_gs_2[0];
        #pragma unroll
        for (int v = 0; v < 8; ++v) {
          min_2 = fminf(min_2, X_g.v[v]);
        }
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 8; ++v) {
          const int i1 = g + v;
          if (!box_26.has(i0, i1)) continue;
          min_2 = fminf(min_2, X_[(x_start0_ + i0) * N_ + i1]);
        }
      }
    }
  }
  min_2 = ph::cta_reduce(min_2, ph::Min(), (f32)__int_as_float(0x7fc00000));
  if (0 <= (i64)blockIdx.x && (i64)blockIdx.x < G_) T_[(i64)blockIdx.x * 10 + 1] = (f64)(min_2);
  #line 234 "tests/corpus/reductions.phobos"
  __syncthreads();
  ph::Box<2> box_27 = {{ph::max64(h_start0_, 0) - h_start0_, 0}, {ph::min64(h_start0_ + 8, M_) - h_start0_, ph::min64(64, N_)}};
  box_27.normalize();
  f32 max_3 = (box_27.lo[0] < box_27.hi[0] && box_27.lo[1] < box_27.hi[1] ? __int_as_float(0x7fc00000) : -__int_as_float(0x7f800000));
  bool whole_3[1];  // whether each of this thread's groups is read whole
  ph::Vec<f16, 8> H_gs[1];
  {
    const int lane = threadIdx.x % 8;  // the thread's place in its row's group
    const int row = threadIdx.x / 8;
    const int i0 = row;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 8;
      whole_3[0] = row < 8 && N_ % 8 == 0 && box_27.has(i0, g) && box_27.has(i0, g + 7);
      if (whole_3[0]) {
        H_gs[0] = ph::vload<8>(&H_[(h_start0_ + i0) * N_ + g]);
      }
    }
  }
  {
    const int lane = threadIdx.x % 8;  // the thread's place in its row's group
    const int row = threadIdx.x / 8;
    const int i0 = row;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 8;
      if (!(row < 8)) continue;
      if (whole_3[0]) {  // the whole group is present and aligned
        const ph::Vec<f16, 8>& H_g = H_gs[0];
        #pragma unroll
        for (int v = 0; v < 8; ++v) {
          max_3 = fmaxf(max_3, ph::from_f16(H_g.v[v]));
        }
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 8; ++v) {
          const int i1 = g + v;
          if (!box_27.has(i0, i1)) continue;
          max_3 = fmaxf(max_3, ph::from_f16(H_[(h_start0_ + i0) * N_ + i1]));
        }
      }
    }
  }
  max_3 = ph::cta_reduce(max_3, ph::Max(), (f32)__int_as_float(0x7fc00000));
  if (0 <= (i64)blockIdx.x && (i64)blockIdx.x < G_) T_[(i64)blockIdx.x * 10 + 2] = (f64)(max_3);
  #line 235 "tests/corpus/reductions.phobos"
  __syncthreads();
  ph::Box<2> box_28 = {{ph::max64(h_start0_, 0) - h_start0_, 0}, {ph::min64(h_start0_ + 8, M_) - h_start0_, ph::min64(64, N_)}};
  box_28.normalize();
  f32 min_3 = (box_28.lo[0] < box_28.hi[0] && box_28.lo[1] < box_28.hi[1] ? __int_as_float(0x7fc00000) : __int_as_float(0x7f800000));
  bool whole_4[1];  // whether each of this thread's groups is read whole
  ph::Vec<f16, 8> H_gs_2[1];
  {
    const int lane = threadIdx.x % 8;  // the thread's place in its row's group
    const int row = threadIdx.x / 8;
    const int i0 = row;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 8;
      whole_4[0] = row < 8 && N_ % 8 == 0 && box_28.has(i0, g) && box_28.has(i0, g + 7);
      if (whole_4[0]) {
        H_gs_2[0] = ph::vload<8>(&H_[(h_start0_ + i0) * N_ + g]);
      }
    }
  }
  {
    const int lane = threadIdx.x % 8;  // the thread's place in its row's group
    const int row = threadIdx.x / 8;
    const int i0 = row;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 8;
      if (!(row < 8)) continue;
      if (whole_4[0]) {  // the whole group is present and aligned
        const ph::Vec<f16, 8>& H_g = H_gs_2[0];
        #pragma unroll
        for (int v = 0; v < 8; ++v) {
          min_3 = fminf(min_3, ph::from_f16(H_g.v[v]));
        }
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 8; ++v) {
          const int i1 = g + v;
          if (!box_28.has(i0, i1)) continue;
          min_3 = fminf(min_3, ph::from_f16(H_[(h_start0_ + i0) * N_ + i1]));
        }
      }
    }
  }
  min_3 = ph::cta_reduce(min_3, ph::Min(), (f32)__int_as_float(0x7fc00000));
  if (0 <= (i64)blockIdx.x && (i64)blockIdx.x < G_) T_[(i64)blockIdx.x * 10 + 3] = (f64)(min_3);
  #line 236 "tests/corpus/reductions.phobos"
  __syncthreads();
  ph::Box<2> box_29 = {{ph::max64(b_start0_, 0) - b_start0_, 0}, {ph::min64(b_start0_ + 8, M_) - b_start0_, ph::min64(64, N_)}};
  box_29.normalize();
  f32 max_4 = (box_29.lo[0] < box_29.hi[0] && box_29.lo[1] < box_29.hi[1] ? __int_as_float(0x7fc00000) : -__int_as_float(0x7f800000));
  bool whole_5[1];  // whether each of this thread's groups is read whole
  ph::Vec<bf16, 8> B_gs[1];
  {
    const int lane = threadIdx.x % 8;  // the thread's place in its row's group
    const int row = threadIdx.x / 8;
    const int i0 = row;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 8;
      whole_5[0] = row < 8 && N_ % 8 == 0 && box_29.has(i0, g) && box_29.has(i0, g + 7);
      if (whole_5[0]) {
        B_gs[0] = ph::vload<8>(&B_[(b_start0_ + i0) * N_ + g]);
      }
    }
  }
  {
    const int lane = threadIdx.x % 8;  // the thread's place in its row's group
    const int row = threadIdx.x / 8;
    const int i0 = row;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 8;
      if (!(row < 8)) continue;
      if (whole_5[0]) {  // the whole group is present and aligned
        const ph::Vec<bf16, 8>& B_g = B_gs[0];
        #pragma unroll
        for (int v = 0; v < 8; ++v) {
          max_4 = fmaxf(max_4, ph::from_bf16(B_g.v[v]));
        }
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 8; ++v) {
          const int i1 = g + v;
          if (!box_29.has(i0, i1)) continue;
          max_4 = fmaxf(max_4, ph::from_bf16(B_[(b_start0_ + i0) * N_ + i1]));
        }
      }
    }
  }
  max_4 = ph::cta_reduce(max_4, ph::Max(), (f32)__int_as_float(0x7fc00000));
  if (0 <= (i64)blockIdx.x && (i64)blockIdx.x < G_) T_[(i64)blockIdx.x * 10 + 4] = (f64)(max_4);
  #line 237 "tests/corpus/reductions.phobos"
  __syncthreads();
  ph::Box<2> box_30 = {{ph::max64(b_start0_, 0) - b_start0_, 0}, {ph::min64(b_start0_ + 8, M_) - b_start0_, ph::min64(64, N_)}};
  box_30.normalize();
  f32 min_4 = (box_30.lo[0] < box_30.hi[0] && box_30.lo[1] < box_30.hi[1] ? __int_as_float(0x7fc00000) : __int_as_float(0x7f800000));
  bool whole_6[1];  // whether each of this thread's groups is read whole
  ph::Vec<bf16, 8> B_gs_2[1];
  {
    const int lane = threadIdx.x % 8;  // the thread's place in its row's group
    const int row = threadIdx.x / 8;
    const int i0 = row;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 8;
      whole_6[0] = row < 8 && N_ % 8 == 0 && box_30.has(i0, g) && box_30.has(i0, g + 7);
      if (whole_6[0]) {
        B_gs_2[0] = ph::vload<8>(&B_[(b_start0_ + i0) * N_ + g]);
      }
    }
  }
  {
    const int lane = threadIdx.x % 8;  // the thread's place in its row's group
    const int row = threadIdx.x / 8;
    const int i0 = row;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 8;
      if (!(row < 8)) continue;
      if (whole_6[0]) {  // the whole group is present and aligned
        const ph::Vec<bf16, 8>& B_g = B_gs_2[0];
        #pragma unroll
        for (int v = 0; v < 8; ++v) {
          min_4 = fminf(min_4, ph::from_bf16(B_g.v[v]));
        }
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 8; ++v) {
          const int i1 = g + v;
          if (!box_30.has(i0, i1)) continue;
          min_4 = fminf(min_4, ph::from_bf16(B_[(b_start0_ + i0) * N_ + i1]));
        }
      }
    }
  }
  min_4 = ph::cta_reduce(min_4, ph::Min(), (f32)__int_as_float(0x7fc00000));
  if (0 <= (i64)blockIdx.x && (i64)blockIdx.x < G_) T_[(i64)blockIdx.x * 10 + 5] = (f64)(min_4);
  #line 238 "tests/corpus/reductions.phobos"
  __syncthreads();
  ph::Box<2> box_31 = {{ph::max64(d_start0_, 0) - d_start0_, 0}, {ph::min64(d_start0_ + 8, M_) - d_start0_, ph::min64(64, N_)}};
  box_31.normalize();
  f64 max_5 = (box_31.lo[0] < box_31.hi[0] && box_31.lo[1] < box_31.hi[1] ? __longlong_as_double(0x7ff8000000000000ll) : -__longlong_as_double(0x7ff0000000000000ll));
  bool whole_7[1];  // whether each of this thread's groups is read whole
  ph::Vec<f64, 8> D_gs[1];
  {
    const int lane = threadIdx.x % 8;  // the thread's place in its row's group
    const int row = threadIdx.x / 8;
    const int i0 = row;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 8;
      whole_7[0] = row < 8 && box_31.has(i0, g) && box_31.has(i0, g + 7);
      if (whole_7[0]) {
        D_gs[0] = ph::vload<8>(&D_[(d_start0_ + i0) * N_ + g]);
      }
    }
  }
  {
    const int lane = threadIdx.x % 8;  // the thread's place in its row's group
    const int row = threadIdx.x / 8;
    const int i0 = row;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 8;
      if (!(row < 8)) continue;
      if (whole_7[0]) {  // the whole group is present and aligned
        const ph::Vec<f64, 8>& D_g = D_gs[0];
        #pragma unroll
        for (int v = 0; v < 8; ++v) {
          max_5 = fmax(max_5, D_g.v[v]);
        }
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 8; ++v) {
          const int i1 = g + v;
          if (!box_31.has(i0, i1)) continue;
          max_5 = fmax(max_5, D_[(d_start0_ + i0) * N_ + i1]);
        }
      }
    }
  }
  max_5 = ph::cta_reduce(max_5, ph::Max(), (f64)__longlong_as_double(0x7ff8000000000000ll));
  if (0 <= (i64)blockIdx.x && (i64)blockIdx.x < G_) T_[(i64)blockIdx.x * 10 + 6] = max_5;
  #line 239 "tests/corpus/reductions.phobos"
  __syncthreads();
  ph::Box<2> box_32 = {{ph::max64(d_start0_, 0) - d_start0_, 0}, {ph::min64(d_start0_ + 8, M_) - d_start0_, ph::min64(64, N_)}};
  box_32.normalize();
  f64 min_5 = (box_32.lo[0] < box_32.hi[0] && box_32.lo[1] < box_32.hi[1] ? __longlong_as_double(0x7ff8000000000000ll) : __longlong_as_double(0x7ff0000000000000ll));
  bool whole_8[1];  // whether each of this thread's groups is read whole
  ph::Vec<f64, 8> D_gs_2[1];
  {
    const int lane = threadIdx.x % 8;  // the thread's place in its row's group
    const int row = threadIdx.x / 8;
    const int i0 = row;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 8;
      whole_8[0] = row < 8 && box_32.has(i0, g) && box_32.has(i0, g + 7);
      if (whole_8[0]) {
        D_gs_2[0] = ph::vload<8>(&D_[(d_start0_ + i0) * N_ + g]);
      }
    }
  }
  {
    const int lane = threadIdx.x % 8;  // the thread's place in its row's group
    const int row = threadIdx.x / 8;
    const int i0 = row;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 8;
      if (!(row < 8)) continue;
      if (whole_8[0]) {  // the whole group is present and aligned
        const ph::Vec<f64, 8>& D_g = D_gs_2[0];
        #pragma unroll
        for (int v = 0; v < 8; ++v) {
          min_5 = fmin(min_5, D_g.v[v]);
        }
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 8; ++v) {
          const int i1 = g + v;
          if (!box_32.has(i0, i1)) continue;
          min_5 = fmin(min_5, D_[(d_start0_ + i0) * N_ + i1]);
        }
      }
    }
  }
  min_5 = ph::cta_reduce(min_5, ph::Min(), (f64)__longlong_as_double(0x7ff8000000000000ll));
  if (0 <= (i64)blockIdx.x && (i64)blockIdx.x < G_) T_[(i64)blockIdx.x * 10 + 7] = min_5;
  #line 240 "tests/corpus/reductions.phobos"
  __syncthreads();
  ph::Box<2> box_33 = {{ph::max64(r_, 0) - r_, ph::max64(N_, 0) - N_}, {ph::min64(r_ + 8, M_) - r_, ph::min64(N_ + 8, N_) - N_}};
  box_33.normalize();
  f32 max_6 = (box_33.lo[0] < box_33.hi[0] && box_33.lo[1] < box_33.hi[1] ? __int_as_float(0x7fc00000) : -__int_as_float(0x7f800000));
  bool whole_9[1];  // whether each of this thread's groups is read whole
  ph::Vec<f32, 8> X_gs_3[1];
  {
    const int lane = 0;  // the thread's place in its row's group
    const int row = threadIdx.x;
    const int i0 = row;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = 0;
      whole_9[0] = row < 8 && N_ % 4 == 0 && box_33.has(i0, g) && box_33.has(i0, g + 7);
      if (whole_9[0]) {
        X_gs_3[0] = ph::vload<8>(&X_[(r_ + i0) * N_ + (N_ + g)]);
      }
    }
  }
  {
    const int lane = 0;  // the thread's place in its row's group
    const int row = threadIdx.x;
    const int i0 = row;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = 0;
      if (!(row < 8)) continue;
      if (whole_9[0]) {  // the whole group is present and aligned
        const ph::Vec<f32, 8>& X_g = X_gs_3[0];
        #pragma unroll
        for (int v = 0; v < 8; ++v) {
          max_6 = fmaxf(max_6, X_g.v[v]);
        }
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 8; ++v) {
          const int i1 = g + v;
          if (!box_33.has(i0, i1)) continue;
          max_6 = fmaxf(max_6, X_[(r_ + i0) * N_ + (N_ + i1)]);
        }
      }
    }
  }
  max_6 = ph::cta_reduce(max_6, ph::Max(), (f32)__int_as_float(0x7fc00000));
  if (0 <= (i64)blockIdx.x && (i64)blockIdx.x < G_) T_[(i64)blockIdx.x * 10 + 8] = (f64)(max_6);
  #line 241 "tests/corpus/reductions.phobos"
  __syncthreads();
  ph::Box<2> box_34 = {{ph::max64(r_, 0) - r_, ph::max64(N_, 0) - N_}, {ph::min64(r_ + 8, M_) - r_, ph::min64(N_ + 8, N_) - N_}};
  box_34.normalize();
  f64 min_6 = (box_34.lo[0] < box_34.hi[0] && box_34.lo[1] < box_34.hi[1] ? __longlong_as_double(0x7ff8000000000000ll) : __longlong_as_double(0x7ff0000000000000ll));
  bool whole_10[1];  // whether each of this thread's groups is read whole
  ph::Vec<f64, 8> D_gs_3[1];
  {
    const int lane = 0;  // the thread's place in its row's group
    const int row = threadIdx.x;
    const int i0 = row;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = 0;
      whole_10[0] = row < 8 && N_ % 2 == 0 && box_34.has(i0, g) && box_34.has(i0, g + 7);
      if (whole_10[0]) {
        D_gs_3[0] = ph::vload<8>(&D_[(r_ + i0) * N_ + (N_ + g)]);
      }
    }
  }
  {
    const int lane = 0;  // the thread's place in its row's group
    const int row = threadIdx.x;
    const int i0 = row;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = 0;
      if (!(row < 8)) continue;
      if (whole_10[0]) {  // the whole group is present and aligned
        const ph::Vec<f64, 8>& D_g = D_gs_3[0];
        #pragma unroll
        for (int v = 0; v < 8; ++v) {
          min_6 = fmin(min_6, D_g.v[v]);
        }
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 8; ++v) {
          const int i1 = g + v;
          if (!box_34.has(i0, i1)) continue;
          min_6 = fmin(min_6, D_[(r_ + i0) * N_ + (N_ + i1)]);
        }
      }
    }
  }
  min_6 = ph::cta_reduce(min_6, ph::Min(), (f64)__longlong_as_double(0x7ff8000000000000ll));
  if (0 <= (i64)blockIdx.x && (i64)blockIdx.x < G_) T_[(i64)blockIdx.x * 10 + 9] = min_6;
}
