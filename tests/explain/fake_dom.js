// Runs a `phobos explain` page's script under Node with a small stand-in for the DOM,
// then prints, as JSON, what it drew: the source rows, their folded summaries, and
// for each tile what pointing at one element says. Used by tests/test_explain.py.
const fs = require('fs');
const page = fs.readFileSync(process.argv[2], 'utf8');
const [i, j] = process.argv.slice(3).map(Number);
const json = page.match(/<script type="application\/json" id="data">([\s\S]*?)<\/script>/)[1];
const script = page.match(/<script>([\s\S]*?)<\/script>\s*<\/body>/)[1];
function el(tag) {
  return {
    tag, children: [], dataset: {}, style: {}, handlers: {},
    classList: { toggle() {}, add() {} },
    appendChild(c) { this.children.push(c); return c; },
    append(...cs) { this.children.push(...cs); },
    addEventListener(ev, f) { this.handlers[ev] = f; },
    getContext() { return { fillRect() {} }; },
  };
}
const nodes = { data: { textContent: json }, lines: el('tbody'), tiles: el('div'), variant: el('select'),
  gemm: el('span'), lowering: el('select'), extents: el('p') };
global.document = { getElementById: id => nodes[id], createElement: el, querySelectorAll: () => [] };
eval(script);
const rows = nodes.lines.children.filter(r => r.className === 'src').map(r => r.innerHTML);
const said = nodes.tiles.children.map(tile => {
  const canvas = tile.children.find(c => c.tag === 'canvas');
  const info = tile.children.find(c => c.className === 'info');
  if (!canvas) return null;
  const variant = JSON.parse(json).variants[0];
  const cell = canvas.width / [...variant.tiles, ...variant.staged][nodes.tiles.children.indexOf(tile)].cols;
  canvas.handlers.mousemove({ offsetX: j * cell + 1, offsetY: i * cell + 1 });
  return info.textContent;
});
console.log(JSON.stringify({ rows, said }));
