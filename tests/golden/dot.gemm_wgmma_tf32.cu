
// kernel gemm_wgmma_tf32 [TM=128, TN=128, TK=32]: 128 threads a CTA, 35328 bytes of shared memory
// for launches where multiples of 4: K, M, N; 16-byte aligned: A, C, W; rows 16-byte multiples apart: A, C, W
#line 228 "tests/corpus/dot.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_gemm_wgmma_tf32(f32* A_, f32* W_, f32* C_, i64 M_, i64 K_, i64 N_) {
  extern __shared__ __align__(16) unsigned char smem[];
  #line 230 "tests/corpus/dot.phobos"
  const i64 m0_ = ph::wmul((i64)blockIdx.y, 128ll);
  #line 231 "tests/corpus/dot.phobos"
  const i64 n0_ = ph::wmul((i64)blockIdx.x, 128ll);
  #line 232 "tests/corpus/dot.phobos"
  f32 acc_[128];  // tile<f32>[128, 128] in registers: 128 rows of 128, a group of 16 threads per row, each lane holding 2 groups of 4 in each of 16 passes
  ph::Box<2> acc_box;
  {
    const int lane = threadIdx.x % 16;  // the thread's place in its row's group
    #pragma unroll
    for (int pass = 0; pass < 16; ++pass) {
      const int row = pass * 8 + threadIdx.x / 16;
      const int i0 = row;
      #pragma unroll
      for (int slot = 0; slot < 2; ++slot) {
        const int g = (lane + slot * 16) * 4;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          acc_[pass * 8 + slot * 4 + v] = 0.0f;
        }
      }
    }
  }
  acc_box = {{0, 0}, {128, 128}};
  #line 233 "tests/corpus/dot.phobos"
  for (i64 k_ = 0ll; k_ < K_; k_ += 32) {
    if (m0_ >= 0 && m0_ + 128 <= M_ && k_ >= 0 && k_ + 32 <= K_ && n0_ >= 0 && n0_ + 128 <= N_ && acc_box.lo[0] == 0 && acc_box.hi[0] == 128 && acc_box.lo[1] == 0 && acc_box.hi[1] == 128) {  // every window inside its tensor, every tile whole
      #line 234 "tests/corpus/dot.phobos"
      __syncthreads();
      f32* stage = (f32*)(smem + 0);  // tile<f32>[128, 32] staged for multiply-adds, rows of 144 bytes
      const u32 stage_at = ph::smem_address(stage);
      // tile<f32>[128, 32] to shared memory, 4 elements a thread a turn, zeros where nothing is read
      for (int e = threadIdx.x; e < 1024; e += 128) {
        const int r = e / 8, c = e % 8 * 4;
        if (k_ % 4 == 0 && 0 <= r && r < 128 && 0 <= c && c < 32 && 0 <= r && r < 128 && 0 <= c + 3 && c + 3 < 32) {  // read whole
          const ph::Vec<f32, 4> A_g = ph::vload<4>(&A_[(m0_ + r) * K_ + (k_ + c)]);
          ph::Vec<f32, 4> out;
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            out.v[v] = ph::round_tf32(A_g.v[v]);
          }
          ph::vstore(&((f32*)((unsigned char*)stage + (r) * 144))[c], out);
        } else {
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            const int col = c + v;
            ((f32*)((unsigned char*)stage + (r) * 144))[col] = 0 <= r && r < 128 && 0 <= col && col < 32 ? ph::round_tf32(A_[(m0_ + r) * K_ + (k_ + col)]) : 0.0f;
          }
        }
      }
      f32* stage_2 = (f32*)(smem + 18432);  // tile<f32>[32, 128] staged for multiply-adds, rows of 528 bytes
      const u32 stage_at_2 = ph::smem_address(stage_2);
      // tile<f32>[32, 128] to shared memory, 4 elements a thread a turn, zeros where nothing is read
      for (int e = threadIdx.x; e < 1024; e += 128) {
        const int r = e / 32, c = e % 32 * 4;
        {
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            const int col = c + v;
            ((f32*)((unsigned char*)stage_2 + (r) * 528))[col] = 0 <= r && r < 32 && 0 <= col && col < 128 ? ph::round_tf32(W_[(n0_ + col) * K_ + (k_ + r)]) : 0.0f;
          }
        }
      }
      __syncthreads();
      {  // tile<f32>[128, 128] = dot by multiply-adds: each thread its 16 rows of 8 columns (the row layout's), k outermost, from the stages
        const int row0 = threadIdx.x / 16, col0 = threadIdx.x % 16 * 4;
        #pragma unroll 8
        for (int k = 0; k < 32; ++k) {
          const f32 a = ((f32*)((unsigned char*)stage + (row0) * 144))[k];
          const f32 a_2 = ((f32*)((unsigned char*)stage + (row0 + 8) * 144))[k];
          const f32 a_3 = ((f32*)((unsigned char*)stage + (row0 + 16) * 144))[k];
          const f32 a_4 = ((f32*)((unsigned char*)stage + (row0 + 24) * 144))[k];
          const f32 a_5 = ((f32*)((unsigned char*)stage + (row0 + 32) * 144))[k];
          const f32 a_6 = ((f32*)((unsigned char*)stage + (row0 + 40) * 144))[k];
          const f32 a_7 = ((f32*)((unsigned char*)stage + (row0 + 48) * 144))[k];
          const f32 a_8 = ((f32*)((unsigned char*)stage + (row0 + 56) * 144))[k];
          const f32 a_9 = ((f32*)((unsigned char*)stage + (row0 + 64) * 144))[k];
          const f32 a_10 = ((f32*)((unsigned char*)stage + (row0 + 72) * 144))[k];
          const f32 a_11 = ((f32*)((unsigned char*)stage + (row0 + 80) * 144))[k];
          const f32 a_12 = ((f32*)((unsigned char*)stage + (row0 + 88) * 144))[k];
          const f32 a_13 = ((f32*)((unsigned char*)stage + (row0 + 96) * 144))[k];
          const f32 a_14 = ((f32*)((unsigned char*)stage + (row0 + 104) * 144))[k];
          const f32 a_15 = ((f32*)((unsigned char*)stage + (row0 + 112) * 144))[k];
          const f32 a_16 = ((f32*)((unsigned char*)stage + (row0 + 120) * 144))[k];
          const ph::Vec<f32, 4> b = ph::vload<4>(&((f32*)((unsigned char*)stage_2 + (k) * 528))[col0]);
          const ph::Vec<f32, 4> b_2 = ph::vload<4>(&((f32*)((unsigned char*)stage_2 + (k) * 528))[col0 + 64]);
          acc_[0] = fmaf(a, b.v[0], acc_[0]);
          acc_[1] = fmaf(a, b.v[1], acc_[1]);
          acc_[2] = fmaf(a, b.v[2], acc_[2]);
          acc_[3] = fmaf(a, b.v[3], acc_[3]);
          acc_[4] = fmaf(a, b_2.v[0], acc_[4]);
          acc_[5] = fmaf(a, b_2.v[1], acc_[5]);
          acc_[6] = fmaf(a, b_2.v[2], acc_[6]);
          acc_[7] = fmaf(a, b_2.v[3], acc_[7]);
          acc_[8] = fmaf(a_2, b.v[0], acc_[8]);
          acc_[9] = fmaf(a_2, b.v[1], acc_[9]);
          acc_[10] = fmaf(a_2, b.v[2], acc_[10]);
          acc_[11] = fmaf(a_2, b.v[3], acc_[11]);
          acc_[12] = fmaf(a_2, b_2.v[0], acc_[12]);
          acc_[13] = fmaf(a_2, b_2.v[1], acc_[13]);
          acc_[14] = fmaf(a_2, b_2.v[2], acc_[14]);
          acc_[15] = fmaf(a_2, b_2.v[3], acc_[15]);
          acc_[16] = fmaf(a_3, b.v[0], acc_[16]);
          acc_[17] = fmaf(a_3, b.v[1], acc_[17]);
          acc_[18] = fmaf(a_3, b.v[2], acc_[18]);
          acc_[19] = fmaf(a_3, b.v[3], acc_[19]);
          acc_[20] = fmaf(a_3, b_2.v[0], acc_[20]);
          acc_[21] = fmaf(a_3, b_2.v[1], acc_[21]);
          acc_[22] = fmaf(a_3, b_2.v[2], acc_[22]);
          acc_[23] = fmaf(a_3, b_2.v[3], acc_[23]);
          acc_[24] = fmaf(a_4, b.v[0], acc_[24]);
          acc_[25] = fmaf(a_4, b.v[1], acc_[25]);
          acc_[26] = fmaf(a_4, b.v[2], acc_[26]);
          acc_[27] = fmaf(a_4, b.v[3], acc_[27]);
          acc_[28] = fmaf(a_4, b_2.v[0], acc_[28]);
          acc_[29] = fmaf(a_4, b_2.v[1], acc_[29]);
          acc_[30] = fmaf(a_4, b_2.v[2], acc_[30]);
          acc_[31] = fmaf(a_4, b_2.v[3], acc_[31]);
          acc_[32] = fmaf(a_5, b.v[0], acc_[32]);
          acc_[33] = fmaf(a_5, b.v[1], acc_[33]);
          acc_[34] = fmaf(a_5, b.v[2], acc_[34]);
          acc_[35] = fmaf(a_5, b.v[3], acc_[35]);
          acc_[36] = fmaf(a_5, b_2.v[0], acc_[36]);
          acc_[37] = fmaf(a_5, b_2.v[1], acc_[37]);
          acc_[38] = fmaf(a_5, b_2.v[2], acc_[38]);
          acc_[39] = fmaf(a_5, b_2.v[3], acc_[39]);
          acc_[40] = fmaf(a_6, b.v[0], acc_[40]);
          acc_[41] = fmaf(a_6, b.v[1], acc_[41]);
          acc_[42] = fmaf(a_6, b.v[2], acc_[42]);
          acc_[43] = fmaf(a_6, b.v[3], acc_[43]);
          acc_[44] = fmaf(a_6, b_2.v[0], acc_[44]);
          acc_[45] = fmaf(a_6, b_2.v[1], acc_[45]);
          acc_[46] = fmaf(a_6, b_2.v[2], acc_[46]);
          acc_[47] = fmaf(a_6, b_2.v[3], acc_[47]);
          acc_[48] = fmaf(a_7, b.v[0], acc_[48]);
          acc_[49] = fmaf(a_7, b.v[1], acc_[49]);
          acc_[50] = fmaf(a_7, b.v[2], acc_[50]);
          acc_[51] = fmaf(a_7, b.v[3], acc_[51]);
          acc_[52] = fmaf(a_7, b_2.v[0], acc_[52]);
          acc_[53] = fmaf(a_7, b_2.v[1], acc_[53]);
          acc_[54] = fmaf(a_7, b_2.v[2], acc_[54]);
          acc_[55] = fmaf(a_7, b_2.v[3], acc_[55]);
          acc_[56] = fmaf(a_8, b.v[0], acc_[56]);
          acc_[57] = fmaf(a_8, b.v[1], acc_[57]);
          acc_[58] = fmaf(a_8, b.v[2], acc_[58]);
          acc_[59] = fmaf(a_8, b.v[3], acc_[59]);
          acc_[60] = fmaf(a_8, b_2.v[0], acc_[60]);
          acc_[61] = fmaf(a_8, b_2.v[1], acc_[61]);
          acc_[62] = fmaf(a_8, b_2.v[2], acc_[62]);
          acc_[63] = fmaf(a_8, b_2.v[3], acc_[63]);
          acc_[64] = fmaf(a_9, b.v[0], acc_[64]);
          acc_[65] = fmaf(a_9, b.v[1], acc_[65]);
          acc_[66] = fmaf(a_9, b.v[2], acc_[66]);
          acc_[67] = fmaf(a_9, b.v[3], acc_[67]);
          acc_[68] = fmaf(a_9, b_2.v[0], acc_[68]);
          acc_[69] = fmaf(a_9, b_2.v[1], acc_[69]);
          acc_[70] = fmaf(a_9, b_2.v[2], acc_[70]);
          acc_[71] = fmaf(a_9, b_2.v[3], acc_[71]);
          acc_[72] = fmaf(a_10, b.v[0], acc_[72]);
          acc_[73] = fmaf(a_10, b.v[1], acc_[73]);
          acc_[74] = fmaf(a_10, b.v[2], acc_[74]);
          acc_[75] = fmaf(a_10, b.v[3], acc_[75]);
          acc_[76] = fmaf(a_10, b_2.v[0], acc_[76]);
          acc_[77] = fmaf(a_10, b_2.v[1], acc_[77]);
          acc_[78] = fmaf(a_10, b_2.v[2], acc_[78]);
          acc_[79] = fmaf(a_10, b_2.v[3], acc_[79]);
          acc_[80] = fmaf(a_11, b.v[0], acc_[80]);
          acc_[81] = fmaf(a_11, b.v[1], acc_[81]);
          acc_[82] = fmaf(a_11, b.v[2], acc_[82]);
          acc_[83] = fmaf(a_11, b.v[3], acc_[83]);
          acc_[84] = fmaf(a_11, b_2.v[0], acc_[84]);
          acc_[85] = fmaf(a_11, b_2.v[1], acc_[85]);
          acc_[86] = fmaf(a_11, b_2.v[2], acc_[86]);
          acc_[87] = fmaf(a_11, b_2.v[3], acc_[87]);
          acc_[88] = fmaf(a_12, b.v[0], acc_[88]);
          acc_[89] = fmaf(a_12, b.v[1], acc_[89]);
          acc_[90] = fmaf(a_12, b.v[2], acc_[90]);
          acc_[91] = fmaf(a_12, b.v[3], acc_[91]);
          acc_[92] = fmaf(a_12, b_2.v[0], acc_[92]);
          acc_[93] = fmaf(a_12, b_2.v[1], acc_[93]);
          acc_[94] = fmaf(a_12, b_2.v[2], acc_[94]);
          acc_[95] = fmaf(a_12, b_2.v[3], acc_[95]);
          acc_[96] = fmaf(a_13, b.v[0], acc_[96]);
          acc_[97] = fmaf(a_13, b.v[1], acc_[97]);
          acc_[98] = fmaf(a_13, b.v[2], acc_[98]);
          acc_[99] = fmaf(a_13, b.v[3], acc_[99]);
          acc_[100] = fmaf(a_13, b_2.v[0], acc_[100]);
          acc_[101] = fmaf(a_13, b_2.v[1], acc_[101]);
          acc_[102] = fmaf(a_13, b_2.v[2], acc_[102]);
          acc_[103] = fmaf(a_13, b_2.v[3], acc_[103]);
          acc_[104] = fmaf(a_14, b.v[0], acc_[104]);
          acc_[105] = fmaf(a_14, b.v[1], acc_[105]);
          acc_[106] = fmaf(a_14, b.v[2], acc_[106]);
          acc_[107] = fmaf(a_14, b.v[3], acc_[107]);
          acc_[108] = fmaf(a_14, b_2.v[0], acc_[108]);
          acc_[109] = fmaf(a_14, b_2.v[1], acc_[109]);
          acc_[110] = fmaf(a_14, b_2.v[2], acc_[110]);
          acc_[111] = fmaf(a_14, b_2.v[3], acc_[111]);
          acc_[112] = fmaf(a_15, b.v[0], acc_[112]);
          acc_[113] = fmaf(a_15, b.v[1], acc_[113]);
          acc_[114] = fmaf(a_15, b.v[2], acc_[114]);
          acc_[115] = fmaf(a_15, b.v[3], acc_[115]);
          acc_[116] = fmaf(a_15, b_2.v[0], acc_[116]);
          acc_[117] = fmaf(a_15, b_2.v[1], acc_[117]);
          acc_[118] = fmaf(a_15, b_2.v[2], acc_[118]);
          acc_[119] = fmaf(a_15, b_2.v[3], acc_[119]);
          acc_[120] = fmaf(a_16, b.v[0], acc_[120]);
          acc_[121] = fmaf(a_16, b.v[1], acc_[121]);
          acc_[122] = fmaf(a_16, b.v[2], acc_[122]);
          acc_[123] = fmaf(a_16, b.v[3], acc_[123]);
          acc_[124] = fmaf(a_16, b_2.v[0], acc_[124]);
          acc_[125] = fmaf(a_16, b_2.v[1], acc_[125]);
          acc_[126] = fmaf(a_16, b_2.v[2], acc_[126]);
          acc_[127] = fmaf(a_16, b_2.v[3], acc_[127]);
        }
      }
      {
        const int lane = threadIdx.x % 16;  // the thread's place in its row's group
        #pragma unroll
        for (int pass = 0; pass < 16; ++pass) {
          const int row = pass * 8 + threadIdx.x / 16;
          const int i0 = row;
          #pragma unroll
          for (int slot = 0; slot < 2; ++slot) {
            const int g = (lane + slot * 16) * 4;
            #pragma unroll
            for (int v = 0; v < 4; ++v) {
              acc_[pass * 8 + slot * 4 + v] = acc_[pass * 8 + slot * 4 + v];
            }
          }
        }
      }
      acc_box = {{0, 0}, {128, 128}};
    } else {
      #line 234 "tests/corpus/dot.phobos"
      __syncthreads();
      ph::Box<2> box = {{ph::max64(m0_, 0) - m0_, ph::max64(k_, 0) - k_}, {ph::min64(m0_ + 128, M_) - m0_, ph::min64(k_ + 32, K_) - k_}};
      box.normalize();
      ph::Box<2> box_2 = {{ph::max64(n0_, 0) - n0_, ph::max64(k_, 0) - k_}, {ph::min64(n0_ + 128, N_) - n0_, ph::min64(k_ + 32, K_) - k_}};
      box_2.normalize();
      const i64 k_lo = ph::max64(box.lo[1], box_2.lo[1]);
      const i64 k_hi = ph::min64(box.hi[1], box_2.hi[1]);
      f32* stage_3 = (f32*)(smem + 0);  // tile<f32>[128, 32] staged for multiply-adds, rows of 144 bytes
      const u32 stage_at_3 = ph::smem_address(stage_3);
      // tile<f32>[128, 32] to shared memory, 4 elements a thread a turn, zeros where nothing is read
      for (int e = threadIdx.x; e < 1024; e += 128) {
        const int r = e / 8, c = e % 8 * 4;
        if (k_ % 4 == 0 && box.lo[0] <= r && r < box.hi[0] && k_lo <= c && c < k_hi && box.lo[0] <= r && r < box.hi[0] && k_lo <= c + 3 && c + 3 < k_hi) {  // read whole
          const ph::Vec<f32, 4> A_g = ph::vload<4>(&A_[(m0_ + r) * K_ + (k_ + c)]);
          ph::Vec<f32, 4> out;
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            out.v[v] = ph::round_tf32(A_g.v[v]);
          }
          ph::vstore(&((f32*)((unsigned char*)stage_3 + (r) * 144))[c], out);
        } else {
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            const int col = c + v;
            ((f32*)((unsigned char*)stage_3 + (r) * 144))[col] = box.lo[0] <= r && r < box.hi[0] && k_lo <= col && col < k_hi ? ph::round_tf32(A_[(m0_ + r) * K_ + (k_ + col)]) : 0.0f;
          }
        }
      }
      f32* stage_4 = (f32*)(smem + 18432);  // tile<f32>[32, 128] staged for multiply-adds, rows of 528 bytes
      const u32 stage_at_4 = ph::smem_address(stage_4);
      // tile<f32>[32, 128] to shared memory, 4 elements a thread a turn, zeros where nothing is read
      for (int e = threadIdx.x; e < 1024; e += 128) {
        const int r = e / 32, c = e % 32 * 4;
        {
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            const int col = c + v;
            ((f32*)((unsigned char*)stage_4 + (r) * 528))[col] = k_lo <= r && r < k_hi && box_2.lo[0] <= col && col < box_2.hi[0] ? ph::round_tf32(W_[(n0_ + col) * K_ + (k_ + r)]) : 0.0f;
          }
        }
      }
      __syncthreads();
      {  // tile<f32>[128, 128] = dot by multiply-adds: each thread its 16 rows of 8 columns (the row layout's), k outermost, from the stages
        const int row0_2 = threadIdx.x / 16, col0_2 = threadIdx.x % 16 * 4;
        #pragma unroll 8
        for (int k_2 = 0; k_2 < 32; ++k_2) {
          const f32 a_17 = ((f32*)((unsigned char*)stage_3 + (row0_2) * 144))[k_2];
          const f32 a_18 = ((f32*)((unsigned char*)stage_3 + (row0_2 + 8) * 144))[k_2];
          const f32 a_19 = ((f32*)((unsigned char*)stage_3 + (row0_2 + 16) * 144))[k_2];
          const f32 a_20 = ((f32*)((unsigned char*)stage_3 + (row0_2 + 24) * 144))[k_2];
          const f32 a_21 = ((f32*)((unsigned char*)stage_3 + (row0_2 + 32) * 144))[k_2];
          const f32 a_22 = ((f32*)((unsigned char*)stage_3 + (row0_2 + 40) * 144))[k_2];
          const f32 a_23 = ((f32*)((unsigned char*)stage_3 + (row0_2 + 48) * 144))[k_2];
          const f32 a_24 = ((f32*)((unsigned char*)stage_3 + (row0_2 + 56) * 144))[k_2];
          const f32 a_25 = ((f32*)((unsigned char*)stage_3 + (row0_2 + 64) * 144))[k_2];
          const f32 a_26 = ((f32*)((unsigned char*)stage_3 + (row0_2 + 72) * 144))[k_2];
          const f32 a_27 = ((f32*)((unsigned char*)stage_3 + (row0_2 + 80) * 144))[k_2];
          const f32 a_28 = ((f32*)((unsigned char*)stage_3 + (row0_2 + 88) * 144))[k_2];
          const f32 a_29 = ((f32*)((unsigned char*)stage_3 + (row0_2 + 96) * 144))[k_2];
          const f32 a_30 = ((f32*)((unsigned char*)stage_3 + (row0_2 + 104) * 144))[k_2];
          const f32 a_31 = ((f32*)((unsigned char*)stage_3 + (row0_2 + 112) * 144))[k_2];
          const f32 a_32 = ((f32*)((unsigned char*)stage_3 + (row0_2 + 120) * 144))[k_2];
          const ph::Vec<f32, 4> b_3 = ph::vload<4>(&((f32*)((unsigned char*)stage_4 + (k_2) * 528))[col0_2]);
          const ph::Vec<f32, 4> b_4 = ph::vload<4>(&((f32*)((unsigned char*)stage_4 + (k_2) * 528))[col0_2 + 64]);
          acc_[0] = fmaf(a_17, b_3.v[0], acc_[0]);
          acc_[1] = fmaf(a_17, b_3.v[1], acc_[1]);
          acc_[2] = fmaf(a_17, b_3.v[2], acc_[2]);
          acc_[3] = fmaf(a_17, b_3.v[3], acc_[3]);
          acc_[4] = fmaf(a_17, b_4.v[0], acc_[4]);
          acc_[5] = fmaf(a_17, b_4.v[1], acc_[5]);
          acc_[6] = fmaf(a_17, b_4.v[2], acc_[6]);
          acc_[7] = fmaf(a_17, b_4.v[3], acc_[7]);
          acc_[8] = fmaf(a_18, b_3.v[0], acc_[8]);
          acc_[9] = fmaf(a_18, b_3.v[1], acc_[9]);
          acc_[10] = fmaf(a_18, b_3.v[2], acc_[10]);
          acc_[11] = fmaf(a_18, b_3.v[3], acc_[11]);
          acc_[12] = fmaf(a_18, b_4.v[0], acc_[12]);
          acc_[13] = fmaf(a_18, b_4.v[1], acc_[13]);
          acc_[14] = fmaf(a_18, b_4.v[2], acc_[14]);
          acc_[15] = fmaf(a_18, b_4.v[3], acc_[15]);
          acc_[16] = fmaf(a_19, b_3.v[0], acc_[16]);
          acc_[17] = fmaf(a_19, b_3.v[1], acc_[17]);
          acc_[18] = fmaf(a_19, b_3.v[2], acc_[18]);
          acc_[19] = fmaf(a_19, b_3.v[3], acc_[19]);
          acc_[20] = fmaf(a_19, b_4.v[0], acc_[20]);
          acc_[21] = fmaf(a_19, b_4.v[1], acc_[21]);
          acc_[22] = fmaf(a_19, b_4.v[2], acc_[22]);
          acc_[23] = fmaf(a_19, b_4.v[3], acc_[23]);
          acc_[24] = fmaf(a_20, b_3.v[0], acc_[24]);
          acc_[25] = fmaf(a_20, b_3.v[1], acc_[25]);
          acc_[26] = fmaf(a_20, b_3.v[2], acc_[26]);
          acc_[27] = fmaf(a_20, b_3.v[3], acc_[27]);
          acc_[28] = fmaf(a_20, b_4.v[0], acc_[28]);
          acc_[29] = fmaf(a_20, b_4.v[1], acc_[29]);
          acc_[30] = fmaf(a_20, b_4.v[2], acc_[30]);
          acc_[31] = fmaf(a_20, b_4.v[3], acc_[31]);
          acc_[32] = fmaf(a_21, b_3.v[0], acc_[32]);
          acc_[33] = fmaf(a_21, b_3.v[1], acc_[33]);
          acc_[34] = fmaf(a_21, b_3.v[2], acc_[34]);
          acc_[35] = fmaf(a_21, b_3.v[3], acc_[35]);
          acc_[36] = fmaf(a_21, b_4.v[0], acc_[36]);
          acc_[37] = fmaf(a_21, b_4.v[1], acc_[37]);
          acc_[38] = fmaf(a_21, b_4.v[2], acc_[38]);
          acc_[39] = fmaf(a_21, b_4.v[3], acc_[39]);
          acc_[40] = fmaf(a_22, b_3.v[0], acc_[40]);
          acc_[41] = fmaf(a_22, b_3.v[1], acc_[41]);
          acc_[42] = fmaf(a_22, b_3.v[2], acc_[42]);
          acc_[43] = fmaf(a_22, b_3.v[3], acc_[43]);
          acc_[44] = fmaf(a_22, b_4.v[0], acc_[44]);
          acc_[45] = fmaf(a_22, b_4.v[1], acc_[45]);
          acc_[46] = fmaf(a_22, b_4.v[2], acc_[46]);
          acc_[47] = fmaf(a_22, b_4.v[3], acc_[47]);
          acc_[48] = fmaf(a_23, b_3.v[0], acc_[48]);
          acc_[49] = fmaf(a_23, b_3.v[1], acc_[49]);
          acc_[50] = fmaf(a_23, b_3.v[2], acc_[50]);
          acc_[51] = fmaf(a_23, b_3.v[3], acc_[51]);
          acc_[52] = fmaf(a_23, b_4.v[0], acc_[52]);
          acc_[53] = fmaf(a_23, b_4.v[1], acc_[53]);
          acc_[54] = fmaf(a_23, b_4.v[2], acc_[54]);
          acc_[55] = fmaf(a_23, b_4.v[3], acc_[55]);
          acc_[56] = fmaf(a_24, b_3.v[0], acc_[56]);
          acc_[57] = fmaf(a_24, b_3.v[1], acc_[57]);
          acc_[58] = fmaf(a_24, b_3.v[2], acc_[58]);
          acc_[59] = fmaf(a_24, b_3.v[3], acc_[59]);
          acc_[60] = fmaf(a_24, b_4.v[0], acc_[60]);
          acc_[61] = fmaf(a_24, b_4.v[1], acc_[61]);
          acc_[62] = fmaf(a_24, b_4.v[2], acc_[62]);
          acc_[63] = fmaf(a_24, b_4.v[3], acc_[63]);
          acc_[64] = fmaf(a_25, b_3.v[0], acc_[64]);
          acc_[65] = fmaf(a_25, b_3.v[1], acc_[65]);
          acc_[66] = fmaf(a_25, b_3.v[2], acc_[66]);
          acc_[67] = fmaf(a_25, b_3.v[3], acc_[67]);
          acc_[68] = fmaf(a_25, b_4.v[0], acc_[68]);
          acc_[69] = fmaf(a_25, b_4.v[1], acc_[69]);
          acc_[70] = fmaf(a_25, b_4.v[2], acc_[70]);
          acc_[71] = fmaf(a_25, b_4.v[3], acc_[71]);
          acc_[72] = fmaf(a_26, b_3.v[0], acc_[72]);
          acc_[73] = fmaf(a_26, b_3.v[1], acc_[73]);
          acc_[74] = fmaf(a_26, b_3.v[2], acc_[74]);
          acc_[75] = fmaf(a_26, b_3.v[3], acc_[75]);
          acc_[76] = fmaf(a_26, b_4.v[0], acc_[76]);
          acc_[77] = fmaf(a_26, b_4.v[1], acc_[77]);
          acc_[78] = fmaf(a_26, b_4.v[2], acc_[78]);
          acc_[79] = fmaf(a_26, b_4.v[3], acc_[79]);
          acc_[80] = fmaf(a_27, b_3.v[0], acc_[80]);
          acc_[81] = fmaf(a_27, b_3.v[1], acc_[81]);
          acc_[82] = fmaf(a_27, b_3.v[2], acc_[82]);
          acc_[83] = fmaf(a_27, b_3.v[3], acc_[83]);
          acc_[84] = fmaf(a_27, b_4.v[0], acc_[84]);
          acc_[85] = fmaf(a_27, b_4.v[1], acc_[85]);
          acc_[86] = fmaf(a_27, b_4.v[2], acc_[86]);
          acc_[87] = fmaf(a_27, b_4.v[3], acc_[87]);
          acc_[88] = fmaf(a_28, b_3.v[0], acc_[88]);
          acc_[89] = fmaf(a_28, b_3.v[1], acc_[89]);
          acc_[90] = fmaf(a_28, b_3.v[2], acc_[90]);
          acc_[91] = fmaf(a_28, b_3.v[3], acc_[91]);
          acc_[92] = fmaf(a_28, b_4.v[0], acc_[92]);
          acc_[93] = fmaf(a_28, b_4.v[1], acc_[93]);
          acc_[94] = fmaf(a_28, b_4.v[2], acc_[94]);
          acc_[95] = fmaf(a_28, b_4.v[3], acc_[95]);
          acc_[96] = fmaf(a_29, b_3.v[0], acc_[96]);
          acc_[97] = fmaf(a_29, b_3.v[1], acc_[97]);
          acc_[98] = fmaf(a_29, b_3.v[2], acc_[98]);
          acc_[99] = fmaf(a_29, b_3.v[3], acc_[99]);
          acc_[100] = fmaf(a_29, b_4.v[0], acc_[100]);
          acc_[101] = fmaf(a_29, b_4.v[1], acc_[101]);
          acc_[102] = fmaf(a_29, b_4.v[2], acc_[102]);
          acc_[103] = fmaf(a_29, b_4.v[3], acc_[103]);
          acc_[104] = fmaf(a_30, b_3.v[0], acc_[104]);
          acc_[105] = fmaf(a_30, b_3.v[1], acc_[105]);
          acc_[106] = fmaf(a_30, b_3.v[2], acc_[106]);
          acc_[107] = fmaf(a_30, b_3.v[3], acc_[107]);
          acc_[108] = fmaf(a_30, b_4.v[0], acc_[108]);
          acc_[109] = fmaf(a_30, b_4.v[1], acc_[109]);
          acc_[110] = fmaf(a_30, b_4.v[2], acc_[110]);
          acc_[111] = fmaf(a_30, b_4.v[3], acc_[111]);
          acc_[112] = fmaf(a_31, b_3.v[0], acc_[112]);
          acc_[113] = fmaf(a_31, b_3.v[1], acc_[113]);
          acc_[114] = fmaf(a_31, b_3.v[2], acc_[114]);
          acc_[115] = fmaf(a_31, b_3.v[3], acc_[115]);
          acc_[116] = fmaf(a_31, b_4.v[0], acc_[116]);
          acc_[117] = fmaf(a_31, b_4.v[1], acc_[117]);
          acc_[118] = fmaf(a_31, b_4.v[2], acc_[118]);
          acc_[119] = fmaf(a_31, b_4.v[3], acc_[119]);
          acc_[120] = fmaf(a_32, b_3.v[0], acc_[120]);
          acc_[121] = fmaf(a_32, b_3.v[1], acc_[121]);
          acc_[122] = fmaf(a_32, b_3.v[2], acc_[122]);
          acc_[123] = fmaf(a_32, b_3.v[3], acc_[123]);
          acc_[124] = fmaf(a_32, b_4.v[0], acc_[124]);
          acc_[125] = fmaf(a_32, b_4.v[1], acc_[125]);
          acc_[126] = fmaf(a_32, b_4.v[2], acc_[126]);
          acc_[127] = fmaf(a_32, b_4.v[3], acc_[127]);
        }
      }
      const ph::Box<2> box_3 = {{ph::max64(acc_box.lo[0], box.lo[0]), ph::max64(acc_box.lo[1], box_2.lo[0])}, {ph::min64(acc_box.hi[0], box.hi[0]), ph::min64(acc_box.hi[1], box_2.hi[0])}};
      {
        const int lane = threadIdx.x % 16;  // the thread's place in its row's group
        #pragma unroll
        for (int pass = 0; pass < 16; ++pass) {
          const int row = pass * 8 + threadIdx.x / 16;
          const int i0 = row;
          #pragma unroll
          for (int slot = 0; slot < 2; ++slot) {
            const int g = (lane + slot * 16) * 4;
            if (box_3.has(i0, g) && box_3.has(i0, g + 3)) {  // the whole group is present and aligned
              #pragma unroll
              for (int v = 0; v < 4; ++v) {
                acc_[pass * 8 + slot * 4 + v] = acc_[pass * 8 + slot * 4 + v];
              }
            } else {  // element by element, masked
              #pragma unroll
              for (int v = 0; v < 4; ++v) {
                const int i1 = g + v;
                if (!box_3.has(i0, i1)) continue;
                acc_[pass * 8 + slot * 4 + v] = acc_[pass * 8 + slot * 4 + v];
              }
            }
          }
        }
      }
      acc_box = box_3;
    }
  }
  #line 236 "tests/corpus/dot.phobos"
  const ph::Box<2> box_4 = {{ph::max64(acc_box.lo[0], -m0_), ph::max64(acc_box.lo[1], -n0_)}, {ph::min64(acc_box.hi[0], M_ - m0_), ph::min64(acc_box.hi[1], N_ - n0_)}};
  {
    const int lane = threadIdx.x % 16;  // the thread's place in its row's group
    #pragma unroll
    for (int pass = 0; pass < 16; ++pass) {
      const int row = pass * 8 + threadIdx.x / 16;
      const int i0 = row;
      #pragma unroll
      for (int slot = 0; slot < 2; ++slot) {
        const int g = (lane + slot * 16) * 4;
        if (n0_ % 4 == 0 && box_4.has(i0, g) && box_4.has(i0, g + 3)) {  // the whole group is present and aligned
          ph::Vec<f32, 4> out;
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            out.v[v] = acc_[pass * 8 + slot * 4 + v];
          }
          ph::vstore(&C_[(m0_ + i0) * N_ + (n0_ + g)], out);
        } else {  // element by element, masked
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            const int i1 = g + v;
            if (!box_4.has(i0, i1)) continue;
            C_[(m0_ + i0) * N_ + (n0_ + i1)] = acc_[pass * 8 + slot * 4 + v];
          }
        }
      }
    }
  }
}
