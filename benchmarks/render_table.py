"""The markdown tables of a bench.py result, so that no number is ever typed by hand.

    python3 benchmarks/render_table.py benchmarks/results/h200.json
    python3 benchmarks/render_table.py benchmarks/results/h200.json --update docs/benchmarks.md

The first prints the tables; the second also replaces what lies between the two
marker comments in the page (BEGIN and END below) with them.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

BEGIN = "<!-- gpu-results: begin; benchmarks/render_table.py writes from here to the end marker -->"
END = "<!-- gpu-results: end -->"
PEER_NAMES = {"torch": "PyTorch", "torch_compile": "torch.compile", "triton": "Triton"}
TARGET_NAMES = {"copy": "92% of copy", "best_peer": "best peer", "torch": "eager"}


def _num(value: float | None, digits: int = 2) -> str:
    return "—" if value is None else f"{value:.{digits}f}"


def _pct(value: float | None) -> str:
    return "—" if value is None else f"{value:.0%}"


def _times(value: float | None) -> str:
    """A ratio as ×r, with three significant digits however small."""
    return "—" if value is None else f"×{value:.3g}"


def _shape(row: dict[str, Any]) -> str:
    return " × ".join(_size(n) for n in row["shape"])


def _size(n: int) -> str:
    """2^k for the large powers of two the benchmark uses, else the number."""
    return f"2^{n.bit_length() - 1}" if n >= 1 << 16 and n & (n - 1) == 0 else str(n)


def _status(row: dict[str, Any]) -> str:
    """How far Phobos is from each target it misses, as the speed-up it still needs."""
    if row.get("error"):
        text = str(row["error"]).replace("|", "/").replace("\n", " ")
        return "error: " + (text if len(text) <= 120 else text[:117] + "...")
    short = row.get("shortfall") or {}
    if not short:
        return "all met" if all(v for v in (row.get("meets") or {}).values()) else "—"
    return "; ".join(f"{TARGET_NAMES[k]} needs ×{v:.2f}" for k, v in short.items())


def _tileir(row: dict[str, Any]) -> str:
    """The Tile IR side's bandwidth, or why it has none (a refusal, a wrong result)."""
    if row.get("phobos_tileir_tbps") is not None:
        return _num(row["phobos_tileir_tbps"])
    why = (row.get("notes") or {}).get("phobos_tileir")
    if not why:
        return "—"
    text = str(why).replace("|", "/").replace("\n", " ")
    return text if len(text) <= 60 else text[:57] + "..."


def results_table(rows: list[dict[str, Any]]) -> str:
    lines = [
        "| kernel | shape | dtype | Phobos ms | Phobos TB/s | of copy | best peer | peer TB/s | vs peer "
        "| Phobos via Tile IR TB/s | Tile IR / Phobos | Phobos fast math TB/s | fast / relaxed "
        "| eager TB/s | compile TB/s | Triton TB/s | targets |",
        "|---|---|---|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|",
    ]
    for row in rows:
        vs_peer = row.get("vs_best_peer")
        lines.append("| " + " | ".join([
            row["kernel"], _shape(row), row["dtype"],
            _num(row.get("phobos_ms"), 3), _num(row.get("phobos_tbps")), _pct(row.get("vs_copy")),
            PEER_NAMES.get(row.get("best_peer") or "", "—"), _num(row.get("best_peer_tbps")),
            "—" if vs_peer is None else f"×{vs_peer:.2f}",
            _tileir(row), _times(row.get("tileir_vs_phobos")),
            _num(row.get("phobos_fast_tbps")), _times(row.get("fast_vs_phobos")),
            _num(row.get("torch_tbps")), _num(row.get("torch_compile_tbps")), _num(row.get("triton_tbps")),
            _status(row),
        ]) + " |")
    return "\n".join(lines)


def gemm_table(gemm: dict[str, Any]) -> str:
    """The GEMM rows: TFLOP/s of each side, Phobos's ratios, the issue's target. The
    cuBLAS column is the peer each row's target names (F.linear, torch.bmm, cuBLASLt,
    cuBLAS with TF32, torch's mm and activation), with a second peer in brackets."""
    lines = [
        "| case | M × N × K | dtype | epilogue | Phobos TFLOP/s | Phobos via Tile IR | cuBLAS | Triton "
        "| Phobos / cuBLAS | Tile IR / cuBLAS | Phobos / Triton | Phobos first call s | one variant cold s "
        "| target | errors |",
        "|---|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|",
    ]
    for row in gemm.get("rows", []):
        errors = "; ".join(f"{k}: {str(v).splitlines()[0]}" for k, v in (row.get("errors") or {}).items())
        errors = errors.replace("|", "/")
        cublas = _num(row.get("cublas_tflops"), 1)
        for side, label in (("cublas_alone", "mm alone"), ("cublas_int_mm", "torch._int_mm"),
                            ("cublas_f32", "without TF32")):
            tflops = row.get(side + "_tflops")
            if tflops:  # (an f-string with a nested one printed no space here on Python 3.12.3)
                cublas += " (" + label + " " + _num(tflops, 1) + ")"
        batches = f"{row['batches']} × " if row.get("batches", 1) > 1 else ""
        lines.append("| " + " | ".join([
            row["name"], batches + " × ".join(map(str, row["shape"])), row["dtype"], row["epilogue"],
            _num(row.get("phobos_tflops"), 1), _num(row.get("phobos_tileir_tflops"), 1), cublas,
            _num(row.get("triton_tflops"), 1), _times(row.get("phobos_vs_cublas")),
            _times(row.get("phobos_tileir_vs_cublas")), _times(row.get("phobos_vs_triton")),
            _num(row.get("phobos_first_call_s")), _num(row.get("phobos_compile_s")), row["target"],
            (errors[:200] or "—"),
        ]) + " |")
    before, after = gemm.get("clocks_before", {}), gemm.get("clocks_after", {})
    lines += ["", f"GPU clocks: SM {before.get('sm_mhz', '?')} MHz before the GEMM rows, "
              f"{after.get('sm_mhz', '?')} MHz after. Phobos first call: checking, NVRTC (cache cold on a "
              "fresh machine, warm for a kernel an earlier row built) and, where several variants fit, "
              "autotuning (each candidate built and timed), then the run. One variant cold: the program "
              "compiled anew, one variant's CUDA C++ built by NVRTC into an empty cache, loaded and run "
              "once (autotuning off)."]
    return "\n".join(lines)


def attention_table(attention: dict[str, Any]) -> str:
    """The attention rows: TFLOP/s (decode: TB/s of K and V) of Phobos and of each SDPA
    back end, Phobos over the best of them, the issue's target."""
    lines = [
        "| case | B, H, KV heads, S, D | causal | Phobos | SDPA cuDNN | SDPA flash | Triton | Phobos / best SDPA "
        "| Phobos / Triton | target | errors |",
        "|---|---|---|---:|---:|---:|---:|---:|---:|---|---|",
    ]
    for row in attention.get("rows", []):
        unit = "tbps" if row["kind"] == "decode" else "tflops"
        errors = "; ".join(f"{k}: {str(v).splitlines()[0]}" for k, v in (row.get("errors") or {}).items())
        lines.append("| " + " | ".join([
            row["name"], ", ".join(map(str, row["shape"])), "yes" if row["causal"] else "no",
            _num(row.get(f"phobos_{unit}"), 1), _num(row.get(f"sdpa_cudnn_{unit}"), 1),
            _num(row.get(f"sdpa_flash_{unit}"), 1), _num(row.get(f"triton_{unit}"), 1),
            _times(row.get("phobos_vs_best_sdpa")), _times(row.get("phobos_vs_triton")), row["target"],
            (errors.replace("|", "/")[:200] or "—"),
        ]) + " |")
    lines += ["", "TFLOP/s count the forward as 4·B·H·S²·D (halved when causal) and a backward as 2.5 forwards; "
              "decode rows are TB/s of K and V read."]
    return "\n".join(lines)


def launch_table(result: dict[str, Any]) -> str:
    if "error" in result:
        return f"Launch overhead: not measured ({result['error']})."
    lines = [
        f"Host cost of one launch ({result['kernel']}; {result['launches']} launches back to back, "
        f"median of {result['trials']} rounds, each launcher timed in turn); target at most "
        f"{result['target_us']:.0f} µs and below Triton: "
        f"**{'met' if result.get('meets_target') else 'missed'}**"
        + ("" if "launch_within_torch" not in result else
           f"; the launch alone at most torch.add's: **{'met' if result['launch_within_torch'] else 'missed'}**")
        + ".",
        "",
        "| launcher | µs per launch |",
        "|---|---:|",
    ]
    for key, name in (("phobos_us", "Phobos, through the user's wrapper (benchmarks.kernels.add)"),
                      ("phobos_launch_us", "Phobos, the launch alone (kernel[grid](a, b, c, BLOCK=...))"),
                      ("triton_us", "Triton"), ("torch_us", "PyTorch (torch.add)"),
                      ("driver_us", "the driver's cuLaunchKernel alone (cuda-bindings), the floor")):
        lines.append(f"| {name} | {_num(result.get(key))} |")
    return "\n".join(lines)


def render(data: dict[str, Any]) -> str:
    """The whole GPU section's generated part: provenance, the table, launch overhead."""
    head = data.get("header", {})
    parts = [
        f"Measured {head.get('date', '?')} on {head.get('gpu') or head.get('device', '?')} "
        f"(driver {head.get('driver') or '?'}; torch {head.get('torch')}, Triton {head.get('triton')}, "
        f"Phobos {head.get('phobos')}{', source tree ' + head['tree'][:12] if head.get('tree') else ''}), with:",
        "",
        f"    {head.get('command', '?')}",
        "",
    ]
    copy = data.get("copy")
    if copy:
        parts += [
            f"Copy ceiling: **{_num(copy.get('tbps'))} TB/s** (torch device-to-device copy of "
            f"{copy['buffer_bytes'] / (1 << 30):.2f} GiB, bytes read plus written). Timing: "
            f"{head.get('timing', '?')}.",
            "",
        ]
    if data.get("results"):
        parts += [results_table(data["results"]), ""]
        notes = [(r["kernel"], k, v) for r in data["results"] for k, v in (r.get("notes") or {}).items()
                 if not str(v).startswith("not run (--")]
        if notes:
            parts += ["Peers left out of a row:", ""]
            parts += [f"- {kernel}, {PEER_NAMES.get(k, k)}: {str(v).splitlines()[0][:200]}" for kernel, k, v in notes]
            parts.append("")
    if data.get("gemm"):
        parts += [gemm_table(data["gemm"]), ""]
    if data.get("attention"):
        parts += [attention_table(data["attention"]), ""]
    if "launch_overhead" in data:
        parts += [launch_table(data["launch_overhead"]), ""]
    return "\n".join(parts).rstrip() + "\n"


def update(page: Path, text: str) -> None:
    """Replace the part of `page` between BEGIN and END with `text`."""
    content = page.read_text(encoding="utf-8")
    if BEGIN not in content or END not in content:
        raise SystemExit(f"{page} has no {BEGIN!r} ... {END!r} markers to write between")
    before, rest = content.split(BEGIN, 1)
    _, after = rest.split(END, 1)
    page.write_text(f"{before}{BEGIN}\n\n{text}\n{END}{after}", encoding="utf-8")


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("result", type=Path, help="a JSON file bench.py wrote")
    parser.add_argument("--update", type=Path, metavar="PAGE", help="also write the tables into this markdown page")
    opts = parser.parse_args()
    text = render(json.loads(opts.result.read_text(encoding="utf-8")))
    print(text, end="")
    if opts.update:
        update(opts.update, text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
