
// kernel attention [BM=16, BN=64]: 128 threads a CTA, 10368 bytes of shared memory
// for launches where multiples of 4: M, N; 16-byte aligned: K, O, Q, V; rows 16-byte multiples apart: K, O, Q, V
#line 82 "tests/corpus/dot.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_attention(f32* Q_, f32* K_, f32* V_, f32* O_, f32 scale_, i64 M_, i64 N_) {
  extern __shared__ __align__(16) unsigned char smem[];
  #line 85 "tests/corpus/dot.phobos"
  const i64 r_ = ph::wmul((i64)blockIdx.x, 16ll);
  #line 86 "tests/corpus/dot.phobos"
  const i64 q_start0_ = r_;
  #line 88 "tests/corpus/dot.phobos"
  f32* s_ = (f32*)(smem + 0);  // tile<f32>[16, 64]
  ph::Box<2> s_box;
  ph::Box<2> box = {{ph::max64(q_start0_, 0) - q_start0_, 0}, {ph::min64(q_start0_ + 16, M_) - q_start0_, 32}};
  box.normalize();
  ph::Box<2> box_2 = {{0, 0}, {ph::min64(64, N_), 32}};
  box_2.normalize();
  const i64 k_lo = ph::max64(box.lo[1], box_2.lo[1]);
  const i64 k_hi = ph::min64(box.hi[1], box_2.hi[1]);
  f32* tmp = (f32*)(smem + 4096);  // tile<f32>[16, 64]
  const ph::Box<2> box_3 = {{box.lo[0], box_2.lo[0]}, {box.hi[0], box_2.hi[0]}};
  for (int e = threadIdx.x; e < 1024; e += 128) {
    const int i0 = e / 64;
    const int i1 = e % 64;
    if (!box_3.has(i0, i1)) continue;
    f32 acc = 0.0f;
    for (i64 k = k_lo; k < k_hi; ++k) acc = (acc + (Q_[q_start0_ * 32 + (i0 * 32 + k)] * K_[i1 * 32 + k]));
    tmp[i0 * 64 + i1] = acc;
  }
  __syncthreads();
  const ph::Box<2> box_4 = {{box.lo[0], box_2.lo[0]}, {box.hi[0], box_2.hi[0]}};
  // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
  for (int e = threadIdx.x; e < 256; e += 128) {
    const int i0 = e / 16;
    const int g = (e % 16) * 4;
    if (box_4.has(i0, g) && box_4.has(i0, g + 3)) {  // the whole group is present
      const ph::Vec<f32, 4> tmp_g = ph::vload<4>(&tmp[i0 * 64 + g]);
      ph::Vec<f32, 4> out;
      #pragma unroll
      for (int v = 0; v < 4; ++v) {
        out.v[v] = (tmp_g.v[v] * scale_);
      }
      ph::vstore(&s_[i0 * 64 + g], out);
    } else {  // the group crosses the region's edge: element by element, masked
      #pragma unroll
      for (int v = 0; v < 4; ++v) {
        const int i1 = g + v;
        if (!box_4.has(i0, i1)) continue;
        s_[i0 * 64 + i1] = (tmp[i0 * 64 + i1] * scale_);
      }
    }
  }
  s_box = box_4;
  #line 89 "tests/corpus/dot.phobos"
  __syncthreads();
  f32* row_max = (f32*)(smem + 4096);  // each row's maximum
  f32* row_sum = (f32*)(smem + 4160);  // each row's sum of exp(x - maximum)
  // softmax's row statistics of tile<f32>[16, 64]: 16 rows of 64, a group of 32 threads per row, 4 rows a pass (4 passes); lane l folds elements l, l + 32, ... in registers, then xor shuffles combine the group
  {
    const int lane = threadIdx.x % 32;  // the thread's place in its row's group
    for (int pass = 0; pass < 4; ++pass) {
      const int row = pass * 4 + threadIdx.x / 32;
      const int i0 = row;
      const bool live = s_box.lo[0] <= i0 && i0 < s_box.hi[0];  // the row is present
      const int begin = (int)s_box.lo[1];
      const int end = live ? (int)s_box.hi[1] : 0;
      f32 peak = -__int_as_float(0x7f800000);
      #pragma unroll 4
      for (int j = begin + lane; j < end; j += 32) peak = fmaxf(peak, (f32)(s_[i0 * 64 + j]));
      // the 32 lanes combine pairwise, halving: each ends with the same bits
      #pragma unroll
      for (int m = 16; m >= 1; m /= 2) peak = fmaxf(peak, ph::shfl_xor(peak, m, 32));
      f32 total = 0.0f;
      #pragma unroll 4
      for (int j = begin + lane; j < end; j += 32) total = (total + expf((f32)(s_[i0 * 64 + j]) - peak));
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
  f32* tmp_2 = (f32*)(smem + 4224);  // tile<f32>[16, 64]
  for (int e = threadIdx.x; e < 1024; e += 128) {
    const int i0 = e / 64;
    const int i1 = e % 64;
    if (!s_box.has(i0, i1)) continue;
    tmp_2[i0 * 64 + i1] = (expf((f32)(s_[i0 * 64 + i1]) - row_max[i0]) / row_sum[i0]);
  }
  __syncthreads();
  ph::Box<2> box_5 = {{0, 0}, {ph::min64(64, N_), 32}};
  box_5.normalize();
  const i64 k_lo_2 = ph::max64(s_box.lo[1], box_5.lo[0]);
  const i64 k_hi_2 = ph::min64(s_box.hi[1], box_5.hi[0]);
  f32* tmp_3 = (f32*)(smem + 8320);  // tile<f32>[16, 32]
  const ph::Box<2> box_6 = {{s_box.lo[0], box_5.lo[1]}, {s_box.hi[0], box_5.hi[1]}};
  for (int e = threadIdx.x; e < 512; e += 128) {
    const int i0 = e / 32;
    const int i1 = e % 32;
    if (!box_6.has(i0, i1)) continue;
    f32 acc = 0.0f;
    for (i64 k = k_lo_2; k < k_hi_2; ++k) acc = (acc + (tmp_2[i0 * 64 + k] * V_[k * 32 + i1]));
    tmp_3[i0 * 32 + i1] = acc;
  }
  __syncthreads();
  const ph::Box<2> box_7 = {{ph::max64(s_box.lo[0], -r_), box_5.lo[1]}, {ph::min64(s_box.hi[0], M_ - r_), box_5.hi[1]}};
  // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
  for (int e = threadIdx.x; e < 128; e += 128) {
    const int i0 = e / 8;
    const int g = (e % 8) * 4;
    if (box_7.has(i0, g) && box_7.has(i0, g + 3)) {  // the whole group is present
      const ph::Vec<f32, 4> tmp_3_g = ph::vload<4>(&tmp_3[i0 * 32 + g]);
      ph::Vec<f32, 4> out;
      #pragma unroll
      for (int v = 0; v < 4; ++v) {
        out.v[v] = tmp_3_g.v[v];
      }
      ph::vstore(&O_[r_ * 32 + (i0 * 32 + g)], out);
    } else {  // the group crosses the region's edge: element by element, masked
      #pragma unroll
      for (int v = 0; v < 4; ++v) {
        const int i1 = g + v;
        if (!box_7.has(i0, i1)) continue;
        O_[r_ * 32 + (i0 * 32 + i1)] = tmp_3[i0 * 32 + i1];
      }
    }
  }
}
