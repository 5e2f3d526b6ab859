"""The Tile IR back end: Phobos ir → a Tile IR module (lower) → its text (printer) and
our own bytecode (writer) → NVIDIA's tileiras → a cubin. It takes the kernels whose
work is whole tiles and refuses, by name, the per-thread constructs Tile IR has no
counterpart for."""
