"""Products left in flight past their statement: sm_90a's wgmma issued where the
statement stands and waited for where a later statement first touches the tile it
lands in.

wgmma runs asynchronously: a warpgroup issues a product's instructions, commits them
as a group, and may go on until it waits for the group. A product that waits at once
leaves the tensor cores idle while the statements after it run, and those statements
idle while it runs. In a loop's turn (rotation.py puts the next turn's first product
beside this turn's last), a product into a register tile (`s = dot(a, b)`, or summed
into acc's registers) is left in flight: its accumulators are declared in the turn's
scope, and the statement's wait, and the move of the accumulators into the tile's
registers, are written where a later statement of the turn reads or writes the tile,
and at the latest where the turn ends, so that nothing is in flight at a loop's back
edge or at the merge after a branch (ptxas wants the same products in flight on every
edge into a merge: docs/tensor-cores.md). Groups complete in the order they were
committed, so waiting for one leaves in flight only the products issued after it:
`wgmma.wait_group n`, n those products.

Only the sm_90a branch of a statement defers (the other targets' code computes the
product where it stands), so each wait is written under sm_90a's feature macro.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from phobos.ir import nodes as ir

SM90A = "#if defined(__CUDA_ARCH_FEAT_SM90_ALL)"


@dataclass(frozen=True)
class InFlight:
    """A product issued and not yet waited for: the tile its accumulators land in, and
    the C++ to write after its wait (hold its registers, move them into the tile's)."""

    into: ir.Sym
    after_wait: list[str]


@dataclass
class Flights:
    """The products in flight where the writer is, in the order they were issued; and
    whether the statement being written may leave its product in flight."""

    pending: list[InFlight] = field(default_factory=list)
    may_defer: bool = False

    def issued(self, flight: InFlight) -> None:
        self.pending.append(flight)

    def due(self, touched: set[ir.Sym]) -> int:
        """How many of the oldest products must land before a statement touching
        `touched` runs: through the newest that lands in one of them."""
        return max((k + 1 for k, f in enumerate(self.pending) if f.into in touched), default=0)

    def land(self, count: int, tie: list[str]) -> list[str]:
        """C++ that waits for the oldest `count` products and moves them into their
        tiles, after `tie`: words whose bits the wait is to follow (`WAIT_AFTER`)."""
        if count == 0:
            return []
        landed, self.pending = self.pending[:count], self.pending[count:]
        lines = [SM90A]
        if tie:
            lines.append(f"ph::wait_after({' | '.join(tie)});  // the wait stays after what the turn computed last")
        lines.append(f"ph::wgmma_wait<{len(self.pending)}>();  // the products issued before, landed")
        for flight in landed:
            lines += flight.after_wait
        return [*lines, "#endif"]


# ptxas moves a wgmma wait as early as it may, ahead of the work between the products'
# issue and the wait that does not depend on it (so a softmax meant to run while a
# product does runs after its wait). A branch on a warp vote of the bits of what that
# work computes last, never taken (`%dynamic_smem_size` is below 2^31, which ptxas does
# not know), makes the wait depend on it. A branch taken by some lanes only would
# serialize the products (C7518), a vote's is the warp's. The branch's body is a nanosleep:
# with a trap there ptxas kept registers for the trap's path, spilled (a D 128 turn of 128
# keys at 168 registers: 232 bytes) and injected waits of its own (C7517).
WAIT_AFTER = (
    "PH_INLINE void wait_after(u32 bits) {\n"
    "  u32 size;\n"
    '  asm("mov.u32 %0, %%dynamic_smem_size;" : "=r"(size));\n'
    "  if (__any_sync(0xffffffffu, bits & (size >> 31))) asm volatile(\"nanosleep.u32 1;\");\n"
    "}\n")


def touched_syms(s: ir.Stmt) -> set[ir.Sym]:
    """Every symbol statement `s` reads, declares or writes, in its nested blocks too."""
    return ir.assigned_syms([s]) | ir.read_syms([s])
