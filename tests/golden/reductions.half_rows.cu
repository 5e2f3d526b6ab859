
// kernel half_rows [R=8, C=128]: 128 threads a CTA, 32 bytes of shared memory
// 16-byte aligned tensors: X, B, S, P
#line 95 "tests/corpus/reductions.phobos"
extern "C" __global__ void __launch_bounds__(128) half_rows(f16* X, bf16* B, f32* S, bf16* P, i64 M, i64 N) {
  extern __shared__ __align__(16) unsigned char smem[];
  #line 98 "tests/corpus/reductions.phobos"
  const i64 r = ph::wmul((i64)blockIdx.x, 8ll);
  #line 99 "tests/corpus/reductions.phobos"
  ph::Box<2> box = {{ph::max64(r, 0) - r, 0}, {ph::min64(r + 8, M) - r, ph::min64(128, N)}};
  box.normalize();
  f32* tmp = (f32*)(smem + 0);  // tile<f32>[8, 1]
  const ph::Box<2> box_ = {{box.lo[0], 0}, {box.hi[0], 1}};
  for (int e = threadIdx.x; e < 8; e += 128) {
    const int i0 = e;
    const int i1 = 0;
    if (!box_.has(i0, i1)) continue;
    f32 acc = 0.0f;
    for (i64 j = box.lo[1]; j < box.hi[1]; ++j) acc = (acc + (f32)(ph::from_f16(X[(r + i0) * N + j])));
    tmp[i0] = acc;
  }
  __syncthreads();
  const ph::Box<2> box_2 = {{ph::max64(box.lo[0], -r), 0}, {ph::min64(box.hi[0], M - r), 1}};
  for (int e = threadIdx.x; e < 8; e += 128) {
    const int i0 = e;
    const int i1 = 0;
    if (!box_2.has(i0, i1)) continue;
    S[r + i0] = tmp[i0];
  }
  #line 100 "tests/corpus/reductions.phobos"
  __syncthreads();
  ph::Box<2> box_3 = {{ph::max64(r, 0) - r, 0}, {ph::min64(r + 8, M) - r, ph::min64(128, N)}};
  box_3.normalize();
  bf16* tmp_ = (bf16*)(smem + 0);  // tile<bf16>[8, 1]
  const ph::Box<2> box_4 = {{box_3.lo[0], 0}, {box_3.hi[0], 1}};
  for (int e = threadIdx.x; e < 8; e += 128) {
    const int i0 = e;
    const int i1 = 0;
    if (!box_4.has(i0, i1)) continue;
    f32 acc = -__int_as_float(0x7f800000);
    for (i64 j = box_3.lo[1]; j < box_3.hi[1]; ++j) acc = fmaxf(acc, ph::from_bf16(B[(r + i0) * N + j]));
    tmp_[i0] = ph::to_bf16(acc);
  }
  __syncthreads();
  const ph::Box<2> box_5 = {{ph::max64(box_3.lo[0], -r), 0}, {ph::min64(box_3.hi[0], M - r), 1}};
  for (int e = threadIdx.x; e < 8; e += 128) {
    const int i0 = e;
    const int i1 = 0;
    if (!box_5.has(i0, i1)) continue;
    P[r + i0] = tmp_[i0];
  }
}
