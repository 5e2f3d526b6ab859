"""Random valid Phobos kernels for differential testing, as Csmith and YARPGen test C compilers.

A generated kernel is valid by construction: the generator tracks every value's type,
shape, uniformity, magnitude and how far two correct back ends may disagree on it, so
the checker must accept what it writes and the comparisons need no guessing. The parts:

- `choices.py`: where the generator's decisions come from (a seeded random source that
  records them, a replay of a recorded list for shrinking, or a Hypothesis draw);
- `model.py`, `walk.py`: the program model (expressions, statements, kernel, inputs,
  outputs) and walks over it; `printer.py`: the model in both spellings;
- `facts.py`, `arith.py`: what the generator knows of a value, and how facts combine
  through each operation (types, intervals, magnitudes, back-end error);
- `env.py`, `exprs.py`, `stmts.py`, `patterns.py`, `program.py`: the generator, by
  state, expression, statement, multi-statement pattern, and whole kernel;
- `overlap.py`: statements that read the tensor or tile they store to; `placed.py`: a
  loop whose product's window is placed by an element of a tensor the loop stores;
- `products.py`: products the CUDA back end puts on wgmma (attention, MLP, chains,
  3-d and transposed windows), of inputs on a grid so most are compared bit for bit;
- `coverage.py`: the constructs a kernel uses, read off the model;
- `inputs.py`: fresh inputs for a kernel from a seed, outputs poisoned as gate 2 does;
- `oracle.py`, `values.py`: an independent numpy evaluation of the kernels that need
  no per-thread control flow (elementwise, reductions, slicing at the edges);
- `runner.py`: compile in both spellings, build with NVRTC, run, compare, shrink.

Modules here import each other relatively, so the package works as `gen` (with tests/
on the path) and as `tests.gen`.
"""
