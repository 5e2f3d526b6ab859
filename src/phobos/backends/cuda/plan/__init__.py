"""The CUDA back end's plans: what a kernel variant's code will do, decided before any C++ is written."""
