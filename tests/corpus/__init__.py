"""The kernel corpus every back end runs: kernels, random inputs, numpy references.

Layout, one area per name (elementwise, reductions, dot, slicing, control_flow,
functions, collectives, numerics, dtypes, atomics, and generated: kernels the
differential run of tests/gen found wrong, shrunk and fixed):

- `<area>.phobos`: the kernels in Phobos syntax;
- `py/<area>.py`: the same kernels spelt in Python (`phobos.lang`);
- `<area>.py`: one `Case` per kernel: inputs at awkward sizes, grid, reference;
- `cases.py`: the registry (`CASES`, `AREAS`); `case.py`: what a case is;
- `harness.py`: launch a case on a back end and compare with numpy;
- `seed_examples.py`: the language guide's own examples, which cases reuse.

Modules here import each other relatively, so the package works as `corpus` (with
tests/ on the path, as pytest puts it) and as `tests.corpus`.
"""
