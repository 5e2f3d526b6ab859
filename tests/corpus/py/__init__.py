"""The corpus kernels spelt in Python, one module per area, beside the .phobos files."""
