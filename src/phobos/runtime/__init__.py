"""The runtime: kernel objects, and launching them.

`kernel.py` holds what the user gets back; a launch goes `launch.py` (the order of
the steps) → `args.py` (binding and checking each argument) → `variants.py` (which
variant runs) → `grid.py` → `backend.py` (which back end, and running it there).
`plans.py` keeps what that decided, so a repeat launch with arguments of the same
kind goes from `launch.py` straight to the back end.
"""
