
// kernel reduced: 256 threads a CTA, 32 bytes of shared memory
// for launches where multiples of 4: M; 16-byte aligned: X, Z; rows 16-byte multiples apart: X, Z
#line 54 "tests/corpus/overlap.phobos"
extern "C" __global__ void __launch_bounds__(256) phobos_reduced(f32* X_, f32* Z_, i64 M_) {
  extern __shared__ __align__(16) unsigned char smem[];
  #line 56 "tests/corpus/overlap.phobos"
  const i64 r_ = ph::wmul((i64)blockIdx.x, 8ll);
  #line 57 "tests/corpus/overlap.phobos"
  ph::Box<2> box = {{ph::max64(r_, 0) - r_, 0}, {ph::min64(r_ + 7, M_) - r_, 256}};
  box.normalize();
  const i64 start = ph::wadd(r_, 1ll);
  ph::Box<2> box_2 = {{ph::max64(start, 0) - start, 0}, {ph::min64(start + 7, M_) - start, 256}};
  box_2.normalize();
  const i64 start_2 = ph::wadd(r_, 1ll);
  f32* tmp = (f32*)(smem + 0);  // tile<f32>[7, 1]
  // max along the last axis of tile<f32>[7, 256]: 7 rows of 256, a group of 32 threads per row; lane l folds elements l, l + 32, ... in registers, then xor shuffles combine the group
  {
    const int lane = threadIdx.x % 32;  // the thread's place in its row's group
    const int row = threadIdx.x / 32;
    const int i0 = row;
    const bool live = row < 7 && box_2.lo[0] <= i0 && i0 < box_2.hi[0];  // the row exists and is present
    const int begin = (int)box_2.lo[1];
    const int end = live ? (int)box_2.hi[1] : 0;
    f32 acc = (begin < end ? __int_as_float(0x7fc00000) : -__int_as_float(0x7f800000));
    #pragma unroll 4
    for (int j = begin + lane; j < end; j += 32) acc = fmaxf(acc, Z_[start_2 * 256 + (i0 * 256 + j)]);
    // the 32 lanes combine pairwise, halving: each ends with the same bits
    #pragma unroll
    for (int m = 16; m >= 1; m /= 2) acc = fmaxf(acc, ph::shfl_xor(acc, m, 32));
    if (live && lane == 0) {
      tmp[i0] = acc;
    }
  }
  __syncthreads();
  const ph::Box<2> box_3 = {{ph::max64(ph::max64(box.lo[0], box_2.lo[0]), -r_), box.lo[1]}, {ph::min64(ph::min64(box.hi[0], box_2.hi[0]), M_ - r_), box.hi[1]}};
  // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
  for (int e = threadIdx.x; e < 448; e += 256) {
    const int i0 = e / 64;
    const int g = (e % 64) * 4;
    if (box_3.has(i0, g) && box_3.has(i0, g + 3)) {  // the whole group is present
      const ph::Vec<f32, 4> X_g = ph::vload<4>(&X_[r_ * 256 + (i0 * 256 + g)]);
      ph::Vec<f32, 4> out;
      #pragma unroll
      for (int v = 0; v < 4; ++v) {
        out.v[v] = (X_g.v[v] - tmp[i0]);
      }
      ph::vstore(&Z_[r_ * 256 + (i0 * 256 + g)], out);
    } else {  // the group crosses the region's edge: element by element, masked
      #pragma unroll
      for (int v = 0; v < 4; ++v) {
        const int i1 = g + v;
        if (!box_3.has(i0, i1)) continue;
        Z_[r_ * 256 + (i0 * 256 + i1)] = (X_[r_ * 256 + (i0 * 256 + i1)] - tmp[i0]);
      }
    }
  }
  #line 58 "tests/corpus/overlap.phobos"
  __syncthreads();
  ph::Box<2> box_4 = {{ph::max64(r_, 0) - r_, 0}, {ph::min64(r_ + 8, M_) - r_, 256}};
  box_4.normalize();
  f32* tmp_2 = (f32*)(smem + 0);  // tile<f32>[8, 1]
  // sum along the last axis of tile<f32>[8, 256]: 8 rows of 256, a group of 32 threads per row; lane l folds elements l, l + 32, ... in registers, then xor shuffles combine the group
  {
    const int lane = threadIdx.x % 32;  // the thread's place in its row's group
    const int row = threadIdx.x / 32;
    const int i0 = row;
    const bool live = box_4.lo[0] <= i0 && i0 < box_4.hi[0];  // the row is present
    const int begin = (int)box_4.lo[1];
    const int end = live ? (int)box_4.hi[1] : 0;
    f32 acc = 0.0f;
    #pragma unroll 4
    for (int j = begin + lane; j < end; j += 32) acc = (acc + Z_[r_ * 256 + (i0 * 256 + j)]);
    // the 32 lanes combine pairwise, halving: each ends with the same bits
    #pragma unroll
    for (int m = 16; m >= 1; m /= 2) acc = (acc + ph::shfl_xor(acc, m, 32));
    if (live && lane == 0) {
      tmp_2[i0] = acc;
    }
  }
  __syncthreads();
  const ph::Box<2> box_5 = {{ph::max64(box_4.lo[0], -r_), 0}, {ph::min64(box_4.hi[0], M_ - r_), 1}};
  for (int e = threadIdx.x; e < 8; e += 256) {
    const int i0 = e;
    const int i1 = 0;
    if (!box_5.has(i0, i1)) continue;
    Z_[r_ * 256 + (i0 * 256 + i1)] = tmp_2[i0];
  }
  #line 59 "tests/corpus/overlap.phobos"
  __syncthreads();
  ph::Box<2> box_6 = {{ph::max64(r_, 0) - r_, 0}, {ph::min64(r_ + 8, M_) - r_, 256}};
  box_6.normalize();
  ph::Box<2> box_7 = {{ph::max64(r_, 0) - r_, 0}, {ph::min64(r_ + 8, M_) - r_, 256}};
  box_7.normalize();
  f32 max_2 = (box_7.lo[0] < box_7.hi[0] && box_7.lo[1] < box_7.hi[1] ? __int_as_float(0x7fc00000) : -__int_as_float(0x7f800000));
  bool whole[2];  // whether each of this thread's groups is read whole
  ph::Vec<f32, 4> Z_gs[2];
  {
    const int lane = threadIdx.x % 32;  // the thread's place in its row's group
    const int row = threadIdx.x / 32;
    const int i0 = row;
    #pragma unroll
    for (int slot = 0; slot < 2; ++slot) {
      const int g = (lane + slot * 32) * 4;
      whole[slot] = box_7.has(i0, g) && box_7.has(i0, g + 3);
      if (whole[slot]) {
        Z_gs[slot] = ph::vload<4>(&Z_[r_ * 256 + (i0 * 256 + g)]);
      }
    }
  }
  {
    const int lane = threadIdx.x % 32;  // the thread's place in its row's group
    const int row = threadIdx.x / 32;
    const int i0 = row;
    #pragma unroll
    for (int slot = 0; slot < 2; ++slot) {
      const int g = (lane + slot * 32) * 4;
      if (whole[slot]) {  // the whole group is present and aligned
        const ph::Vec<f32, 4>& Z_g = Z_gs[slot];
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          max_2 = fmaxf(max_2, Z_g.v[v]);
        }
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i1 = g + v;
          if (!box_7.has(i0, i1)) continue;
          max_2 = fmaxf(max_2, Z_[r_ * 256 + (i0 * 256 + i1)]);
        }
      }
    }
  }
  max_2 = ph::cta_reduce(max_2, ph::Max(), (f32)__int_as_float(0x7fc00000));
  __syncthreads();
  const ph::Box<2> box_8 = {{ph::max64(box_6.lo[0], -r_), box_6.lo[1]}, {ph::min64(box_6.hi[0], M_ - r_), box_6.hi[1]}};
  // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
  for (int e = threadIdx.x; e < 512; e += 256) {
    const int i0 = e / 64;
    const int g = (e % 64) * 4;
    if (box_8.has(i0, g) && box_8.has(i0, g + 3)) {  // the whole group is present
      const ph::Vec<f32, 4> Z_g = ph::vload<4>(&Z_[r_ * 256 + (i0 * 256 + g)]);
      ph::Vec<f32, 4> out;
      #pragma unroll
      for (int v = 0; v < 4; ++v) {
        out.v[v] = (Z_g.v[v] - max_2);
      }
      ph::vstore(&Z_[r_ * 256 + (i0 * 256 + g)], out);
    } else {  // the group crosses the region's edge: element by element, masked
      #pragma unroll
      for (int v = 0; v < 4; ++v) {
        const int i1 = g + v;
        if (!box_8.has(i0, i1)) continue;
        Z_[r_ * 256 + (i0 * 256 + i1)] = (Z_[r_ * 256 + (i0 * 256 + i1)] - max_2);
      }
    }
  }
  #line 60 "tests/corpus/overlap.phobos"
  __syncthreads();
  ph::Box<2> box_9 = {{ph::max64(r_, 0) - r_, 0}, {ph::min64(r_ + 8, M_) - r_, 256}};
  box_9.normalize();
  ph::Box<2> box_10 = {{ph::max64(r_, 0) - r_, 0}, {ph::min64(r_ + 8, M_) - r_, 256}};
  box_10.normalize();
  const i64 at = ph::wadd(r_, 7ll);
  const f32 s = (0 <= at && at < M_ ? Z_[at * 256 + 255] : 0.0f);
  __syncthreads();
  const ph::Box<2> box_11 = {{ph::max64(ph::max64(box_9.lo[0], box_10.lo[0]), -r_), ph::max64(box_9.lo[1], box_10.lo[1])}, {ph::min64(ph::min64(box_9.hi[0], box_10.hi[0]), M_ - r_), ph::min64(box_9.hi[1], box_10.hi[1])}};
  // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
  for (int e = threadIdx.x; e < 512; e += 256) {
    const int i0 = e / 64;
    const int g = (e % 64) * 4;
    if (box_11.has(i0, g) && box_11.has(i0, g + 3)) {  // the whole group is present
      const ph::Vec<f32, 4> Z_g = ph::vload<4>(&Z_[r_ * 256 + (i0 * 256 + g)]);
      const ph::Vec<f32, 4> X_g = ph::vload<4>(&X_[r_ * 256 + (i0 * 256 + g)]);
      ph::Vec<f32, 4> out;
      #pragma unroll
      for (int v = 0; v < 4; ++v) {
        out.v[v] = ((Z_g.v[v] * s) + X_g.v[v]);
      }
      ph::vstore(&Z_[r_ * 256 + (i0 * 256 + g)], out);
    } else {  // the group crosses the region's edge: element by element, masked
      #pragma unroll
      for (int v = 0; v < 4; ++v) {
        const int i1 = g + v;
        if (!box_11.has(i0, i1)) continue;
        Z_[r_ * 256 + (i0 * 256 + i1)] = ((Z_[r_ * 256 + (i0 * 256 + i1)] * s) + X_[r_ * 256 + (i0 * 256 + i1)]);
      }
    }
  }
}
