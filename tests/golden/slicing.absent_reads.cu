
// kernel absent_reads: 128 threads a CTA, 64 bytes of shared memory
// for launches where multiples of 4: N; 16-byte aligned: X, Y; rows 16-byte multiples apart: X, Y
#line 61 "tests/corpus/slicing.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_absent_reads(f32* X_, f32* Y_, i64 N_) {
  extern __shared__ __align__(16) unsigned char smem[];
  #line 62 "tests/corpus/slicing.phobos"
  const i64 c_ = ph::wmul((i64)blockIdx.x, 16ll);
  #line 63 "tests/corpus/slicing.phobos"
  f32* t_ = (f32*)(smem + 0);  // tile<f32>[16]
  ph::Box<1> t_box;
  const i64 start = ph::wadd(c_, 8ll);
  ph::Box<1> box = {{ph::max64(start, 0) - start}, {ph::min64(start + 16, N_) - start}};
  box.normalize();
  const i64 start_2 = ph::wadd(c_, 8ll);
  const i64 start_3 = ph::wadd(c_, 8ll);
  if (start_3 % 4 == 0) {  // every group's address is aligned
    // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 4; e += 128) {
      const int g = e * 4;
      if (box.has(g) && box.has(g + 3)) {  // the whole group is present
        const ph::Vec<f32, 4> X_g = ph::vload<4>(&X_[start_3 + g]);
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = (X_g.v[v] + 1.0f);
        }
        ph::vstore(&t_[g], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box.has(i0)) continue;
          t_[i0] = (X_[start_3 + i0] + 1.0f);
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int i0 = threadIdx.x; i0 < 16; i0 += 128) {
      if (!box.has(i0)) continue;
      t_[i0] = (X_[start_3 + i0] + 1.0f);
    }
  }
  t_box = box;
  #line 64 "tests/corpus/slicing.phobos"
  __syncthreads();
  if (((i64)threadIdx.x < 16ll)) {
    #line 65 "tests/corpus/slicing.phobos"
    const i64 at = ph::wadd(c_, (i64)threadIdx.x);
    if (0 <= at && at < N_) Y_[at] = (t_box.lo[0] <= (i64)threadIdx.x && (i64)threadIdx.x < t_box.hi[0] ? t_[(t_box.lo[0] <= (i64)threadIdx.x && (i64)threadIdx.x < t_box.hi[0] ? (i64)threadIdx.x : 0)] : 0.0f);
  }
}
