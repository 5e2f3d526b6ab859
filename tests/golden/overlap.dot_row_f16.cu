
// kernel dot_row_f16 [T=32]: 128 threads a CTA, 4160 bytes of shared memory
// for launches where 16-byte aligned: X, Y, Z; rows 16-byte multiples apart: X, Y, Z
#line 7 "tests/corpus/overlap.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_dot_row_f16(f16* X_, f16* Y_, f16* Z_) {
  extern __shared__ __align__(16) unsigned char smem[];
  #line 9 "tests/corpus/overlap.phobos"
  f32* tmp = (f32*)(smem + 0);  // tile<f32>[32, 32]
  #if __CUDA_ARCH__ >= 800
  {  // tile<f32>[32, 32] = dot on mma.sync 16x8x16: each warp an atom of 2 x 4 a turn, its threads' shares read where the operands are
    const int lane = threadIdx.x % 32;
    for (int at = threadIdx.x / 32; at < 8; at += 4) {
      const int row = at / 4 * 16, col = at % 4 * 8;
      f32 acc_2[4] = {0, 0, 0, 0};
      for (i64 k0 = 0; k0 < 32; k0 += 16) {
        u32 fa[4], fb[2];
        fa[0] = (0 <= row + lane / 4 && row + lane / 4 < 32 && k0 + lane % 4 * 2 < 32 ? (u32)(X_[(row + lane / 4) * 32 + (k0 + lane % 4 * 2)]).bits : 0u) | ((0 <= row + lane / 4 && row + lane / 4 < 32 && k0 + lane % 4 * 2 + 1 < 32 ? (u32)(X_[(row + lane / 4) * 32 + (k0 + lane % 4 * 2 + 1)]).bits : 0u) << 16);
        fa[1] = (0 <= row + lane / 4 + 8 && row + lane / 4 + 8 < 32 && k0 + lane % 4 * 2 < 32 ? (u32)(X_[(row + lane / 4 + 8) * 32 + (k0 + lane % 4 * 2)]).bits : 0u) | ((0 <= row + lane / 4 + 8 && row + lane / 4 + 8 < 32 && k0 + lane % 4 * 2 + 1 < 32 ? (u32)(X_[(row + lane / 4 + 8) * 32 + (k0 + lane % 4 * 2 + 1)]).bits : 0u) << 16);
        fa[2] = (0 <= row + lane / 4 && row + lane / 4 < 32 && k0 + lane % 4 * 2 + 8 < 32 ? (u32)(X_[(row + lane / 4) * 32 + (k0 + lane % 4 * 2 + 8)]).bits : 0u) | ((0 <= row + lane / 4 && row + lane / 4 < 32 && k0 + lane % 4 * 2 + 9 < 32 ? (u32)(X_[(row + lane / 4) * 32 + (k0 + lane % 4 * 2 + 9)]).bits : 0u) << 16);
        fa[3] = (0 <= row + lane / 4 + 8 && row + lane / 4 + 8 < 32 && k0 + lane % 4 * 2 + 8 < 32 ? (u32)(X_[(row + lane / 4 + 8) * 32 + (k0 + lane % 4 * 2 + 8)]).bits : 0u) | ((0 <= row + lane / 4 + 8 && row + lane / 4 + 8 < 32 && k0 + lane % 4 * 2 + 9 < 32 ? (u32)(X_[(row + lane / 4 + 8) * 32 + (k0 + lane % 4 * 2 + 9)]).bits : 0u) << 16);
        fb[0] = (k0 + lane % 4 * 2 < 32 && 0 <= col + lane / 4 && col + lane / 4 < 32 ? (u32)(Y_[(k0 + lane % 4 * 2) * 32 + (col + lane / 4)]).bits : 0u) | ((k0 + lane % 4 * 2 + 1 < 32 && 0 <= col + lane / 4 && col + lane / 4 < 32 ? (u32)(Y_[(k0 + lane % 4 * 2 + 1) * 32 + (col + lane / 4)]).bits : 0u) << 16);
        fb[1] = (k0 + lane % 4 * 2 + 8 < 32 && 0 <= col + lane / 4 && col + lane / 4 < 32 ? (u32)(Y_[(k0 + lane % 4 * 2 + 8) * 32 + (col + lane / 4)]).bits : 0u) | ((k0 + lane % 4 * 2 + 9 < 32 && 0 <= col + lane / 4 && col + lane / 4 < 32 ? (u32)(Y_[(k0 + lane % 4 * 2 + 9) * 32 + (col + lane / 4)]).bits : 0u) << 16);
        ph::mma_f16(acc_2, fa, fb);
      }
      if (row + lane / 4 < 32 && col + lane % 4 * 2 < 32) tmp[(row + lane / 4) * 32 + (col + lane % 4 * 2)] = acc_2[0];
      if (row + lane / 4 < 32 && col + lane % 4 * 2 + 1 < 32) tmp[(row + lane / 4) * 32 + (col + lane % 4 * 2 + 1)] = acc_2[1];
      if (row + lane / 4 + 8 < 32 && col + lane % 4 * 2 < 32) tmp[(row + lane / 4 + 8) * 32 + (col + lane % 4 * 2)] = acc_2[2];
      if (row + lane / 4 + 8 < 32 && col + lane % 4 * 2 + 1 < 32) tmp[(row + lane / 4 + 8) * 32 + (col + lane % 4 * 2 + 1)] = acc_2[3];
    }
  }
  #else
  for (int e = threadIdx.x; e < 1024; e += 128) {
    const int i0 = e / 32;
    const int i1 = e % 32;
    f32 acc = 0.0f;
    for (i64 k = 0; k < 32; ++k) acc = (acc + ((f32)(ph::from_f16(X_[i0 * 32 + k])) * (f32)(ph::from_f16(Y_[k * 32 + i1]))));
    tmp[i0 * 32 + i1] = acc;
  }
  #endif
  __syncthreads();
  f16* tmp_2 = (f16*)(smem + 4096);  // tile<f16>[1, 32]
  for (int e = threadIdx.x; e < 32; e += 128) {
    const int i0 = 0;
    const int i1 = e % 32;
    tmp_2[i0 * 32 + i1] = Z_[i0 * 32 + i1];
  }
  __syncthreads();
  // vector path: each thread moves 8 consecutive f16 (16 bytes) a turn, consecutive threads consecutive groups
  for (int e = threadIdx.x; e < 128; e += 128) {
    const int i0 = e / 4;
    const int g = (e % 4) * 8;
    const ph::Vec<f32, 8> tmp_g = ph::vload<8>(&tmp[i0 * 32 + g]);
    const ph::Vec<f16, 8> tmp_2_g = ph::vload<8>(&tmp_2[g]);
    ph::Vec<f16, 8> out;
    #pragma unroll
    for (int v = 0; v < 8; ++v) {
      out.v[v] = ph::to_f16((tmp_g.v[v] + (f32)(ph::from_f16(tmp_2_g.v[v]))));
    }
    ph::vstore(&Z_[i0 * 32 + g], out);
  }
}
