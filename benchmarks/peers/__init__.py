"""What the Phobos kernels are measured against: PyTorch (eager, and through
torch.compile) in `torch_peers`, and plain Triton kernels in `triton_peers`."""
