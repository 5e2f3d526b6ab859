
// kernel softmax_rows [ROWS=8, COLS=256]: 128 threads a CTA, 8192 bytes of shared memory
// 16-byte aligned tensors: X, Y
#line 38 "tests/corpus/reductions.phobos"
extern "C" __global__ void __launch_bounds__(128) softmax_rows(f32* X, f32* Y, i64 M, i64 N) {
  extern __shared__ __align__(16) unsigned char smem[];
  #line 40 "tests/corpus/reductions.phobos"
  const i64 r = ph::wmul((i64)blockIdx.x, 8ll);
  #line 41 "tests/corpus/reductions.phobos"
  ph::Box<2> box = {{ph::max64(r, 0) - r, 0}, {ph::min64(r + 8, M) - r, ph::min64(256, N)}};
  box.normalize();
  f32* tmp = (f32*)(smem + 0);  // tile<f32>[8, 256]
  const ph::Box<2> box_ = {{box.lo[0], 0}, {box.hi[0], 1}};
  for (int e = threadIdx.x; e < 8; e += 128) {
    const int i0 = e;
    const int i1 = 0;
    if (!box_.has(i0, i1)) continue;
    f32 peak = -__int_as_float(0x7f800000);
    for (i64 j = box.lo[1]; j < box.hi[1]; ++j) peak = fmaxf(peak, (f32)X[(r + i0) * N + j]);
    f32 total = 0;
    for (i64 j = box.lo[1]; j < box.hi[1]; ++j) total += expf((f32)X[(r + i0) * N + j] - peak);
    for (i64 j = box.lo[1]; j < box.hi[1]; ++j) tmp[i0 * 256 + j] = expf((f32)X[(r + i0) * N + j] - peak) / total;
  }
  __syncthreads();
  const ph::Box<2> box_2 = {{ph::max64(box.lo[0], -r), box.lo[1]}, {ph::min64(box.hi[0], M - r), ph::min64(box.hi[1], N)}};
  // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
  for (int e = threadIdx.x; e < 512; e += 128) {
    const int i0 = e / 64;
    const int g = (e % 64) * 4;
    if (box_2.has(i0, g) && box_2.has(i0, g + 3)) {  // the whole group is present
      const ph::Vec<f32, 4> tmp_g = ph::vload<4>(&tmp[i0 * 256 + g]);
      ph::Vec<f32, 4> out;
      #pragma unroll
      for (int v = 0; v < 4; ++v) {
        out.v[v] = tmp_g.v[v];
      }
      ph::vstore(&Y[(r + i0) * N + g], out);
    } else {  // the group crosses the region's edge: element by element, masked
      #pragma unroll
      for (int v = 0; v < 4; ++v) {
        const int i1 = g + v;
        if (!box_2.has(i0, i1)) continue;
        Y[(r + i0) * N + i1] = tmp[i0 * 256 + i1];
      }
    }
  }
}
