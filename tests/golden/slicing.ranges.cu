
// kernel ranges: 128 threads a CTA, 0 bytes of shared memory
#line 13 "tests/corpus/slicing.phobos"
extern "C" __global__ void __launch_bounds__(128) ranges(f32* X, f32* Y, i64 M) {
  #line 14 "tests/corpus/slicing.phobos"
  const i64 r = ph::wmul((i64)blockIdx.x, 8ll);
  #line 15 "tests/corpus/slicing.phobos"
  ph::Box<2> box = {{ph::max64(r, 0) - r, 0}, {ph::min64(r + 8, M) - r, 4}};
  box.normalize();
  const ph::Box<2> box_ = {{ph::max64(box.lo[0], -r), box.lo[1]}, {ph::min64(box.hi[0], M - r), box.hi[1]}};
  for (int e = threadIdx.x; e < 32; e += 128) {
    const int i0 = e / 4;
    const int i1 = e % 4;
    if (!box_.has(i0, i1)) continue;
    Y[(r + i0) * 12 + i1] = (X[(r + i0) * 12 + (8 + i1)] * 2.0f);
  }
  #line 16 "tests/corpus/slicing.phobos"
  __syncthreads();
  ph::Box<2> box_2 = {{ph::max64(r, 0) - r, 0}, {ph::min64(r + 8, M) - r, 8}};
  box_2.normalize();
  const ph::Box<2> box_3 = {{ph::max64(box_2.lo[0], -r), box_2.lo[1]}, {ph::min64(box_2.hi[0], M - r), box_2.hi[1]}};
  for (int e = threadIdx.x; e < 64; e += 128) {
    const int i0 = e / 8;
    const int i1 = e % 8;
    if (!box_3.has(i0, i1)) continue;
    Y[(r + i0) * 12 + (4 + i1)] = (X[(r + i0) * 12 + i1] + 1.0f);
  }
}
