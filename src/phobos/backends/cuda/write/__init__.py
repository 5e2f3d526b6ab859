"""The kernel's whole C++ source: the prelude and the writer that puts the statements together."""
