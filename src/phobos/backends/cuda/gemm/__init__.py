"""The GEMM kernel's own lowering (Hopper wgmma and Ampere mma.sync), until it folds into the general one."""
