
// kernel shifted: 128 threads a CTA, 896 bytes of shared memory
// for launches where multiples of 4: M; 16-byte aligned: X, Z; rows 16-byte multiples apart: X, Z
#line 38 "tests/corpus/overlap.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_shifted(f32* X_, f32* Z_, i64 M_) {
  extern __shared__ __align__(16) unsigned char smem[];
  #line 39 "tests/corpus/overlap.phobos"
  const i64 r_ = ph::wmul((i64)blockIdx.x, 8ll);
  #line 40 "tests/corpus/overlap.phobos"
  ph::Box<2> box = {{ph::max64(r_, 0) - r_, 0}, {ph::min64(r_ + 7, M_) - r_, 32}};
  box.normalize();
  f32* tmp = (f32*)(smem + 0);  // tile<f32>[7, 32]
  for (int e = threadIdx.x; e < 224; e += 128) {
    const int i0 = e / 32;
    const int i1 = e % 32;
    if (!box.has(i0, i1)) continue;
    tmp[i0 * 32 + i1] = Z_[r_ * 32 + (i0 * 32 + i1)];
  }
  __syncthreads();
  ph::Box<2> box_2 = {{ph::max64(r_, 0) - r_, 0}, {ph::min64(r_ + 7, M_) - r_, 32}};
  box_2.normalize();
  const i64 start = ph::wadd(r_, 1ll);
  const ph::Box<2> box_3 = {{ph::max64(ph::max64(box.lo[0], box_2.lo[0]), -start), ph::max64(box.lo[1], box_2.lo[1])}, {ph::min64(ph::min64(box.hi[0], box_2.hi[0]), M_ - start), ph::min64(box.hi[1], box_2.hi[1])}};
  // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
  for (int e = threadIdx.x; e < 56; e += 128) {
    const int i0 = e / 8;
    const int g = (e % 8) * 4;
    if (box_3.has(i0, g) && box_3.has(i0, g + 3)) {  // the whole group is present
      const ph::Vec<f32, 4> tmp_g = ph::vload<4>(&tmp[i0 * 32 + g]);
      const ph::Vec<f32, 4> X_g = ph::vload<4>(&X_[r_ * 32 + (i0 * 32 + g)]);
      ph::Vec<f32, 4> out;
      #pragma unroll
      for (int v = 0; v < 4; ++v) {
        out.v[v] = ((tmp_g.v[v] * 2.0f) + X_g.v[v]);
      }
      ph::vstore(&Z_[start * 32 + (i0 * 32 + g)], out);
    } else {  // the group crosses the region's edge: element by element, masked
      #pragma unroll
      for (int v = 0; v < 4; ++v) {
        const int i1 = g + v;
        if (!box_3.has(i0, i1)) continue;
        Z_[start * 32 + (i0 * 32 + i1)] = ((tmp[i0 * 32 + i1] * 2.0f) + X_[r_ * 32 + (i0 * 32 + i1)]);
      }
    }
  }
  #line 41 "tests/corpus/overlap.phobos"
  __syncthreads();
  const i64 start_2 = ph::wadd(r_, 1ll);
  ph::Box<2> box_4 = {{ph::max64(start_2, 0) - start_2, 0}, {ph::min64(start_2 + 7, M_) - start_2, 32}};
  box_4.normalize();
  const i64 start_3 = ph::wadd(r_, 1ll);
  f32* tmp_2 = (f32*)(smem + 0);  // tile<f32>[7, 32]
  for (int e = threadIdx.x; e < 224; e += 128) {
    const int i0 = e / 32;
    const int i1 = e % 32;
    if (!box_4.has(i0, i1)) continue;
    tmp_2[i0 * 32 + i1] = Z_[start_3 * 32 + (i0 * 32 + i1)];
  }
  __syncthreads();
  const i64 start_4 = ph::wadd(r_, 1ll);
  ph::Box<2> box_5 = {{ph::max64(start_4, 0) - start_4, 0}, {ph::min64(start_4 + 7, M_) - start_4, 32}};
  box_5.normalize();
  const i64 start_5 = ph::wadd(r_, 1ll);
  const ph::Box<2> box_6 = {{ph::max64(ph::max64(box_4.lo[0], box_5.lo[0]), -r_), ph::max64(box_4.lo[1], box_5.lo[1])}, {ph::min64(ph::min64(box_4.hi[0], box_5.hi[0]), M_ - r_), ph::min64(box_4.hi[1], box_5.hi[1])}};
  // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
  for (int e = threadIdx.x; e < 56; e += 128) {
    const int i0 = e / 8;
    const int g = (e % 8) * 4;
    if (box_6.has(i0, g) && box_6.has(i0, g + 3)) {  // the whole group is present
      const ph::Vec<f32, 4> tmp_2_g = ph::vload<4>(&tmp_2[i0 * 32 + g]);
      const ph::Vec<f32, 4> X_g = ph::vload<4>(&X_[start_5 * 32 + (i0 * 32 + g)]);
      ph::Vec<f32, 4> out;
      #pragma unroll
      for (int v = 0; v < 4; ++v) {
        out.v[v] = (tmp_2_g.v[v] - X_g.v[v]);
      }
      ph::vstore(&Z_[r_ * 32 + (i0 * 32 + g)], out);
    } else {  // the group crosses the region's edge: element by element, masked
      #pragma unroll
      for (int v = 0; v < 4; ++v) {
        const int i1 = g + v;
        if (!box_6.has(i0, i1)) continue;
        Z_[r_ * 32 + (i0 * 32 + i1)] = (tmp_2[i0 * 32 + i1] - X_[start_5 * 32 + (i0 * 32 + i1)]);
      }
    }
  }
  #line 42 "tests/corpus/overlap.phobos"
  __syncthreads();
  ph::Box<2> box_7 = {{ph::max64(r_, 0) - r_, 0}, {ph::min64(r_ + 8, M_) - r_, 1}};
  box_7.normalize();
  f32* tmp_3 = (f32*)(smem + 0);  // tile<f32>[8, 1]
  for (int e = threadIdx.x; e < 8; e += 128) {
    const int i0 = e;
    const int i1 = 0;
    if (!box_7.has(i0, i1)) continue;
    tmp_3[i0] = Z_[r_ * 32 + (i0 * 32 + i1)];
  }
  __syncthreads();
  ph::Box<2> box_8 = {{ph::max64(r_, 0) - r_, 0}, {ph::min64(r_ + 8, M_) - r_, 31}};
  box_8.normalize();
  const ph::Box<2> box_9 = {{ph::max64(ph::max64(box_7.lo[0], box_8.lo[0]), -r_), box_8.lo[1]}, {ph::min64(ph::min64(box_7.hi[0], box_8.hi[0]), M_ - r_), ph::min64((box_7.lo[1] < box_7.hi[1] ? 31 : 0), box_8.hi[1])}};
  for (int e = threadIdx.x; e < 248; e += 128) {
    const int i0 = e / 31;
    const int i1 = e % 31;
    if (!box_9.has(i0, i1)) continue;
    Z_[r_ * 32 + 1 + (i0 * 32 + i1)] = (tmp_3[i0] + Z_[r_ * 32 + 1 + (i0 * 32 + i1)]);
  }
}
