"""The page `phobos explain` writes: one self-contained HTML file a kernel (no network,
no server), its data (data.py) inlined as JSON and drawn by the script below.

Line by line: each source line of the kernel, folded to its main operations (the
most frequent PTX operations, or Tile IR ops), opened by a click to its CUDA C++ and
PTX (or Tile IR). Where each element lives: each tile variable as a grid coloured by
the warp holding each element (registers) or by its byte offset (shared memory);
pointing at a cell, or typing `i, j`, names the thread, lane, warp and register (or
the shared-memory offset), and, for a tile read from one window of a tensor, whether
the element is present at the extents and block index typed above the tiles.
"""

from __future__ import annotations

import html
import json
from typing import Any

STYLE = """
body { font: 14px/1.4 system-ui, sans-serif; margin: 1.5em; color: #222; }
h1 { font-size: 1.4em; } h2 { font-size: 1.15em; margin-top: 1.6em; }
table.lines { border-collapse: collapse; width: 100%; }
table.lines td { vertical-align: top; padding: 1px 6px; }
tr.src { cursor: pointer; } tr.src:hover { background: #f3f3f8; }
td.no { color: #888; text-align: right; width: 3em; }
td.text, pre { font-family: ui-monospace, monospace; white-space: pre; }
td.ops { color: #555; font-size: 12px; }
tr.code { display: none; } tr.code.open { display: table-row; }
pre { margin: 2px 0 8px 0; padding: 6px; background: #f7f7f7; font-size: 12px; overflow-x: auto; }
.tile { margin: 1em 0; } canvas { border: 1px solid #ccc; image-rendering: pixelated; }
.info { font-family: ui-monospace, monospace; min-height: 1.4em; }
"""

SCRIPT = """
const data = JSON.parse(document.getElementById('data').textContent);
let current = 0;
function esc(s) { return s.replace(/[&<>]/g, c => ({'&': '&amp;', '<': '&lt;', '>': '&gt;'})[c]); }
function lines(v) {
  const body = document.getElementById('lines'); body.innerHTML = '';
  for (const [no, text] of Object.entries(data.lines)) {
    const code = v.code[no];
    const row = document.createElement('tr'); row.className = 'src'; row.dataset.line = no;
    const ops = code ? code.ops.slice(0, 3).map(([op, n]) => `${op} ×${n}`).join(', ')
      || `${code.cuda.length} line${code.cuda.length === 1 ? '' : 's'} of C++` : '';
    row.innerHTML = `<td class="no">${no}</td><td class="text">${esc(text)}</td><td class="ops">${ops}</td>`;
    body.appendChild(row);
    if (!code) continue;
    const open = document.createElement('tr'); open.className = 'code';
    const parts = [['CUDA C++', code.cuda], ['PTX (sm_90)', code.ptx], ['Tile IR', code.tileir]]
      .filter(([, l]) => l.length).map(([k, l]) => `<div>${k}</div><pre>${esc(l.join('\\n'))}</pre>`);
    open.innerHTML = `<td></td><td colspan="2">${parts.join('')}</td>`;
    body.appendChild(open);
    row.addEventListener('click', () => open.classList.toggle('open'));
  }
}
function typed() {
  const v = {};
  for (const box of document.querySelectorAll('#extents input')) {
    if (box.value.trim() !== '' && !Number.isNaN(Number(box.value))) v[box.dataset.name] = Number(box.value);
  }
  return v;
}
function presence(t, i, j) {
  const w = t.window;
  if (!w) return '';
  const v = typed(), missing = w.inputs.filter(n => !(n in v));
  if (missing.length) return `; type ${missing.join(', ')} above to see whether it is present`;
  const pos = [];
  let rest = i;
  for (const n of t.shape.slice(0, -1).reverse()) { pos.unshift(rest % n); rest = Math.floor(rest / n); }
  pos.push(j);
  let p = 0;
  for (let k = 0; k < w.items.length; k++) {
    const item = w.items[k], extent = typeof w.dims[k] === 'number' ? w.dims[k] : v[w.dims[k]];
    const at = 'index' in item ? Function('v', `return ${item.index}`)(v)
      : Function('v', `return ${item.start}`)(v) + pos[p++];
    if (at < 0 || at >= extent) {
      return `; absent at these extents: ${w.tensor}'s dim ${k} is at ${at}, outside [0, ${extent})`;
    }
  }
  return '; present at these extents';
}
function extents(v) {
  const names = [...new Set(v.tiles.flatMap(t => t.window ? t.window.inputs : []))].sort();
  const box = document.getElementById('extents');
  box.innerHTML = names.length ? 'Extents and block, to see which elements are absent: ' : '';
  for (const n of names) {
    const label = document.createElement('label'); label.textContent = ` ${n} `;
    const input = document.createElement('input'); input.dataset.name = n; input.size = 6;
    label.appendChild(input); box.appendChild(label);
  }
}
function where(t, i, j) {
  const k = i * t.cols + j;
  if (t.kind === 'shared') {
    if (t.offset) return `shared memory, byte ${t.offset[k]} of its stage (${t.swizzle})${presence(t, i, j)}`;
    return `shared memory, byte offset ${t.base + k * t.element}, unswizzled${presence(t, i, j)}`;
  }
  const th = t.thread[k], r = t.register[k];
  const reg = t.packed ? `register ${Math.floor(r / 2)}, ${r % 2 ? 'high' : 'low'} half` : `register ${r}`;
  const also = t.replicated_over > 1 ? ` (and the ${t.replicated_over - 1} other lanes of its row's group)` : '';
  const warp = Math.floor(th / 32), group = Math.floor(th / 128);
  return `thread ${th} (warp ${warp}, lane ${th % 32}, warpgroup ${group}), ${reg}${also}${presence(t, i, j)}`;
}
function tiles(v) {
  const box = document.getElementById('tiles'); box.innerHTML = '';
  if (v.refused) { box.textContent = v.refused; return; }
  if (!v.tiles.length) { box.textContent = data.backend === 'tileir'
    ? 'Tile IR places elements itself (tileiras); only the CUDA back end plans them.' : 'No tile variables.'; return; }
  for (const t of [...v.tiles, ...(v.staged || [])]) {
    const div = document.createElement('div'); div.className = 'tile';
    const how = t.kind === 'registers' ? `in registers: ${t.layout}${t.packed ? '; two elements a register' : ''}`
      : t.offset ? `in shared memory, ${t.swizzle}`
      : t.kind === 'shared' ? `in shared memory from byte ${t.base}` : 'not kept (fused into its uses)';
    div.innerHTML = `<div><b>${esc(t.name)}</b>: ${esc(t.type)}, ${esc(how)}</div>`;
    if (t.kind) {
      const cell = Math.max(2, Math.min(12, Math.floor(720 / Math.max(t.cols, t.rows))));
      const canvas = document.createElement('canvas');
      canvas.width = t.cols * cell; canvas.height = t.rows * cell;
      const g = canvas.getContext('2d');
      for (let i = 0; i < t.rows; i++) for (let j = 0; j < t.cols; j++) {
        const k = i * t.cols + j;
        const hue = t.kind === 'shared' ? ((t.offset ? t.offset[k] : k * t.element) / 128) % 1 * 300
          : (Math.floor(t.thread[k] / 32) * 67) % 360;
        const light = t.kind === 'shared' ? 60 : 45 + (t.thread[k] % 32) / 32 * 30;
        g.fillStyle = `hsl(${hue}, 60%, ${light}%)`; g.fillRect(j * cell, i * cell, cell, cell);
      }
      const info = document.createElement('div'); info.className = 'info';
      const input = document.createElement('input'); input.placeholder = 'i, j';
      const show = (i, j) => { info.textContent = (i >= 0 && i < t.rows && j >= 0 && j < t.cols)
        ? `element (${i}, ${j}): ${where(t, i, j)}` : `(${i}, ${j}) is outside the tile`; };
      canvas.addEventListener('mousemove', e => show(Math.floor(e.offsetY / cell), Math.floor(e.offsetX / cell)));
      input.addEventListener('change', () => { const [i, j] = input.value.split(',').map(Number); show(i, j); });
      div.append(canvas, document.createElement('br'), input, info);
    }
    box.appendChild(div);
  }
}
let lowering = 'general';
function pick(n) {
  current = n; const v = data.variants[n];
  const gemm = document.getElementById('gemm');
  gemm.style.display = v.gemm ? 'inline' : 'none';
  if (!v.gemm) lowering = 'general';
  lines(lowering === 'gemm' ? v.gemm : v); tiles(lowering === 'gemm' ? v.gemm : v);
  extents(lowering === 'gemm' ? v.gemm : v);
}
document.getElementById('lowering').addEventListener('change', e => { lowering = e.target.value; pick(current); });
const select = document.getElementById('variant');
data.variants.forEach((v, n) => { const o = document.createElement('option'); o.value = n;
  o.textContent = Object.entries(v.bindings).map(([k, x]) => `${k}=${x}`).join(', ') || 'the only variant';
  select.appendChild(o); });
select.addEventListener('change', () => pick(Number(select.value)));
pick(0);
"""


def render(data: dict[str, Any]) -> str:
    """The page of one kernel's data (data.kernel_data)."""
    title = f"{data['kernel']}: what Phobos made of it ({data['backend']})"
    payload = json.dumps(data, separators=(",", ":")).replace("</", "<\\/")
    return "\n".join([
        "<!doctype html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{html.escape(title)}</title><style>{STYLE}</style></head><body>",
        f"<h1>{html.escape(title)}</h1>",
        f"<p>{html.escape(data['path'])}. Variant: <select id=\"variant\"></select>",
        '<span id="gemm"> Code of: <select id="lowering"><option value="general">the general lowering</option>'
        '<option value="gemm">the GEMM kernel a launch on sm_90 runs instead</option></select></span></p>',
        "<h2>Line by line</h2><p>Click a line for the code it produced.</p>",
        '<table class="lines"><tbody id="lines"></tbody></table>',
        "<h2>Where each element lives</h2>",
        "<p>Point at an element, or type its row and column, to see which thread and register hold it.</p>",
        '<p id="extents"></p>',
        '<div id="tiles"></div>',
        f'<script type="application/json" id="data">{payload}</script>',
        f"<script>{SCRIPT}</script>",
        "</body></html>",
        "",
    ])
