// The icicle of a trace (treeviz.dashboard.results.icicle): a canvas, one row per
// level, each node a rectangle as wide as its subtree. A click zooms into the node at
// once, here in the browser (the rectangles already sent, stretched), and reports the
// node to Python ("clicked": "<id>@<time>"), which selects it in the tree and sends
// the finer rectangles of the new zoom. A click on the top row zooms out a level.
// Data (icicle_data): root, selected, path, id, level, x, w, colour, label, what, text, size;
// view: the tree view whose selection (tree_panel.js's "treeviz:select") it outlines.
const ROW = 26;
const LABEL_PX = 16; // rectangles narrower than this carry no label

// dark text on light fills, white on dark ones (the tree's deep blues and reds)
function ink(fill) {
  const n = parseInt(fill.slice(1), 16);
  const lum = (0.299 * (n >> 16) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255)) / 255;
  return lum < 0.55 ? "#fff" : "#111";
}

function draw(state) {
  const { canvas, data, view } = state;
  const width = canvas.parentElement.clientWidth || 800;
  const top = Math.max(0, ...data.level) + 1;
  const rows = top - view.level;
  const ratio = window.devicePixelRatio || 1;
  canvas.style.width = width + "px";
  canvas.style.height = rows * ROW + "px";
  canvas.width = Math.round(width * ratio);
  canvas.height = Math.round(rows * ROW * ratio);
  const ctx = canvas.getContext("2d");
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  ctx.clearRect(0, 0, width, rows * ROW);
  ctx.font = "12px sans-serif";
  ctx.textBaseline = "middle";
  const span = view.x1 - view.x0;
  const boxes = [];
  for (let i = 0; i < data.id.length; i++) {
    const row = data.level[i] - view.level;
    if (row < 0) continue;
    const x = ((data.x[i] - view.x0) / span) * width;
    const w = (data.w[i] / span) * width;
    if (x + w < 0 || x > width || w < 0.5) continue;
    const y = row * ROW;
    ctx.fillStyle = data.colour[i];
    ctx.fillRect(x, y, Math.max(w - 1, 0.5), ROW - 1);
    if (data.id[i] === data.selected) {
      ctx.strokeStyle = "#111";
      ctx.lineWidth = 3;
      ctx.strokeRect(x + 1.5, y + 1.5, Math.max(w - 4, 1), ROW - 4);
    }
    if (w >= LABEL_PX) {
      ctx.fillStyle = ink(data.colour[i]);
      const text = data.label[i] + (w > 90 ? "  " + data.text[i] : "");
      ctx.save();
      ctx.beginPath();
      ctx.rect(x, y, w - 2, ROW);
      ctx.clip();
      ctx.fillText(text, x + 4, y + ROW / 2);
      ctx.restore();
    }
    boxes.push([i, x, y, w]);
  }
  state.boxes = boxes;
  canvas.dataset.root = String(view.node);
  canvas.dataset.selected = String(data.selected);
  canvas.dataset.drawn = String(performance.now());
  canvas.dataset.rects = String(boxes.length);
}

function hit(state, px, py) {
  for (const [i, x, y, w] of state.boxes) {
    if (px >= x && px < x + w && py >= y && py < y + ROW) return i;
  }
  return -1;
}

export default function (component) {
  const { data, parentElement, setTriggerValue } = component;
  let canvas = parentElement.querySelector("canvas.treeviz-icicle");
  if (!canvas) {
    canvas = document.createElement("canvas");
    canvas.className = "treeviz-icicle";
    parentElement.appendChild(canvas);
  }
  const state = canvas.__icicle || (canvas.__icicle = { canvas });
  state.data = data;
  state.view = { x0: 0, x1: 1, level: 0, node: data.root };
  canvas.dataset.zoom = "sent";
  // where a node is drawn, in page pixels (tests and benchmarks click it)
  state.box = (id) => {
    const found = state.boxes.find(([i]) => state.data.id[i] === id);
    if (!found) return null;
    const r = canvas.getBoundingClientRect();
    return { x: r.left + found[1], y: r.top + found[2], width: found[3], height: ROW };
  };
  canvas.onclick = (event) => {
    const r = canvas.getBoundingClientRect();
    const i = hit(state, event.clientX - r.left, event.clientY - r.top);
    if (i < 0) return;
    const d = state.data;
    if (d.id[i] !== state.view.node) {
      // zoom at once with what is here; Python sends the finer rectangles
      state.view = { x0: d.x[i], x1: d.x[i] + d.w[i], level: d.level[i], node: d.id[i] };
      d.selected = d.id[i];
      draw(state);
      canvas.dataset.zoom = "browser"; // until Python's rectangles for this zoom come
    }
    setTriggerValue("clicked", d.id[i] + "@" + Date.now());
  };
  canvas.onmousemove = (event) => {
    const r = canvas.getBoundingClientRect();
    const i = hit(state, event.clientX - r.left, event.clientY - r.top);
    const d = state.data;
    canvas.title = i < 0 ? "" : "#" + d.id[i] + " · " + d.what + " " + d.label[i] + " · " +
      d.text[i] + " · " + d.size[i].toLocaleString() + " nodes in its subtree";
    canvas.style.cursor = i < 0 ? "default" : "pointer";
  };
  draw(state);
  if (!state.selecting) {  // once per canvas: a node selected in the view's tree, outlined
    state.selecting = (event) => {
      if (event.detail.view !== state.data.view) return;
      state.data.selected = event.detail.node;
      draw(state);
    };
    window.addEventListener("treeviz:select", state.selecting);
  }
  if (!state.observer) {  // once per canvas: a new width redraws
    state.observer = new ResizeObserver(() => draw(state));
    state.observer.observe(parentElement);
  }
}
