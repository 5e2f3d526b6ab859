"""Whether a cubin's register plan can be met: read off its machine code by nvdisasm.

tileiras's code for a product splits a CTA into warpgroups that trade registers at run
time: some give theirs back to the CTA's pool (`setmaxnreg.dec`, SASS
`USETMAXREG.DEALLOC.CTAPOOL n`) and the others wait in a loop until the pool can raise
theirs (`USETMAXREG.TRY_ALLOC.CTAPOOL`). The pool is what the launch gave the CTA: the
cubin's register count times its threads. Where an entry carries an occupancy hint,
tileiras lowers that count to fit the CTAs asked for, but has been seen to keep the
raise it plans for one CTA an SM: the wait then never ends (docs/tileir.md). So a
module built with a hint is run only where its plan fits, counted as if every
warpgroup but one raised to the largest count asked and that one gave back to the
smallest.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

from phobos.backends.gpu import cache

WARPGROUP = 128
ALLOCATE = re.compile(r"USETMAXREG\.TRY_ALLOC\.CTAPOOL\s+\w+,\s*(0x[0-9a-f]+|\d+)")
RELEASE = re.compile(r"USETMAXREG\.DEALLOC\.CTAPOOL\s+(0x[0-9a-f]+|\d+)")
WORD = re.compile(r"\.word\s+(0x[0-9a-f]+)")
VERDICT = "regplan"  # the cache's suffix for a cubin's verdict, b"fits" or b"exceeds"


def nvdisasm() -> str | None:
    """The nvdisasm binary: NVDISASM, else the nvidia-cuda-nvdisasm wheel's, else the PATH's."""
    named = os.environ.get("NVDISASM")
    if named:
        return named
    try:
        import nvidia.cu13
    except ImportError:
        return shutil.which("nvdisasm")
    for root in nvidia.cu13.__path__:
        found = Path(root) / "bin" / "nvdisasm"
        if found.is_file():
            return str(found)
    return shutil.which("nvdisasm")


def plan_fits(listing: str) -> bool:
    """Whether the register plan of nvdisasm's full listing of one entry fits its pool."""
    registers = _attribute_words(listing, "EIATTR_REGCOUNT")[-1]  # after the entry's symbol
    threads = 1
    for extent in _attribute_words(listing, "EIATTR_REQNTID")[:3]:
        threads *= extent
    raised = [int(n, 0) for n in ALLOCATE.findall(listing)]
    if not raised:
        return True
    released = min((int(n, 0) for n in RELEASE.findall(listing)), default=registers)
    warpgroups = -(-threads // WARPGROUP)
    need = (warpgroups - 1) * WARPGROUP * max(raised) + WARPGROUP * released
    return need <= registers * threads


def _attribute_words(listing: str, name: str) -> list[int]:
    """The 32-bit words of the first `.nv.info` attribute `name` in the listing."""
    start = listing.find(f"nvinfo : {name}\n")
    if start < 0:
        raise ValueError(f"nvdisasm's listing has no {name}")
    block = listing[start:].split("//-----", 1)[0]
    return [int(w, 16) for w in WORD.findall(block)]


def cubin_plan_fits(key: str, code: bytes) -> bool | None:
    """The verdict on the cubin cached under `key` (its code `code`): kept in the cache
    beside it, else read now where nvdisasm is here; None where neither can say."""
    kept = cache.lookup(key, VERDICT)
    if kept in (b"fits", b"exceeds"):
        return kept == b"fits"
    tool = nvdisasm()
    if tool is None:
        return None
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "entry.cubin"
        path.write_bytes(code)
        done = subprocess.run([tool, str(path)], capture_output=True, text=True, timeout=120)
    if done.returncode != 0:
        return None
    try:
        fits = plan_fits(done.stdout)
    except (ValueError, IndexError):
        return None
    cache.store(key, VERDICT, b"fits" if fits else b"exceeds")
    return fits
