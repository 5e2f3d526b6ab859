"""The refusal of tiles no target could hold: checked with the kernel, so the
interpreter and `--emit cuda` refuse what no GPU could run, as a GPU build would."""

from __future__ import annotations

from phobos.errors import PhobosError
from phobos.ir import nodes as ir
from phobos.targets import (
    LARGEST_SHARED,
    LARGEST_SHARED_ARCH,
    REGISTER_BUDGET,
    fits_registers,
    least_shared_bytes,
    tile_bytes,
)

# Tiles a message lists, largest first.
SHOWN = 4


def check_shared_memory(kernel: ir.Kernel) -> None:
    """Refuse a kernel whose tiles need more shared memory than any target gives a CTA,
    however many of them are kept in registers; at the declaration of its largest tile."""
    decls = [s for s in ir.walk_stmts(kernel.body) if isinstance(s, ir.Decl) and s.sym.vtype.shape]
    needed = least_shared_bytes(((d.sym.vtype.dtype, d.sym.vtype.shape) for d in decls), kernel.threads)
    if needed <= LARGEST_SHARED:
        return
    threads = kernel.threads
    by_size = sorted(decls, key=lambda d: -tile_bytes(d.sym.vtype.dtype, d.sym.vtype.shape))
    notes = []
    for d in by_size[:SHOWN]:
        vt = d.sym.vtype
        where = "" if fits_registers(vt.dtype, vt.shape, threads) else ", too large for registers"
        notes.append(f"tile `{d.sym.name}` ({vt}, line {d.span.line}) takes "
                     f"{tile_bytes(vt.dtype, vt.shape)} bytes{where}")
    if len(by_size) > SHOWN:
        notes.append(f"and {len(by_size) - SHOWN} smaller tile{'s' * (len(by_size) - SHOWN > 1)}")
    notes.append(f"each tile has shared memory of its own for the whole kernel, except those kept in "
                 f"registers, which take at most {REGISTER_BUDGET} bytes a thread "
                 f"({REGISTER_BUDGET * threads} bytes at {threads} threads)")
    raise PhobosError(
        f"the tiles of kernel `{kernel.name}` need at least {needed} bytes of shared memory, more than "
        f"any target gives a CTA ({LARGEST_SHARED} bytes on {LARGEST_SHARED_ARCH}); use smaller tiles",
        by_size[0].span,
        tuple(notes),
    )
