
// kernel int_ops_tile [T=64]: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: N; 16-byte aligned: A, B, O; rows 16-byte multiples apart: A, B, O
#line 47 "tests/corpus/numerics.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_int_ops_tile(i32* A, i32* B, i32* O, i64 N) {
  __builtin_assume(N % 4 == 0);
  #line 49 "tests/corpus/numerics.phobos"
  const i64 c = ph::wmul((i64)blockIdx.x, 64ll);
  #line 50 "tests/corpus/numerics.phobos"
  const i64 a_start0 = c;
  #line 51 "tests/corpus/numerics.phobos"
  const i64 b_start0 = c;
  #line 52 "tests/corpus/numerics.phobos"
  ph::Box<1> box = {{ph::max64(a_start0, 0) - a_start0}, {ph::min64(a_start0 + 64, N) - a_start0}};
  box.normalize();
  ph::Box<1> box_ = {{ph::max64(b_start0, 0) - b_start0}, {ph::min64(b_start0 + 64, N) - b_start0}};
  box_.normalize();
  ph::Box<1> box_2 = {{ph::max64(ph::max64(box.lo[0], box_.lo[0]), -c)}, {ph::min64(ph::min64(box.hi[0], box_.hi[0]), N - c)}};
  if (0 < 0 || 0 >= 13) box_2 = {};  // the window's index is outside
  if (c % 4 == 0 && a_start0 % 4 == 0 && b_start0 % 4 == 0) {  // every group's address is aligned
    // vector path: each thread moves 4 consecutive i32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 16; e += 128) {
      const int g = e * 4;
      if (box_2.has(g) && box_2.has(g + 3)) {  // the whole group is present
        const ph::Vec<i32, 4> A_g = ph::vload<4>(&A[a_start0 + g]);
        const ph::Vec<i32, 4> B_g = ph::vload<4>(&B[b_start0 + g]);
        ph::Vec<i32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = ph::wadd(A_g.v[v], B_g.v[v]);
        }
        ph::vstore(&O[c + g], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_2.has(i0)) continue;
          O[c + i0] = ph::wadd(A[a_start0 + i0], B[b_start0 + i0]);
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int i0 = threadIdx.x; i0 < 64; i0 += 128) {
      if (!box_2.has(i0)) continue;
      O[c + i0] = ph::wadd(A[a_start0 + i0], B[b_start0 + i0]);
    }
  }
  #line 53 "tests/corpus/numerics.phobos"
  __syncthreads();
  ph::Box<1> box_3 = {{ph::max64(a_start0, 0) - a_start0}, {ph::min64(a_start0 + 64, N) - a_start0}};
  box_3.normalize();
  ph::Box<1> box_4 = {{ph::max64(b_start0, 0) - b_start0}, {ph::min64(b_start0 + 64, N) - b_start0}};
  box_4.normalize();
  ph::Box<1> box_5 = {{ph::max64(ph::max64(box_3.lo[0], box_4.lo[0]), -c)}, {ph::min64(ph::min64(box_3.hi[0], box_4.hi[0]), N - c)}};
  if (1 < 0 || 1 >= 13) box_5 = {};  // the window's index is outside
  if (c % 4 == 0 && a_start0 % 4 == 0 && b_start0 % 4 == 0) {  // every group's address is aligned
    // vector path: each thread moves 4 consecutive i32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 16; e += 128) {
      const int g = e * 4;
      if (box_5.has(g) && box_5.has(g + 3)) {  // the whole group is present
        const ph::Vec<i32, 4> A_g = ph::vload<4>(&A[a_start0 + g]);
        const ph::Vec<i32, 4> B_g = ph::vload<4>(&B[b_start0 + g]);
        ph::Vec<i32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = ph::wsub(A_g.v[v], B_g.v[v]);
        }
        ph::vstore(&O[1 * N + (c + g)], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_5.has(i0)) continue;
          O[1 * N + (c + i0)] = ph::wsub(A[a_start0 + i0], B[b_start0 + i0]);
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int i0 = threadIdx.x; i0 < 64; i0 += 128) {
      if (!box_5.has(i0)) continue;
      O[1 * N + (c + i0)] = ph::wsub(A[a_start0 + i0], B[b_start0 + i0]);
    }
  }
  #line 54 "tests/corpus/numerics.phobos"
  __syncthreads();
  ph::Box<1> box_6 = {{ph::max64(a_start0, 0) - a_start0}, {ph::min64(a_start0 + 64, N) - a_start0}};
  box_6.normalize();
  ph::Box<1> box_7 = {{ph::max64(b_start0, 0) - b_start0}, {ph::min64(b_start0 + 64, N) - b_start0}};
  box_7.normalize();
  ph::Box<1> box_8 = {{ph::max64(ph::max64(box_6.lo[0], box_7.lo[0]), -c)}, {ph::min64(ph::min64(box_6.hi[0], box_7.hi[0]), N - c)}};
  if (2 < 0 || 2 >= 13) box_8 = {};  // the window's index is outside
  if (c % 4 == 0 && a_start0 % 4 == 0 && b_start0 % 4 == 0) {  // every group's address is aligned
    // vector path: each thread moves 4 consecutive i32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 16; e += 128) {
      const int g = e * 4;
      if (box_8.has(g) && box_8.has(g + 3)) {  // the whole group is present
        const ph::Vec<i32, 4> A_g = ph::vload<4>(&A[a_start0 + g]);
        const ph::Vec<i32, 4> B_g = ph::vload<4>(&B[b_start0 + g]);
        ph::Vec<i32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = ph::wmul(A_g.v[v], B_g.v[v]);
        }
        ph::vstore(&O[2 * N + (c + g)], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_8.has(i0)) continue;
          O[2 * N + (c + i0)] = ph::wmul(A[a_start0 + i0], B[b_start0 + i0]);
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int i0 = threadIdx.x; i0 < 64; i0 += 128) {
      if (!box_8.has(i0)) continue;
      O[2 * N + (c + i0)] = ph::wmul(A[a_start0 + i0], B[b_start0 + i0]);
    }
  }
  #line 55 "tests/corpus/numerics.phobos"
  __syncthreads();
  ph::Box<1> box_9 = {{ph::max64(a_start0, 0) - a_start0}, {ph::min64(a_start0 + 64, N) - a_start0}};
  box_9.normalize();
  ph::Box<1> box_10 = {{ph::max64(b_start0, 0) - b_start0}, {ph::min64(b_start0 + 64, N) - b_start0}};
  box_10.normalize();
  ph::Box<1> box_11 = {{ph::max64(ph::max64(box_9.lo[0], box_10.lo[0]), -c)}, {ph::min64(ph::min64(box_9.hi[0], box_10.hi[0]), N - c)}};
  if (3 < 0 || 3 >= 13) box_11 = {};  // the window's index is outside
  if (c % 4 == 0 && a_start0 % 4 == 0 && b_start0 % 4 == 0) {  // every group's address is aligned
    // vector path: each thread moves 4 consecutive i32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 16; e += 128) {
      const int g = e * 4;
      if (box_11.has(g) && box_11.has(g + 3)) {  // the whole group is present
        const ph::Vec<i32, 4> A_g = ph::vload<4>(&A[a_start0 + g]);
        const ph::Vec<i32, 4> B_g = ph::vload<4>(&B[b_start0 + g]);
        ph::Vec<i32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = ph::idiv(A_g.v[v], B_g.v[v]);
        }
        ph::vstore(&O[3 * N + (c + g)], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_11.has(i0)) continue;
          O[3 * N + (c + i0)] = ph::idiv(A[a_start0 + i0], B[b_start0 + i0]);
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int i0 = threadIdx.x; i0 < 64; i0 += 128) {
      if (!box_11.has(i0)) continue;
      O[3 * N + (c + i0)] = ph::idiv(A[a_start0 + i0], B[b_start0 + i0]);
    }
  }
  #line 56 "tests/corpus/numerics.phobos"
  __syncthreads();
  ph::Box<1> box_12 = {{ph::max64(a_start0, 0) - a_start0}, {ph::min64(a_start0 + 64, N) - a_start0}};
  box_12.normalize();
  ph::Box<1> box_13 = {{ph::max64(b_start0, 0) - b_start0}, {ph::min64(b_start0 + 64, N) - b_start0}};
  box_13.normalize();
  ph::Box<1> box_14 = {{ph::max64(ph::max64(box_12.lo[0], box_13.lo[0]), -c)}, {ph::min64(ph::min64(box_12.hi[0], box_13.hi[0]), N - c)}};
  if (4 < 0 || 4 >= 13) box_14 = {};  // the window's index is outside
  if (c % 4 == 0 && a_start0 % 4 == 0 && b_start0 % 4 == 0) {  // every group's address is aligned
    // vector path: each thread moves 4 consecutive i32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 16; e += 128) {
      const int g = e * 4;
      if (box_14.has(g) && box_14.has(g + 3)) {  // the whole group is present
        const ph::Vec<i32, 4> A_g = ph::vload<4>(&A[a_start0 + g]);
        const ph::Vec<i32, 4> B_g = ph::vload<4>(&B[b_start0 + g]);
        ph::Vec<i32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = ph::imod(A_g.v[v], B_g.v[v]);
        }
        ph::vstore(&O[4 * N + (c + g)], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_14.has(i0)) continue;
          O[4 * N + (c + i0)] = ph::imod(A[a_start0 + i0], B[b_start0 + i0]);
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int i0 = threadIdx.x; i0 < 64; i0 += 128) {
      if (!box_14.has(i0)) continue;
      O[4 * N + (c + i0)] = ph::imod(A[a_start0 + i0], B[b_start0 + i0]);
    }
  }
  #line 57 "tests/corpus/numerics.phobos"
  __syncthreads();
  ph::Box<1> box_15 = {{ph::max64(a_start0, 0) - a_start0}, {ph::min64(a_start0 + 64, N) - a_start0}};
  box_15.normalize();
  ph::Box<1> box_16 = {{ph::max64(b_start0, 0) - b_start0}, {ph::min64(b_start0 + 64, N) - b_start0}};
  box_16.normalize();
  ph::Box<1> box_17 = {{ph::max64(ph::max64(box_15.lo[0], box_16.lo[0]), -c)}, {ph::min64(ph::min64(box_15.hi[0], box_16.hi[0]), N - c)}};
  if (5 < 0 || 5 >= 13) box_17 = {};  // the window's index is outside
  if (c % 4 == 0 && a_start0 % 4 == 0 && b_start0 % 4 == 0) {  // every group's address is aligned
    // vector path: each thread moves 4 consecutive i32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 16; e += 128) {
      const int g = e * 4;
      if (box_17.has(g) && box_17.has(g + 3)) {  // the whole group is present
        const ph::Vec<i32, 4> A_g = ph::vload<4>(&A[a_start0 + g]);
        const ph::Vec<i32, 4> B_g = ph::vload<4>(&B[b_start0 + g]);
        ph::Vec<i32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = (A_g.v[v] & B_g.v[v]);
        }
        ph::vstore(&O[5 * N + (c + g)], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_17.has(i0)) continue;
          O[5 * N + (c + i0)] = (A[a_start0 + i0] & B[b_start0 + i0]);
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int i0 = threadIdx.x; i0 < 64; i0 += 128) {
      if (!box_17.has(i0)) continue;
      O[5 * N + (c + i0)] = (A[a_start0 + i0] & B[b_start0 + i0]);
    }
  }
  #line 58 "tests/corpus/numerics.phobos"
  __syncthreads();
  ph::Box<1> box_18 = {{ph::max64(a_start0, 0) - a_start0}, {ph::min64(a_start0 + 64, N) - a_start0}};
  box_18.normalize();
  ph::Box<1> box_19 = {{ph::max64(b_start0, 0) - b_start0}, {ph::min64(b_start0 + 64, N) - b_start0}};
  box_19.normalize();
  ph::Box<1> box_20 = {{ph::max64(ph::max64(box_18.lo[0], box_19.lo[0]), -c)}, {ph::min64(ph::min64(box_18.hi[0], box_19.hi[0]), N - c)}};
  if (6 < 0 || 6 >= 13) box_20 = {};  // the window's index is outside
  if (c % 4 == 0 && a_start0 % 4 == 0 && b_start0 % 4 == 0) {  // every group's address is aligned
    // vector path: each thread moves 4 consecutive i32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 16; e += 128) {
      const int g = e * 4;
      if (box_20.has(g) && box_20.has(g + 3)) {  // the whole group is present
        const ph::Vec<i32, 4> A_g = ph::vload<4>(&A[a_start0 + g]);
        const ph::Vec<i32, 4> B_g = ph::vload<4>(&B[b_start0 + g]);
        ph::Vec<i32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = (A_g.v[v] | B_g.v[v]);
        }
        ph::vstore(&O[6 * N + (c + g)], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_20.has(i0)) continue;
          O[6 * N + (c + i0)] = (A[a_start0 + i0] | B[b_start0 + i0]);
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int i0 = threadIdx.x; i0 < 64; i0 += 128) {
      if (!box_20.has(i0)) continue;
      O[6 * N + (c + i0)] = (A[a_start0 + i0] | B[b_start0 + i0]);
    }
  }
  #line 59 "tests/corpus/numerics.phobos"
  __syncthreads();
  ph::Box<1> box_21 = {{ph::max64(a_start0, 0) - a_start0}, {ph::min64(a_start0 + 64, N) - a_start0}};
  box_21.normalize();
  ph::Box<1> box_22 = {{ph::max64(b_start0, 0) - b_start0}, {ph::min64(b_start0 + 64, N) - b_start0}};
  box_22.normalize();
  ph::Box<1> box_23 = {{ph::max64(ph::max64(box_21.lo[0], box_22.lo[0]), -c)}, {ph::min64(ph::min64(box_21.hi[0], box_22.hi[0]), N - c)}};
  if (7 < 0 || 7 >= 13) box_23 = {};  // the window's index is outside
  if (c % 4 == 0 && a_start0 % 4 == 0 && b_start0 % 4 == 0) {  // every group's address is aligned
    // vector path: each thread moves 4 consecutive i32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 16; e += 128) {
      const int g = e * 4;
      if (box_23.has(g) && box_23.has(g + 3)) {  // the whole group is present
        const ph::Vec<i32, 4> A_g = ph::vload<4>(&A[a_start0 + g]);
        const ph::Vec<i32, 4> B_g = ph::vload<4>(&B[b_start0 + g]);
        ph::Vec<i32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = (A_g.v[v] ^ B_g.v[v]);
        }
        ph::vstore(&O[7 * N + (c + g)], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_23.has(i0)) continue;
          O[7 * N + (c + i0)] = (A[a_start0 + i0] ^ B[b_start0 + i0]);
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int i0 = threadIdx.x; i0 < 64; i0 += 128) {
      if (!box_23.has(i0)) continue;
      O[7 * N + (c + i0)] = (A[a_start0 + i0] ^ B[b_start0 + i0]);
    }
  }
  #line 60 "tests/corpus/numerics.phobos"
  __syncthreads();
  ph::Box<1> box_24 = {{ph::max64(a_start0, 0) - a_start0}, {ph::min64(a_start0 + 64, N) - a_start0}};
  box_24.normalize();
  ph::Box<1> box_25 = {{ph::max64(b_start0, 0) - b_start0}, {ph::min64(b_start0 + 64, N) - b_start0}};
  box_25.normalize();
  ph::Box<1> box_26 = {{ph::max64(ph::max64(box_24.lo[0], box_25.lo[0]), -c)}, {ph::min64(ph::min64(box_24.hi[0], box_25.hi[0]), N - c)}};
  if (8 < 0 || 8 >= 13) box_26 = {};  // the window's index is outside
  if (c % 4 == 0 && a_start0 % 4 == 0 && b_start0 % 4 == 0) {  // every group's address is aligned
    // vector path: each thread moves 4 consecutive i32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 16; e += 128) {
      const int g = e * 4;
      if (box_26.has(g) && box_26.has(g + 3)) {  // the whole group is present
        const ph::Vec<i32, 4> A_g = ph::vload<4>(&A[a_start0 + g]);
        const ph::Vec<i32, 4> B_g = ph::vload<4>(&B[b_start0 + g]);
        ph::Vec<i32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = ph::shl(A_g.v[v], B_g.v[v]);
        }
        ph::vstore(&O[8 * N + (c + g)], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_26.has(i0)) continue;
          O[8 * N + (c + i0)] = ph::shl(A[a_start0 + i0], B[b_start0 + i0]);
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int i0 = threadIdx.x; i0 < 64; i0 += 128) {
      if (!box_26.has(i0)) continue;
      O[8 * N + (c + i0)] = ph::shl(A[a_start0 + i0], B[b_start0 + i0]);
    }
  }
  #line 61 "tests/corpus/numerics.phobos"
  __syncthreads();
  ph::Box<1> box_27 = {{ph::max64(a_start0, 0) - a_start0}, {ph::min64(a_start0 + 64, N) - a_start0}};
  box_27.normalize();
  ph::Box<1> box_28 = {{ph::max64(b_start0, 0) - b_start0}, {ph::min64(b_start0 + 64, N) - b_start0}};
  box_28.normalize();
  ph::Box<1> box_29 = {{ph::max64(ph::max64(box_27.lo[0], box_28.lo[0]), -c)}, {ph::min64(ph::min64(box_27.hi[0], box_28.hi[0]), N - c)}};
  if (9 < 0 || 9 >= 13) box_29 = {};  // the window's index is outside
  if (c % 4 == 0 && a_start0 % 4 == 0 && b_start0 % 4 == 0) {  // every group's address is aligned
    // vector path: each thread moves 4 consecutive i32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 16; e += 128) {
      const int g = e * 4;
      if (box_29.has(g) && box_29.has(g + 3)) {  // the whole group is present
        const ph::Vec<i32, 4> A_g = ph::vload<4>(&A[a_start0 + g]);
        const ph::Vec<i32, 4> B_g = ph::vload<4>(&B[b_start0 + g]);
        ph::Vec<i32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = ph::shr(A_g.v[v], B_g.v[v]);
        }
        ph::vstore(&O[9 * N + (c + g)], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_29.has(i0)) continue;
          O[9 * N + (c + i0)] = ph::shr(A[a_start0 + i0], B[b_start0 + i0]);
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int i0 = threadIdx.x; i0 < 64; i0 += 128) {
      if (!box_29.has(i0)) continue;
      O[9 * N + (c + i0)] = ph::shr(A[a_start0 + i0], B[b_start0 + i0]);
    }
  }
  #line 62 "tests/corpus/numerics.phobos"
  __syncthreads();
  ph::Box<1> box_30 = {{ph::max64(a_start0, 0) - a_start0}, {ph::min64(a_start0 + 64, N) - a_start0}};
  box_30.normalize();
  ph::Box<1> box_31 = {{ph::max64(box_30.lo[0], -c)}, {ph::min64(box_30.hi[0], N - c)}};
  if (10 < 0 || 10 >= 13) box_31 = {};  // the window's index is outside
  if (c % 4 == 0 && a_start0 % 4 == 0) {  // every group's address is aligned
    // vector path: each thread moves 4 consecutive i32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 16; e += 128) {
      const int g = e * 4;
      if (box_31.has(g) && box_31.has(g + 3)) {  // the whole group is present
        const ph::Vec<i32, 4> A_g = ph::vload<4>(&A[a_start0 + g]);
        ph::Vec<i32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = ph::wneg((A_g.v[v]));
        }
        ph::vstore(&O[10 * N + (c + g)], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_31.has(i0)) continue;
          O[10 * N + (c + i0)] = ph::wneg((A[a_start0 + i0]));
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int i0 = threadIdx.x; i0 < 64; i0 += 128) {
      if (!box_31.has(i0)) continue;
      O[10 * N + (c + i0)] = ph::wneg((A[a_start0 + i0]));
    }
  }
  #line 63 "tests/corpus/numerics.phobos"
  __syncthreads();
  ph::Box<1> box_32 = {{ph::max64(a_start0, 0) - a_start0}, {ph::min64(a_start0 + 64, N) - a_start0}};
  box_32.normalize();
  ph::Box<1> box_33 = {{ph::max64(box_32.lo[0], -c)}, {ph::min64(box_32.hi[0], N - c)}};
  if (11 < 0 || 11 >= 13) box_33 = {};  // the window's index is outside
  if (c % 4 == 0 && a_start0 % 4 == 0) {  // every group's address is aligned
    // vector path: each thread moves 4 consecutive i32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 16; e += 128) {
      const int g = e * 4;
      if (box_33.has(g) && box_33.has(g + 3)) {  // the whole group is present
        const ph::Vec<i32, 4> A_g = ph::vload<4>(&A[a_start0 + g]);
        ph::Vec<i32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = (i32)(~(A_g.v[v]));
        }
        ph::vstore(&O[11 * N + (c + g)], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_33.has(i0)) continue;
          O[11 * N + (c + i0)] = (i32)(~(A[a_start0 + i0]));
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int i0 = threadIdx.x; i0 < 64; i0 += 128) {
      if (!box_33.has(i0)) continue;
      O[11 * N + (c + i0)] = (i32)(~(A[a_start0 + i0]));
    }
  }
  #line 64 "tests/corpus/numerics.phobos"
  __syncthreads();
  ph::Box<1> box_34 = {{ph::max64(a_start0, 0) - a_start0}, {ph::min64(a_start0 + 64, N) - a_start0}};
  box_34.normalize();
  ph::Box<1> box_35 = {{ph::max64(box_34.lo[0], -c)}, {ph::min64(box_34.hi[0], N - c)}};
  if (12 < 0 || 12 >= 13) box_35 = {};  // the window's index is outside
  if (c % 4 == 0 && a_start0 % 4 == 0) {  // every group's address is aligned
    // vector path: each thread moves 4 consecutive i32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 16; e += 128) {
      const int g = e * 4;
      if (box_35.has(g) && box_35.has(g + 3)) {  // the whole group is present
        const ph::Vec<i32, 4> A_g = ph::vload<4>(&A[a_start0 + g]);
        ph::Vec<i32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = ph::iabs(A_g.v[v]);
        }
        ph::vstore(&O[12 * N + (c + g)], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_35.has(i0)) continue;
          O[12 * N + (c + i0)] = ph::iabs(A[a_start0 + i0]);
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int i0 = threadIdx.x; i0 < 64; i0 += 128) {
      if (!box_35.has(i0)) continue;
      O[12 * N + (c + i0)] = ph::iabs(A[a_start0 + i0]);
    }
  }
}
