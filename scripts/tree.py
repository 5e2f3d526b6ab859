"""The source tree's fingerprint: what a ledger line or a benchmark result was taken on.

The GPU machine's copy of the repository may carry a stale `.git`, so a commit id read
there can name the wrong tree; a hash of the files themselves cannot.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def tree_hash() -> str:
    """SHA-256 over src/ and tests/ (the ledger left out): what the line tested."""
    digest = hashlib.sha256()
    for top in ("src", "tests"):
        for path in sorted((ROOT / top).rglob("*")):
            rel = path.relative_to(ROOT).as_posix()
            skipped = "__pycache__" in rel or ".egg-info/" in rel or rel.endswith(".pyc")  # built here, never sent
            if not path.is_file() or skipped or rel.startswith("tests/ledger/"):
                continue
            digest.update(rel.encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def goldens_hash(backend: str) -> str:
    """SHA-256 over one back end's goldens (the generated code a gate run tested): the
    CUDA C++ (tests/golden/*.cu and tests/golden/gemm/), or the Tile IR text and bytes
    (tests/golden/tileir/). A change that leaves them as they were needs no new run."""
    golden = ROOT / "tests" / "golden"
    paths = sorted(golden.glob("tileir/**/*") if backend == "tileir" else
                   [*golden.glob("*.cu"), *golden.glob("gemm/**/*")])
    digest = hashlib.sha256()
    for path in paths:
        if path.is_file():
            name = path.relative_to(golden).as_posix().encode()
            digest.update(name + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


LEDGER = ROOT / "tests" / "ledger"
LEDGERS = {"cuda": LEDGER / "sm_90.jsonl", "tileir": LEDGER / "sm_90.tileir.jsonl"}
GATE_COMMANDS = {
    "cuda": "python3 scripts/gpu_gate.py",
    "tileir": "PHOBOS_CACHE_DIR=$PWD/.tileir-cache python3 scripts/gpu_gate.py --backend tileir",
}


def untested_goldens(backend: str, ledger: Path | None = None, current: str | None = None) -> str | None:
    """Why the committed goldens of `backend` are not what its ledger's last line tested
    on the GPU, or None where they are. A last line that records no goldens hash (one
    from before lines had it) holds the goldens to nothing: None there too."""
    import json

    lines = [line for line in (ledger or LEDGERS[backend]).read_text().splitlines() if line.strip()]
    if not lines:
        return f"the {backend} ledger has no line; run `{GATE_COMMANDS[backend]}` on the GPU machine"
    tested = json.loads(lines[-1]).get("goldens")
    if tested is None:
        return None
    now = goldens_hash(backend) if current is None else current
    if tested == now:
        return None
    return (f"the {backend} back end's goldens changed since its ledger's last line was tested on the GPU "
            f"(goldens {tested[:12]}, now {now[:12]}): run `{GATE_COMMANDS[backend]}` on the GPU machine and "
            "commit the line it appends")
