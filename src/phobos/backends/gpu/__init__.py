"""What the GPU back ends share, so that neither imports the other: device arrays as
arguments (`arrays`), the disk cache of built code (`cache`), the C launch extension
(`native`), the launch ABI of a built variant (`abi`) and loading and launching it on
a device (`launch`). The CUDA back end writes CUDA C++ and builds it with NVRTC; the
Tile IR back end writes Tile IR and builds it with tileiras; both run through here."""
