
// kernel tiles_after_inner_break: 128 threads a CTA, 2048 bytes of shared memory
// for launches where multiples of 4: K, M, R; 16-byte aligned: A, B, C, STEPS; rows 16-byte multiples apart: B, C, STEPS
#line 186 "tests/corpus/control_flow.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_tiles_after_inner_break(bf16* A, bf16* B, f32* C, i32* STEPS, i64 M, i64 K, i64 R) {
  __builtin_assume(M % 4 == 0);
  __builtin_assume(K % 4 == 0);
  __builtin_assume(R % 4 == 0);
  extern __shared__ __align__(16) unsigned char smem[];
  #line 189 "tests/corpus/control_flow.phobos"
  for (i64 r = 0ll; r < 4ll; ++r) {
    #line 190 "tests/corpus/control_flow.phobos"
    const i64 row = ph::wadd(ph::wmul((i64)blockIdx.x, 4ll), r);
    #line 191 "tests/corpus/control_flow.phobos"
    i32 k = 0;
    #line 192 "tests/corpus/control_flow.phobos"
    while ((k < 40)) {
      #line 193 "tests/corpus/control_flow.phobos"
      k = ph::wadd(k, 1);
      #line 194 "tests/corpus/control_flow.phobos"
      if (((i64)(k) > ph::imod(ph::wadd((i64)threadIdx.x, row), 11ll))) {
        #line 195 "tests/corpus/control_flow.phobos"
        break;
      }
    }
    #line 198 "tests/corpus/control_flow.phobos"
    if (0 <= row && row < R && 0 <= (i64)threadIdx.x && (i64)threadIdx.x < 128) STEPS[row * 128 + (i64)threadIdx.x] = k;
    #line 199 "tests/corpus/control_flow.phobos"
    __syncthreads();
    f32* acc = (f32*)(smem + 0);  // tile<f32>[16, 16]
    ph::Box<2> acc_box;
    // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 64; e += 128) {
      const int i0 = e / 4;
      const int g = (e % 4) * 4;
      ph::Vec<f32, 4> out;
      #pragma unroll
      for (int v = 0; v < 4; ++v) {
        out.v[v] = 0.0f;
      }
      ph::vstore(&acc[i0 * 16 + g], out);
    }
    acc_box = {{0, 0}, {16, 16}};
    #line 200 "tests/corpus/control_flow.phobos"
    for (i64 kk = 0ll; kk < K; kk += 32) {
      #line 201 "tests/corpus/control_flow.phobos"
      __syncthreads();
      const i64 start = ph::wmul(row, 16ll);
      ph::Box<2> box = {{ph::max64(start, 0) - start, ph::max64(kk, 0) - kk}, {ph::min64(start + 16, M) - start, ph::min64(kk + 32, K) - kk}};
      box.normalize();
      ph::Box<2> box_ = {{ph::max64(kk, 0) - kk, 0}, {ph::min64(kk + 32, K) - kk, 16}};
      box_.normalize();
      const i64 k_lo = ph::max64(box.lo[1], box_.lo[0]);
      const i64 k_hi = ph::min64(box.hi[1], box_.hi[0]);
      const i64 start_ = ph::wmul(row, 16ll);
      f32* tmp = (f32*)(smem + 1024);  // tile<f32>[16, 16]
      const ph::Box<2> box_2 = {{box.lo[0], box_.lo[1]}, {box.hi[0], box_.hi[1]}};
      for (int e = threadIdx.x; e < 256; e += 128) {
        const int i0 = e / 16;
        const int i1 = e % 16;
        if (!box_2.has(i0, i1)) continue;
        f32 acc_ = 0.0f;
        for (i64 k_ = k_lo; k_ < k_hi; ++k_) acc_ = (acc_ + ((f32)(ph::from_bf16(A[(start_ + i0) * K + (kk + k_)])) * (f32)(ph::from_bf16(B[kk * 16 + (k_ * 16 + i1)]))));
        tmp[i0 * 16 + i1] = acc_;
      }
      __syncthreads();
      const ph::Box<2> box_3 = {{ph::max64(acc_box.lo[0], box.lo[0]), ph::max64(acc_box.lo[1], box_.lo[1])}, {ph::min64(acc_box.hi[0], box.hi[0]), ph::min64(acc_box.hi[1], box_.hi[1])}};
      // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
      for (int e = threadIdx.x; e < 64; e += 128) {
        const int i0 = e / 4;
        const int g = (e % 4) * 4;
        if (box_3.has(i0, g) && box_3.has(i0, g + 3)) {  // the whole group is present
          const ph::Vec<f32, 4> acc_g = ph::vload<4>(&acc[i0 * 16 + g]);
          const ph::Vec<f32, 4> tmp_g = ph::vload<4>(&tmp[i0 * 16 + g]);
          ph::Vec<f32, 4> out;
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            out.v[v] = (acc_g.v[v] + tmp_g.v[v]);
          }
          ph::vstore(&acc[i0 * 16 + g], out);
        } else {  // the group crosses the region's edge: element by element, masked
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            const int i1 = g + v;
            if (!box_3.has(i0, i1)) continue;
            acc[i0 * 16 + i1] = (acc[i0 * 16 + i1] + tmp[i0 * 16 + i1]);
          }
        }
      }
      acc_box = box_3;
    }
    #line 203 "tests/corpus/control_flow.phobos"
    __syncthreads();
    const i64 start_2 = ph::wmul(row, 16ll);
    const ph::Box<2> box_4 = {{ph::max64(acc_box.lo[0], -start_2), acc_box.lo[1]}, {ph::min64(acc_box.hi[0], M - start_2), acc_box.hi[1]}};
    // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 64; e += 128) {
      const int i0 = e / 4;
      const int g = (e % 4) * 4;
      if (box_4.has(i0, g) && box_4.has(i0, g + 3)) {  // the whole group is present
        const ph::Vec<f32, 4> acc_g = ph::vload<4>(&acc[i0 * 16 + g]);
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = acc_g.v[v];
        }
        ph::vstore(&C[start_2 * 16 + (i0 * 16 + g)], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i1 = g + v;
          if (!box_4.has(i0, i1)) continue;
          C[start_2 * 16 + (i0 * 16 + i1)] = acc[i0 * 16 + i1];
        }
      }
    }
  }
}
