
// kernel int_ops_tile [T=64]: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: N; 16-byte aligned: A, B, O; rows 16-byte multiples apart: A, B, O
#line 47 "tests/corpus/numerics.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_int_ops_tile(i32* A_, i32* B_, i32* O_, i64 N_) {
  #line 49 "tests/corpus/numerics.phobos"
  const i64 c_ = ph::wmul((i64)blockIdx.x, 64ll);
  #line 50 "tests/corpus/numerics.phobos"
  const i64 a_start0_ = c_;
  #line 51 "tests/corpus/numerics.phobos"
  const i64 b_start0_ = c_;
  #line 52 "tests/corpus/numerics.phobos"
  ph::Box<1> box = {{ph::max64(a_start0_, 0) - a_start0_}, {ph::min64(a_start0_ + 64, N_) - a_start0_}};
  box.normalize();
  ph::Box<1> box_2 = {{ph::max64(b_start0_, 0) - b_start0_}, {ph::min64(b_start0_ + 64, N_) - b_start0_}};
  box_2.normalize();
  ph::Box<1> box_3 = {{ph::max64(ph::max64(box.lo[0], box_2.lo[0]), -c_)}, {ph::min64(ph::min64(box.hi[0], box_2.hi[0]), N_ - c_)}};
  if (0 < 0 || 0 >= 13) box_3 = {};  // the window's index is outside
  if (c_ % 4 == 0 && a_start0_ % 4 == 0 && b_start0_ % 4 == 0) {  // every group's address is aligned
    // vector path: each thread moves 4 consecutive i32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 16; e += 128) {
      const int g = e * 4;
      if (box_3.has(g) && box_3.has(g + 3)) {  // the whole group is present
        const ph::Vec<i32, 4> A_g = ph::vload<4>(&A_[a_start0_ + g]);
        const ph::Vec<i32, 4> B_g = ph::vload<4>(&B_[b_start0_ + g]);
        ph::Vec<i32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = ph::wadd(A_g.v[v], B_g.v[v]);
        }
        ph::vstore(&O_[c_ + g], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_3.has(i0)) continue;
          O_[c_ + i0] = ph::wadd(A_[a_start0_ + i0], B_[b_start0_ + i0]);
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int i0 = threadIdx.x; i0 < 64; i0 += 128) {
      if (!box_3.has(i0)) continue;
      O_[c_ + i0] = ph::wadd(A_[a_start0_ + i0], B_[b_start0_ + i0]);
    }
  }
  #line 53 "tests/corpus/numerics.phobos"
  __syncthreads();
  ph::Box<1> box_4 = {{ph::max64(a_start0_, 0) - a_start0_}, {ph::min64(a_start0_ + 64, N_) - a_start0_}};
  box_4.normalize();
  ph::Box<1> box_5 = {{ph::max64(b_start0_, 0) - b_start0_}, {ph::min64(b_start0_ + 64, N_) - b_start0_}};
  box_5.normalize();
  ph::Box<1> box_6 = {{ph::max64(ph::max64(box_4.lo[0], box_5.lo[0]), -c_)}, {ph::min64(ph::min64(box_4.hi[0], box_5.hi[0]), N_ - c_)}};
  if (1 < 0 || 1 >= 13) box_6 = {};  // the window's index is outside
  if (c_ % 4 == 0 && a_start0_ % 4 == 0 && b_start0_ % 4 == 0) {  // every group's address is aligned
    // vector path: each thread moves 4 consecutive i32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 16; e += 128) {
      const int g = e * 4;
      if (box_6.has(g) && box_6.has(g + 3)) {  // the whole group is present
        const ph::Vec<i32, 4> A_g = ph::vload<4>(&A_[a_start0_ + g]);
        const ph::Vec<i32, 4> B_g = ph::vload<4>(&B_[b_start0_ + g]);
        ph::Vec<i32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = ph::wsub(A_g.v[v], B_g.v[v]);
        }
        ph::vstore(&O_[1 * N_ + c_ + g], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_6.has(i0)) continue;
          O_[1 * N_ + c_ + i0] = ph::wsub(A_[a_start0_ + i0], B_[b_start0_ + i0]);
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int i0 = threadIdx.x; i0 < 64; i0 += 128) {
      if (!box_6.has(i0)) continue;
      O_[1 * N_ + c_ + i0] = ph::wsub(A_[a_start0_ + i0], B_[b_start0_ + i0]);
    }
  }
  #line 54 "tests/corpus/numerics.phobos"
  __syncthreads();
  ph::Box<1> box_7 = {{ph::max64(a_start0_, 0) - a_start0_}, {ph::min64(a_start0_ + 64, N_) - a_start0_}};
  box_7.normalize();
  ph::Box<1> box_8 = {{ph::max64(b_start0_, 0) - b_start0_}, {ph::min64(b_start0_ + 64, N_) - b_start0_}};
  box_8.normalize();
  ph::Box<1> box_9 = {{ph::max64(ph::max64(box_7.lo[0], box_8.lo[0]), -c_)}, {ph::min64(ph::min64(box_7.hi[0], box_8.hi[0]), N_ - c_)}};
  if (2 < 0 || 2 >= 13) box_9 = {};  // the window's index is outside
  if (c_ % 4 == 0 && a_start0_ % 4 == 0 && b_start0_ % 4 == 0) {  // every group's address is aligned
    // vector path: each thread moves 4 consecutive i32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 16; e += 128) {
      const int g = e * 4;
      if (box_9.has(g) && box_9.has(g + 3)) {  // the whole group is present
        const ph::Vec<i32, 4> A_g = ph::vload<4>(&A_[a_start0_ + g]);
        const ph::Vec<i32, 4> B_g = ph::vload<4>(&B_[b_start0_ + g]);
        ph::Vec<i32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = ph::wmul(A_g.v[v], B_g.v[v]);
        }
        ph::vstore(&O_[2 * N_ + c_ + g], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_9.has(i0)) continue;
          O_[2 * N_ + c_ + i0] = ph::wmul(A_[a_start0_ + i0], B_[b_start0_ + i0]);
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int i0 = threadIdx.x; i0 < 64; i0 += 128) {
      if (!box_9.has(i0)) continue;
      O_[2 * N_ + c_ + i0] = ph::wmul(A_[a_start0_ + i0], B_[b_start0_ + i0]);
    }
  }
  #line 55 "tests/corpus/numerics.phobos"
  __syncthreads();
  ph::Box<1> box_10 = {{ph::max64(a_start0_, 0) - a_start0_}, {ph::min64(a_start0_ + 64, N_) - a_start0_}};
  box_10.normalize();
  ph::Box<1> box_11 = {{ph::max64(b_start0_, 0) - b_start0_}, {ph::min64(b_start0_ + 64, N_) - b_start0_}};
  box_11.normalize();
  ph::Box<1> box_12 = {{ph::max64(ph::max64(box_10.lo[0], box_11.lo[0]), -c_)}, {ph::min64(ph::min64(box_10.hi[0], box_11.hi[0]), N_ - c_)}};
  if (3 < 0 || 3 >= 13) box_12 = {};  // the window's index is outside
  if (c_ % 4 == 0 && a_start0_ % 4 == 0 && b_start0_ % 4 == 0) {  // every group's address is aligned
    // vector path: each thread moves 4 consecutive i32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 16; e += 128) {
      const int g = e * 4;
      if (box_12.has(g) && box_12.has(g + 3)) {  // the whole group is present
        const ph::Vec<i32, 4> A_g = ph::vload<4>(&A_[a_start0_ + g]);
        const ph::Vec<i32, 4> B_g = ph::vload<4>(&B_[b_start0_ + g]);
        ph::Vec<i32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = ph::idiv(A_g.v[v], B_g.v[v]);
        }
        ph::vstore(&O_[3 * N_ + c_ + g], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_12.has(i0)) continue;
          O_[3 * N_ + c_ + i0] = ph::idiv(A_[a_start0_ + i0], B_[b_start0_ + i0]);
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int i0 = threadIdx.x; i0 < 64; i0 += 128) {
      if (!box_12.has(i0)) continue;
      O_[3 * N_ + c_ + i0] = ph::idiv(A_[a_start0_ + i0], B_[b_start0_ + i0]);
    }
  }
  #line 56 "tests/corpus/numerics.phobos"
  __syncthreads();
  ph::Box<1> box_13 = {{ph::max64(a_start0_, 0) - a_start0_}, {ph::min64(a_start0_ + 64, N_) - a_start0_}};
  box_13.normalize();
  ph::Box<1> box_14 = {{ph::max64(b_start0_, 0) - b_start0_}, {ph::min64(b_start0_ + 64, N_) - b_start0_}};
  box_14.normalize();
  ph::Box<1> box_15 = {{ph::max64(ph::max64(box_13.lo[0], box_14.lo[0]), -c_)}, {ph::min64(ph::min64(box_13.hi[0], box_14.hi[0]), N_ - c_)}};
  if (4 < 0 || 4 >= 13) box_15 = {};  // the window's index is outside
  if (c_ % 4 == 0 && a_start0_ % 4 == 0 && b_start0_ % 4 == 0) {  // every group's address is aligned
    // vector path: each thread moves 4 consecutive i32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 16; e += 128) {
      const int g = e * 4;
      if (box_15.has(g) && box_15.has(g + 3)) {  // the whole group is present
        const ph::Vec<i32, 4> A_g = ph::vload<4>(&A_[a_start0_ + g]);
        const ph::Vec<i32, 4> B_g = ph::vload<4>(&B_[b_start0_ + g]);
        ph::Vec<i32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = ph::imod(A_g.v[v], B_g.v[v]);
        }
        ph::vstore(&O_[4 * N_ + c_ + g], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_15.has(i0)) continue;
          O_[4 * N_ + c_ + i0] = ph::imod(A_[a_start0_ + i0], B_[b_start0_ + i0]);
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int i0 = threadIdx.x; i0 < 64; i0 += 128) {
      if (!box_15.has(i0)) continue;
      O_[4 * N_ + c_ + i0] = ph::imod(A_[a_start0_ + i0], B_[b_start0_ + i0]);
    }
  }
  #line 57 "tests/corpus/numerics.phobos"
  __syncthreads();
  ph::Box<1> box_16 = {{ph::max64(a_start0_, 0) - a_start0_}, {ph::min64(a_start0_ + 64, N_) - a_start0_}};
  box_16.normalize();
  ph::Box<1> box_17 = {{ph::max64(b_start0_, 0) - b_start0_}, {ph::min64(b_start0_ + 64, N_) - b_start0_}};
  box_17.normalize();
  ph::Box<1> box_18 = {{ph::max64(ph::max64(box_16.lo[0], box_17.lo[0]), -c_)}, {ph::min64(ph::min64(box_16.hi[0], box_17.hi[0]), N_ - c_)}};
  if (5 < 0 || 5 >= 13) box_18 = {};  // the window's index is outside
  if (c_ % 4 == 0 && a_start0_ % 4 == 0 && b_start0_ % 4 == 0) {  // every group's address is aligned
    // vector path: each thread moves 4 consecutive i32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 16; e += 128) {
      const int g = e * 4;
      if (box_18.has(g) && box_18.has(g + 3)) {  // the whole group is present
        const ph::Vec<i32, 4> A_g = ph::vload<4>(&A_[a_start0_ + g]);
        const ph::Vec<i32, 4> B_g = ph::vload<4>(&B_[b_start0_ + g]);
        ph::Vec<i32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = (A_g.v[v] & B_g.v[v]);
        }
        ph::vstore(&O_[5 * N_ + c_ + g], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_18.has(i0)) continue;
          O_[5 * N_ + c_ + i0] = (A_[a_start0_ + i0] & B_[b_start0_ + i0]);
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int i0 = threadIdx.x; i0 < 64; i0 += 128) {
      if (!box_18.has(i0)) continue;
      O_[5 * N_ + c_ + i0] = (A_[a_start0_ + i0] & B_[b_start0_ + i0]);
    }
  }
  #line 58 "tests/corpus/numerics.phobos"
  __syncthreads();
  ph::Box<1> box_19 = {{ph::max64(a_start0_, 0) - a_start0_}, {ph::min64(a_start0_ + 64, N_) - a_start0_}};
  box_19.normalize();
  ph::Box<1> box_20 = {{ph::max64(b_start0_, 0) - b_start0_}, {ph::min64(b_start0_ + 64, N_) - b_start0_}};
  box_20.normalize();
  ph::Box<1> box_21 = {{ph::max64(ph::max64(box_19.lo[0], box_20.lo[0]), -c_)}, {ph::min64(ph::min64(box_19.hi[0], box_20.hi[0]), N_ - c_)}};
  if (6 < 0 || 6 >= 13) box_21 = {};  // the window's index is outside
  if (c_ % 4 == 0 && a_start0_ % 4 == 0 && b_start0_ % 4 == 0) {  // every group's address is aligned
    // vector path: each thread moves 4 consecutive i32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 16; e += 128) {
      const int g = e * 4;
      if (box_21.has(g) && box_21.has(g + 3)) {  // the whole group is present
        const ph::Vec<i32, 4> A_g = ph::vload<4>(&A_[a_start0_ + g]);
        const ph::Vec<i32, 4> B_g = ph::vload<4>(&B_[b_start0_ + g]);
        ph::Vec<i32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = (A_g.v[v] | B_g.v[v]);
        }
        ph::vstore(&O_[6 * N_ + c_ + g], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_21.has(i0)) continue;
          O_[6 * N_ + c_ + i0] = (A_[a_start0_ + i0] | B_[b_start0_ + i0]);
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int i0 = threadIdx.x; i0 < 64; i0 += 128) {
      if (!box_21.has(i0)) continue;
      O_[6 * N_ + c_ + i0] = (A_[a_start0_ + i0] | B_[b_start0_ + i0]);
    }
  }
  #line 59 "tests/corpus/numerics.phobos"
  __syncthreads();
  ph::Box<1> box_22 = {{ph::max64(a_start0_, 0) - a_start0_}, {ph::min64(a_start0_ + 64, N_) - a_start0_}};
  box_22.normalize();
  ph::Box<1> box_23 = {{ph::max64(b_start0_, 0) - b_start0_}, {ph::min64(b_start0_ + 64, N_) - b_start0_}};
  box_23.normalize();
  ph::Box<1> box_24 = {{ph::max64(ph::max64(box_22.lo[0], box_23.lo[0]), -c_)}, {ph::min64(ph::min64(box_22.hi[0], box_23.hi[0]), N_ - c_)}};
  if (7 < 0 || 7 >= 13) box_24 = {};  // the window's index is outside
  if (c_ % 4 == 0 && a_start0_ % 4 == 0 && b_start0_ % 4 == 0) {  // every group's address is aligned
    // vector path: each thread moves 4 consecutive i32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 16; e += 128) {
      const int g = e * 4;
      if (box_24.has(g) && box_24.has(g + 3)) {  // the whole group is present
        const ph::Vec<i32, 4> A_g = ph::vload<4>(&A_[a_start0_ + g]);
        const ph::Vec<i32, 4> B_g = ph::vload<4>(&B_[b_start0_ + g]);
        ph::Vec<i32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = (A_g.v[v] ^ B_g.v[v]);
        }
        ph::vstore(&O_[7 * N_ + c_ + g], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_24.has(i0)) continue;
          O_[7 * N_ + c_ + i0] = (A_[a_start0_ + i0] ^ B_[b_start0_ + i0]);
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int i0 = threadIdx.x; i0 < 64; i0 += 128) {
      if (!box_24.has(i0)) continue;
      O_[7 * N_ + c_ + i0] = (A_[a_start0_ + i0] ^ B_[b_start0_ + i0]);
    }
  }
  #line 60 "tests/corpus/numerics.phobos"
  __syncthreads();
  ph::Box<1> box_25 = {{ph::max64(a_start0_, 0) - a_start0_}, {ph::min64(a_start0_ + 64, N_) - a_start0_}};
  box_25.normalize();
  ph::Box<1> box_26 = {{ph::max64(b_start0_, 0) - b_start0_}, {ph::min64(b_start0_ + 64, N_) - b_start0_}};
  box_26.normalize();
  ph::Box<1> box_27 = {{ph::max64(ph::max64(box_25.lo[0], box_26.lo[0]), -c_)}, {ph::min64(ph::min64(box_25.hi[0], box_26.hi[0]), N_ - c_)}};
  if (8 < 0 || 8 >= 13) box_27 = {};  // the window's index is outside
  if (c_ % 4 == 0 && a_start0_ % 4 == 0 && b_start0_ % 4 == 0) {  // every group's address is aligned
    // vector path: each thread moves 4 consecutive i32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 16; e += 128) {
      const int g = e * 4;
      if (box_27.has(g) && box_27.has(g + 3)) {  // the whole group is present
        const ph::Vec<i32, 4> A_g = ph::vload<4>(&A_[a_start0_ + g]);
        const ph::Vec<i32, 4> B_g = ph::vload<4>(&B_[b_start0_ + g]);
        ph::Vec<i32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = ph::shl(A_g.v[v], B_g.v[v]);
        }
        ph::vstore(&O_[8 * N_ + c_ + g], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_27.has(i0)) continue;
          O_[8 * N_ + c_ + i0] = ph::shl(A_[a_start0_ + i0], B_[b_start0_ + i0]);
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int i0 = threadIdx.x; i0 < 64; i0 += 128) {
      if (!box_27.has(i0)) continue;
      O_[8 * N_ + c_ + i0] = ph::shl(A_[a_start0_ + i0], B_[b_start0_ + i0]);
    }
  }
  #line 61 "tests/corpus/numerics.phobos"
  __syncthreads();
  ph::Box<1> box_28 = {{ph::max64(a_start0_, 0) - a_start0_}, {ph::min64(a_start0_ + 64, N_) - a_start0_}};
  box_28.normalize();
  ph::Box<1> box_29 = {{ph::max64(b_start0_, 0) - b_start0_}, {ph::min64(b_start0_ + 64, N_) - b_start0_}};
  box_29.normalize();
  ph::Box<1> box_30 = {{ph::max64(ph::max64(box_28.lo[0], box_29.lo[0]), -c_)}, {ph::min64(ph::min64(box_28.hi[0], box_29.hi[0]), N_ - c_)}};
  if (9 < 0 || 9 >= 13) box_30 = {};  // the window's index is outside
  if (c_ % 4 == 0 && a_start0_ % 4 == 0 && b_start0_ % 4 == 0) {  // every group's address is aligned
    // vector path: each thread moves 4 consecutive i32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 16; e += 128) {
      const int g = e * 4;
      if (box_30.has(g) && box_30.has(g + 3)) {  // the whole group is present
        const ph::Vec<i32, 4> A_g = ph::vload<4>(&A_[a_start0_ + g]);
        const ph::Vec<i32, 4> B_g = ph::vload<4>(&B_[b_start0_ + g]);
        ph::Vec<i32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = ph::shr(A_g.v[v], B_g.v[v]);
        }
        ph::vstore(&O_[9 * N_ + c_ + g], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_30.has(i0)) continue;
          O_[9 * N_ + c_ + i0] = ph::shr(A_[a_start0_ + i0], B_[b_start0_ + i0]);
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int i0 = threadIdx.x; i0 < 64; i0 += 128) {
      if (!box_30.has(i0)) continue;
      O_[9 * N_ + c_ + i0] = ph::shr(A_[a_start0_ + i0], B_[b_start0_ + i0]);
    }
  }
  #line 62 "tests/corpus/numerics.phobos"
  __syncthreads();
  ph::Box<1> box_31 = {{ph::max64(a_start0_, 0) - a_start0_}, {ph::min64(a_start0_ + 64, N_) - a_start0_}};
  box_31.normalize();
  ph::Box<1> box_32 = {{ph::max64(box_31.lo[0], -c_)}, {ph::min64(box_31.hi[0], N_ - c_)}};
  if (10 < 0 || 10 >= 13) box_32 = {};  // the window's index is outside
  if (c_ % 4 == 0 && a_start0_ % 4 == 0) {  // every group's address is aligned
    // vector path: each thread moves 4 consecutive i32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 16; e += 128) {
      const int g = e * 4;
      if (box_32.has(g) && box_32.has(g + 3)) {  // the whole group is present
        const ph::Vec<i32, 4> A_g = ph::vload<4>(&A_[a_start0_ + g]);
        ph::Vec<i32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = ph::wneg((A_g.v[v]));
        }
        ph::vstore(&O_[10 * N_ + c_ + g], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_32.has(i0)) continue;
          O_[10 * N_ + c_ + i0] = ph::wneg((A_[a_start0_ + i0]));
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int i0 = threadIdx.x; i0 < 64; i0 += 128) {
      if (!box_32.has(i0)) continue;
      O_[10 * N_ + c_ + i0] = ph::wneg((A_[a_start0_ + i0]));
    }
  }
  #line 63 "tests/corpus/numerics.phobos"
  __syncthreads();
  ph::Box<1> box_33 = {{ph::max64(a_start0_, 0) - a_start0_}, {ph::min64(a_start0_ + 64, N_) - a_start0_}};
  box_33.normalize();
  ph::Box<1> box_34 = {{ph::max64(box_33.lo[0], -c_)}, {ph::min64(box_33.hi[0], N_ - c_)}};
  if (11 < 0 || 11 >= 13) box_34 = {};  // the window's index is outside
  if (c_ % 4 == 0 && a_start0_ % 4 == 0) {  // every group's address is aligned
    // vector path: each thread moves 4 consecutive i32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 16; e += 128) {
      const int g = e * 4;
      if (box_34.has(g) && box_34.has(g + 3)) {  // the whole group is present
        const ph::Vec<i32, 4> A_g = ph::vload<4>(&A_[a_start0_ + g]);
        ph::Vec<i32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = (i32)(~(A_g.v[v]));
        }
        ph::vstore(&O_[11 * N_ + c_ + g], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_34.has(i0)) continue;
          O_[11 * N_ + c_ + i0] = (i32)(~(A_[a_start0_ + i0]));
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int i0 = threadIdx.x; i0 < 64; i0 += 128) {
      if (!box_34.has(i0)) continue;
      O_[11 * N_ + c_ + i0] = (i32)(~(A_[a_start0_ + i0]));
    }
  }
  #line 64 "tests/corpus/numerics.phobos"
  __syncthreads();
  ph::Box<1> box_35 = {{ph::max64(a_start0_, 0) - a_start0_}, {ph::min64(a_start0_ + 64, N_) - a_start0_}};
  box_35.normalize();
  ph::Box<1> box_36 = {{ph::max64(box_35.lo[0], -c_)}, {ph::min64(box_35.hi[0], N_ - c_)}};
  if (12 < 0 || 12 >= 13) box_36 = {};  // the window's index is outside
  if (c_ % 4 == 0 && a_start0_ % 4 == 0) {  // every group's address is aligned
    // vector path: each thread moves 4 consecutive i32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 16; e += 128) {
      const int g = e * 4;
      if (box_36.has(g) && box_36.has(g + 3)) {  // the whole group is present
        const ph::Vec<i32, 4> A_g = ph::vload<4>(&A_[a_start0_ + g]);
        ph::Vec<i32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = ph::iabs(A_g.v[v]);
        }
        ph::vstore(&O_[12 * N_ + c_ + g], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_36.has(i0)) continue;
          O_[12 * N_ + c_ + i0] = ph::iabs(A_[a_start0_ + i0]);
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int i0 = threadIdx.x; i0 < 64; i0 += 128) {
      if (!box_36.has(i0)) continue;
      O_[12 * N_ + c_ + i0] = ph::iabs(A_[a_start0_ + i0]);
    }
  }
}
