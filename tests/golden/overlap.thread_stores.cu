
// kernel thread_stores: 128 threads a CTA, 512 bytes of shared memory
// for launches where 16-byte aligned: X, Y; rows 16-byte multiples apart: X, Y
#line 75 "tests/corpus/overlap.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_thread_stores(f32* X_, f32* Y_) {
  extern __shared__ __align__(16) unsigned char smem[];
  #line 76 "tests/corpus/overlap.phobos"
  f32 sum = 0.0f;
  bool whole[1];  // whether each of this thread's groups is read whole
  ph::Vec<f32, 4> X_gs[1];
  {
    const int lane = threadIdx.x % 32;  // the thread's place in its row's group
    const int row = threadIdx.x / 32;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 4;
      whole[0] = row < 1;
      if (whole[0]) {
        X_gs[0] = ph::vload<4>(&X_[g]);
      }
    }
  }
  {
    const int lane = threadIdx.x % 32;  // the thread's place in its row's group
    const int row = threadIdx.x / 32;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 4;
      if (!(row < 1)) continue;
      if (whole[0]) {  // the whole group is present and aligned
        const ph::Vec<f32, 4>& X_g = X_gs[0];
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          sum = (sum + X_g.v[v]);
        }
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          sum = (sum + X_[i0]);
        }
      }
    }
  }
  sum = ph::cta_reduce(sum, ph::Sum(), (f32)0.0f);
  const i64 at = ph::wsub(127ll, (i64)threadIdx.x);
  const f32 value = (sum + (0 <= at && at < 128 ? X_[at] : 0.0f));
  __syncthreads();
  if (0 <= (i64)threadIdx.x && (i64)threadIdx.x < 128) X_[(i64)threadIdx.x] = value;
  #line 77 "tests/corpus/overlap.phobos"
  f32* t_ = (f32*)(smem + 0);  // tile<f32>[128]
  // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
  for (int e = threadIdx.x; e < 32; e += 128) {
    const int g = e * 4;
    const ph::Vec<f32, 4> Y_g = ph::vload<4>(&Y_[g]);
    ph::Vec<f32, 4> out;
    #pragma unroll
    for (int v = 0; v < 4; ++v) {
      out.v[v] = Y_g.v[v];
    }
    ph::vstore(&t_[g], out);
  }
  #line 78 "tests/corpus/overlap.phobos"
  __syncthreads();
  f32 max_2 = __int_as_float(0x7fc00000);
  bool whole_2[1];  // whether each of this thread's groups is read whole
  ph::Vec<f32, 4> t_gs[1];
  {
    const int lane = threadIdx.x % 32;  // the thread's place in its row's group
    const int row = threadIdx.x / 32;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 4;
      whole_2[0] = row < 1;
      if (whole_2[0]) {
        t_gs[0] = ph::vload<4>(&t_[g]);
      }
    }
  }
  {
    const int lane = threadIdx.x % 32;  // the thread's place in its row's group
    const int row = threadIdx.x / 32;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 4;
      if (!(row < 1)) continue;
      if (whole_2[0]) {  // the whole group is present and aligned
        const ph::Vec<f32, 4>& t_g = t_gs[0];
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          max_2 = fmaxf(max_2, t_g.v[v]);
        }
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          max_2 = fmaxf(max_2, t_[i0]);
        }
      }
    }
  }
  max_2 = ph::cta_reduce(max_2, ph::Max(), (f32)__int_as_float(0x7fc00000));
  const i64 at_2 = ph::wsub(127ll, (i64)threadIdx.x);
  const f32 value_2 = (max_2 - (0 <= at_2 && at_2 < 128 ? t_[(0 <= at_2 && at_2 < 128 ? at_2 : 0)] : 0.0f));
  __syncthreads();
  if (0 <= (i64)threadIdx.x && (i64)threadIdx.x < 128) t_[(i64)threadIdx.x] = value_2;
  #line 79 "tests/corpus/overlap.phobos"
  __syncthreads();
  // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
  for (int e = threadIdx.x; e < 32; e += 128) {
    const int g = e * 4;
    const ph::Vec<f32, 4> t_g = ph::vload<4>(&t_[g]);
    ph::Vec<f32, 4> out;
    #pragma unroll
    for (int v = 0; v < 4; ++v) {
      out.v[v] = t_g.v[v];
    }
    ph::vstore(&Y_[g], out);
  }
}
