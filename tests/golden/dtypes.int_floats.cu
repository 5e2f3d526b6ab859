
// kernel int_floats [T=64]: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: N; 16-byte aligned: I, L, O, U; rows 16-byte multiples apart: I, L, O, U
#line 70 "tests/corpus/dtypes.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_int_floats(i64* L_, i32* I_, u32* U_, i64* O_, f32 z_, i64 N_) {
  #line 72 "tests/corpus/dtypes.phobos"
  const i64 c_ = ph::wmul((i64)blockIdx.x, 64ll);
  #line 73 "tests/corpus/dtypes.phobos"
  const i64 l_start0_ = c_;
  #line 74 "tests/corpus/dtypes.phobos"
  const i64 i_start0_ = c_;
  #line 75 "tests/corpus/dtypes.phobos"
  const i64 u_start0_ = c_;
  #line 76 "tests/corpus/dtypes.phobos"
  ph::Box<1> box = {{ph::max64(l_start0_, 0) - l_start0_}, {ph::min64(l_start0_ + 64, N_) - l_start0_}};
  box.normalize();
  ph::Box<1> box_2 = {{ph::max64(box.lo[0], -c_)}, {ph::min64(box.hi[0], N_ - c_)}};
  if (0 < 0 || 0 >= 11) box_2 = {};  // the window's index is outside
  if (c_ % 2 == 0 && l_start0_ % 2 == 0) {  // every group's address is aligned
    // vector path: each thread moves 2 consecutive i64 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 32; e += 128) {
      const int g = e * 2;
      if (box_2.has(g) && box_2.has(g + 1)) {  // the whole group is present
        const ph::Vec<i64, 2> L_g = ph::vload<2>(&L_[l_start0_ + g]);
        ph::Vec<i64, 2> out;
        #pragma unroll
        for (int v = 0; v < 2; ++v) {
          out.v[v] = ph::to_i64((f64)(ph::round_bf16(ph::odd_f64(L_g.v[v]))));
        }
        ph::vstore(&O_[c_ + g], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 2; ++v) {
          const int i0 = g + v;
          if (!box_2.has(i0)) continue;
          O_[c_ + i0] = ph::to_i64((f64)(ph::round_bf16(ph::odd_f64(L_[l_start0_ + i0]))));
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int i0 = threadIdx.x; i0 < 64; i0 += 128) {
      if (!box_2.has(i0)) continue;
      O_[c_ + i0] = ph::to_i64((f64)(ph::round_bf16(ph::odd_f64(L_[l_start0_ + i0]))));
    }
  }
  #line 77 "tests/corpus/dtypes.phobos"
  __syncthreads();
  ph::Box<1> box_3 = {{ph::max64(l_start0_, 0) - l_start0_}, {ph::min64(l_start0_ + 64, N_) - l_start0_}};
  box_3.normalize();
  ph::Box<1> box_4 = {{ph::max64(box_3.lo[0], -c_)}, {ph::min64(box_3.hi[0], N_ - c_)}};
  if (1 < 0 || 1 >= 11) box_4 = {};  // the window's index is outside
  if (c_ % 2 == 0 && l_start0_ % 2 == 0) {  // every group's address is aligned
    // vector path: each thread moves 2 consecutive i64 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 32; e += 128) {
      const int g = e * 2;
      if (box_4.has(g) && box_4.has(g + 1)) {  // the whole group is present
        const ph::Vec<i64, 2> L_g = ph::vload<2>(&L_[l_start0_ + g]);
        ph::Vec<i64, 2> out;
        #pragma unroll
        for (int v = 0; v < 2; ++v) {
          out.v[v] = ph::to_i64((f64)(ph::round_f16(ph::odd_f64(L_g.v[v]))));
        }
        ph::vstore(&O_[1 * N_ + c_ + g], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 2; ++v) {
          const int i0 = g + v;
          if (!box_4.has(i0)) continue;
          O_[1 * N_ + c_ + i0] = ph::to_i64((f64)(ph::round_f16(ph::odd_f64(L_[l_start0_ + i0]))));
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int i0 = threadIdx.x; i0 < 64; i0 += 128) {
      if (!box_4.has(i0)) continue;
      O_[1 * N_ + c_ + i0] = ph::to_i64((f64)(ph::round_f16(ph::odd_f64(L_[l_start0_ + i0]))));
    }
  }
  #line 78 "tests/corpus/dtypes.phobos"
  __syncthreads();
  ph::Box<1> box_5 = {{ph::max64(l_start0_, 0) - l_start0_}, {ph::min64(l_start0_ + 64, N_) - l_start0_}};
  box_5.normalize();
  ph::Box<1> box_6 = {{ph::max64(box_5.lo[0], -c_)}, {ph::min64(box_5.hi[0], N_ - c_)}};
  if (2 < 0 || 2 >= 11) box_6 = {};  // the window's index is outside
  if (c_ % 2 == 0 && l_start0_ % 2 == 0) {  // every group's address is aligned
    // vector path: each thread moves 2 consecutive i64 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 32; e += 128) {
      const int g = e * 2;
      if (box_6.has(g) && box_6.has(g + 1)) {  // the whole group is present
        const ph::Vec<i64, 2> L_g = ph::vload<2>(&L_[l_start0_ + g]);
        ph::Vec<i64, 2> out;
        #pragma unroll
        for (int v = 0; v < 2; ++v) {
          out.v[v] = ph::to_i64((f64)((f32)(L_g.v[v])));
        }
        ph::vstore(&O_[2 * N_ + c_ + g], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 2; ++v) {
          const int i0 = g + v;
          if (!box_6.has(i0)) continue;
          O_[2 * N_ + c_ + i0] = ph::to_i64((f64)((f32)(L_[l_start0_ + i0])));
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int i0 = threadIdx.x; i0 < 64; i0 += 128) {
      if (!box_6.has(i0)) continue;
      O_[2 * N_ + c_ + i0] = ph::to_i64((f64)((f32)(L_[l_start0_ + i0])));
    }
  }
  #line 79 "tests/corpus/dtypes.phobos"
  __syncthreads();
  ph::Box<1> box_7 = {{ph::max64(l_start0_, 0) - l_start0_}, {ph::min64(l_start0_ + 64, N_) - l_start0_}};
  box_7.normalize();
  ph::Box<1> box_8 = {{ph::max64(box_7.lo[0], -c_)}, {ph::min64(box_7.hi[0], N_ - c_)}};
  if (3 < 0 || 3 >= 11) box_8 = {};  // the window's index is outside
  if (c_ % 2 == 0 && l_start0_ % 2 == 0) {  // every group's address is aligned
    // vector path: each thread moves 2 consecutive i64 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 32; e += 128) {
      const int g = e * 2;
      if (box_8.has(g) && box_8.has(g + 1)) {  // the whole group is present
        const ph::Vec<i64, 2> L_g = ph::vload<2>(&L_[l_start0_ + g]);
        ph::Vec<i64, 2> out;
        #pragma unroll
        for (int v = 0; v < 2; ++v) {
          out.v[v] = ph::to_i64((f64)((f64)(L_g.v[v])));
        }
        ph::vstore(&O_[3 * N_ + c_ + g], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 2; ++v) {
          const int i0 = g + v;
          if (!box_8.has(i0)) continue;
          O_[3 * N_ + c_ + i0] = ph::to_i64((f64)((f64)(L_[l_start0_ + i0])));
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int i0 = threadIdx.x; i0 < 64; i0 += 128) {
      if (!box_8.has(i0)) continue;
      O_[3 * N_ + c_ + i0] = ph::to_i64((f64)((f64)(L_[l_start0_ + i0])));
    }
  }
  #line 80 "tests/corpus/dtypes.phobos"
  __syncthreads();
  ph::Box<1> box_9 = {{ph::max64(i_start0_, 0) - i_start0_}, {ph::min64(i_start0_ + 64, N_) - i_start0_}};
  box_9.normalize();
  ph::Box<1> box_10 = {{ph::max64(box_9.lo[0], -c_)}, {ph::min64(box_9.hi[0], N_ - c_)}};
  if (4 < 0 || 4 >= 11) box_10 = {};  // the window's index is outside
  if (c_ % 2 == 0 && i_start0_ % 2 == 0) {  // every group's address is aligned
    // vector path: each thread moves 2 consecutive i64 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 32; e += 128) {
      const int g = e * 2;
      if (box_10.has(g) && box_10.has(g + 1)) {  // the whole group is present
        const ph::Vec<i32, 2> I_g = ph::vload<2>(&I_[i_start0_ + g]);
        ph::Vec<i64, 2> out;
        #pragma unroll
        for (int v = 0; v < 2; ++v) {
          out.v[v] = ph::to_i64((f64)(ph::round_bf16((f64)(I_g.v[v]))));
        }
        ph::vstore(&O_[4 * N_ + c_ + g], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 2; ++v) {
          const int i0 = g + v;
          if (!box_10.has(i0)) continue;
          O_[4 * N_ + c_ + i0] = ph::to_i64((f64)(ph::round_bf16((f64)(I_[i_start0_ + i0]))));
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int i0 = threadIdx.x; i0 < 64; i0 += 128) {
      if (!box_10.has(i0)) continue;
      O_[4 * N_ + c_ + i0] = ph::to_i64((f64)(ph::round_bf16((f64)(I_[i_start0_ + i0]))));
    }
  }
  #line 81 "tests/corpus/dtypes.phobos"
  __syncthreads();
  ph::Box<1> box_11 = {{ph::max64(i_start0_, 0) - i_start0_}, {ph::min64(i_start0_ + 64, N_) - i_start0_}};
  box_11.normalize();
  ph::Box<1> box_12 = {{ph::max64(box_11.lo[0], -c_)}, {ph::min64(box_11.hi[0], N_ - c_)}};
  if (5 < 0 || 5 >= 11) box_12 = {};  // the window's index is outside
  if (c_ % 2 == 0 && i_start0_ % 2 == 0) {  // every group's address is aligned
    // vector path: each thread moves 2 consecutive i64 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 32; e += 128) {
      const int g = e * 2;
      if (box_12.has(g) && box_12.has(g + 1)) {  // the whole group is present
        const ph::Vec<i32, 2> I_g = ph::vload<2>(&I_[i_start0_ + g]);
        ph::Vec<i64, 2> out;
        #pragma unroll
        for (int v = 0; v < 2; ++v) {
          out.v[v] = ph::to_i64((f64)(ph::round_f16((f64)(I_g.v[v]))));
        }
        ph::vstore(&O_[5 * N_ + c_ + g], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 2; ++v) {
          const int i0 = g + v;
          if (!box_12.has(i0)) continue;
          O_[5 * N_ + c_ + i0] = ph::to_i64((f64)(ph::round_f16((f64)(I_[i_start0_ + i0]))));
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int i0 = threadIdx.x; i0 < 64; i0 += 128) {
      if (!box_12.has(i0)) continue;
      O_[5 * N_ + c_ + i0] = ph::to_i64((f64)(ph::round_f16((f64)(I_[i_start0_ + i0]))));
    }
  }
  #line 82 "tests/corpus/dtypes.phobos"
  __syncthreads();
  ph::Box<1> box_13 = {{ph::max64(i_start0_, 0) - i_start0_}, {ph::min64(i_start0_ + 64, N_) - i_start0_}};
  box_13.normalize();
  ph::Box<1> box_14 = {{ph::max64(box_13.lo[0], -c_)}, {ph::min64(box_13.hi[0], N_ - c_)}};
  if (6 < 0 || 6 >= 11) box_14 = {};  // the window's index is outside
  if (c_ % 2 == 0 && i_start0_ % 2 == 0) {  // every group's address is aligned
    // vector path: each thread moves 2 consecutive i64 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 32; e += 128) {
      const int g = e * 2;
      if (box_14.has(g) && box_14.has(g + 1)) {  // the whole group is present
        const ph::Vec<i32, 2> I_g = ph::vload<2>(&I_[i_start0_ + g]);
        ph::Vec<i64, 2> out;
        #pragma unroll
        for (int v = 0; v < 2; ++v) {
          out.v[v] = ph::to_i64((f64)((f32)(I_g.v[v])));
        }
        ph::vstore(&O_[6 * N_ + c_ + g], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 2; ++v) {
          const int i0 = g + v;
          if (!box_14.has(i0)) continue;
          O_[6 * N_ + c_ + i0] = ph::to_i64((f64)((f32)(I_[i_start0_ + i0])));
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int i0 = threadIdx.x; i0 < 64; i0 += 128) {
      if (!box_14.has(i0)) continue;
      O_[6 * N_ + c_ + i0] = ph::to_i64((f64)((f32)(I_[i_start0_ + i0])));
    }
  }
  #line 83 "tests/corpus/dtypes.phobos"
  __syncthreads();
  ph::Box<1> box_15 = {{ph::max64(u_start0_, 0) - u_start0_}, {ph::min64(u_start0_ + 64, N_) - u_start0_}};
  box_15.normalize();
  ph::Box<1> box_16 = {{ph::max64(box_15.lo[0], -c_)}, {ph::min64(box_15.hi[0], N_ - c_)}};
  if (7 < 0 || 7 >= 11) box_16 = {};  // the window's index is outside
  if (c_ % 2 == 0 && u_start0_ % 2 == 0) {  // every group's address is aligned
    // vector path: each thread moves 2 consecutive i64 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 32; e += 128) {
      const int g = e * 2;
      if (box_16.has(g) && box_16.has(g + 1)) {  // the whole group is present
        const ph::Vec<u32, 2> U_g = ph::vload<2>(&U_[u_start0_ + g]);
        ph::Vec<i64, 2> out;
        #pragma unroll
        for (int v = 0; v < 2; ++v) {
          out.v[v] = ph::to_i64((f64)(ph::round_bf16((f64)(U_g.v[v]))));
        }
        ph::vstore(&O_[7 * N_ + c_ + g], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 2; ++v) {
          const int i0 = g + v;
          if (!box_16.has(i0)) continue;
          O_[7 * N_ + c_ + i0] = ph::to_i64((f64)(ph::round_bf16((f64)(U_[u_start0_ + i0]))));
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int i0 = threadIdx.x; i0 < 64; i0 += 128) {
      if (!box_16.has(i0)) continue;
      O_[7 * N_ + c_ + i0] = ph::to_i64((f64)(ph::round_bf16((f64)(U_[u_start0_ + i0]))));
    }
  }
  #line 84 "tests/corpus/dtypes.phobos"
  __syncthreads();
  ph::Box<1> box_17 = {{ph::max64(u_start0_, 0) - u_start0_}, {ph::min64(u_start0_ + 64, N_) - u_start0_}};
  box_17.normalize();
  ph::Box<1> box_18 = {{ph::max64(box_17.lo[0], -c_)}, {ph::min64(box_17.hi[0], N_ - c_)}};
  if (8 < 0 || 8 >= 11) box_18 = {};  // the window's index is outside
  if (c_ % 2 == 0 && u_start0_ % 2 == 0) {  // every group's address is aligned
    // vector path: each thread moves 2 consecutive i64 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 32; e += 128) {
      const int g = e * 2;
      if (box_18.has(g) && box_18.has(g + 1)) {  // the whole group is present
        const ph::Vec<u32, 2> U_g = ph::vload<2>(&U_[u_start0_ + g]);
        ph::Vec<i64, 2> out;
        #pragma unroll
        for (int v = 0; v < 2; ++v) {
          out.v[v] = ph::to_i64((f64)((f32)(U_g.v[v])));
        }
        ph::vstore(&O_[8 * N_ + c_ + g], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 2; ++v) {
          const int i0 = g + v;
          if (!box_18.has(i0)) continue;
          O_[8 * N_ + c_ + i0] = ph::to_i64((f64)((f32)(U_[u_start0_ + i0])));
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int i0 = threadIdx.x; i0 < 64; i0 += 128) {
      if (!box_18.has(i0)) continue;
      O_[8 * N_ + c_ + i0] = ph::to_i64((f64)((f32)(U_[u_start0_ + i0])));
    }
  }
  #line 85 "tests/corpus/dtypes.phobos"
  __syncthreads();
  ph::Box<1> box_19 = {{ph::max64(l_start0_, 0) - l_start0_}, {ph::min64(l_start0_ + 64, N_) - l_start0_}};
  box_19.normalize();
  ph::Box<1> box_20 = {{ph::max64(box_19.lo[0], -c_)}, {ph::min64(box_19.hi[0], N_ - c_)}};
  if (9 < 0 || 9 >= 11) box_20 = {};  // the window's index is outside
  if (c_ % 2 == 0 && l_start0_ % 2 == 0) {  // every group's address is aligned
    // vector path: each thread moves 2 consecutive i64 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 32; e += 128) {
      const int g = e * 2;
      if (box_20.has(g) && box_20.has(g + 1)) {  // the whole group is present
        const ph::Vec<i64, 2> L_g = ph::vload<2>(&L_[l_start0_ + g]);
        ph::Vec<i64, 2> out;
        #pragma unroll
        for (int v = 0; v < 2; ++v) {
          out.v[v] = ph::to_i64((f64)(ph::round_bf16((ph::round_bf16(ph::odd_f64(L_g.v[v])) + z_))));
        }
        ph::vstore(&O_[9 * N_ + c_ + g], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 2; ++v) {
          const int i0 = g + v;
          if (!box_20.has(i0)) continue;
          O_[9 * N_ + c_ + i0] = ph::to_i64((f64)(ph::round_bf16((ph::round_bf16(ph::odd_f64(L_[l_start0_ + i0])) + z_))));
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int i0 = threadIdx.x; i0 < 64; i0 += 128) {
      if (!box_20.has(i0)) continue;
      O_[9 * N_ + c_ + i0] = ph::to_i64((f64)(ph::round_bf16((ph::round_bf16(ph::odd_f64(L_[l_start0_ + i0])) + z_))));
    }
  }
  #line 86 "tests/corpus/dtypes.phobos"
  __syncthreads();
  ph::Box<1> box_21 = {{ph::max64(i_start0_, 0) - i_start0_}, {ph::min64(i_start0_ + 64, N_) - i_start0_}};
  box_21.normalize();
  ph::Box<1> box_22 = {{ph::max64(box_21.lo[0], -c_)}, {ph::min64(box_21.hi[0], N_ - c_)}};
  if (10 < 0 || 10 >= 11) box_22 = {};  // the window's index is outside
  if (c_ % 2 == 0 && i_start0_ % 2 == 0) {  // every group's address is aligned
    // vector path: each thread moves 2 consecutive i64 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 32; e += 128) {
      const int g = e * 2;
      if (box_22.has(g) && box_22.has(g + 1)) {  // the whole group is present
        const ph::Vec<i32, 2> I_g = ph::vload<2>(&I_[i_start0_ + g]);
        ph::Vec<i64, 2> out;
        #pragma unroll
        for (int v = 0; v < 2; ++v) {
          out.v[v] = ph::to_i64((f64)(ph::round_bf16((ph::round_bf16((f64)(I_g.v[v])) + z_))));
        }
        ph::vstore(&O_[10 * N_ + c_ + g], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 2; ++v) {
          const int i0 = g + v;
          if (!box_22.has(i0)) continue;
          O_[10 * N_ + c_ + i0] = ph::to_i64((f64)(ph::round_bf16((ph::round_bf16((f64)(I_[i_start0_ + i0])) + z_))));
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int i0 = threadIdx.x; i0 < 64; i0 += 128) {
      if (!box_22.has(i0)) continue;
      O_[10 * N_ + c_ + i0] = ph::to_i64((f64)(ph::round_bf16((ph::round_bf16((f64)(I_[i_start0_ + i0])) + z_))));
    }
  }
}
