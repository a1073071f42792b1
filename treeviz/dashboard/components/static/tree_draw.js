// The tree of a view (treeviz.dashboard.components.tree_panel), drawn here in SVG
// from the entries the server sent once (tree_data.tree_entries): a click selects a
// node, folds and unfolds at once, in the browser. Laid out as the ECharts tree it
// replaces: left to right, one row per leaf (two between leaves of different
// parents), each level's labels cut to an equal share of the room.
const SVGNS = "http://www.w3.org/2000/svg";
const ROW_PX = 22; // a row: an 11 px label and its gap
const LEFT_PX = 12;
const RIGHT_PX = 12;
const SYMBOL_PX = 12;
const GAP_PX = 20; // from a label's end to the next level's node
const LABEL_MIN_PX = 72;
const TOP_PX = 30;
const FONT = "11px sans-serif";

function el(name, attrs, parent) {
  const node = document.createElementNS(SVGNS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (parent) parent.appendChild(node);
  return node;
}

// Pixels for each label of a tree of `levels` levels in `room` pixels (as
// tree_selection.LABEL_ROOM_PX): an equal share of what the gaps leave, never too narrow.
function labelWidth(levels, room) {
  const n = Math.max(1, levels);
  return Math.max(LABEL_MIN_PX, Math.floor((room - LEFT_PX - RIGHT_PX - GAP_PX * (n - 1)) / n));
}

const measure = document.createElement("canvas").getContext("2d");

const FITTED = new Map(); // measuring is the slow part of a redraw: once per text

// `text` cut with an ellipsis to `width` pixels in `font` (ECharts' "truncate").
function fitted(text, width, font) {
  const key = `${font}|${width}|${text}`;
  let out = FITTED.get(key);
  if (out !== undefined) return out;
  measure.font = font;
  out = text;
  if (measure.measureText(text).width > width) {
    let cut = text.length;
    while (cut > 1 && measure.measureText(text.slice(0, cut) + "…").width > width) cut--;
    out = text.slice(0, cut) + "…";
  }
  if (FITTED.size > 20000) FITTED.clear();
  FITTED.set(key, out);
  return out;
}

// The entries shown: those under no folded node, children in the order sent.
function shownTree(view) {
  const kids = new Map();
  let top = null;
  for (const e of view.data.entries) {
    if (e.parent === null) top = e;
    else (kids.get(e.parent) || kids.set(e.parent, []).get(e.parent)).push(e);
  }
  view.kids = kids;
  const shown = [];
  const walk = (e, level) => {
    shown.push({ e, level, kids: [] });
    const me = shown[shown.length - 1];
    if (e.kind === "node" && view.folded.has(e.node)) return me;
    for (const k of kids.get(e.key) || []) me.kids.push(walk(k, level + 1));
    return me;
  };
  return { root: top ? walk(top, 0) : null, shown };
}

// Whether node `id` is drawn folded: the server sent none of its children, or the
// person folded it here.
function isFolded(view, entry) {
  if (view.folded.has(entry.node)) return true;
  return entry.folded && !(view.kids.get(entry.key) || []).length;
}

// Rows and levels: each leaf a row (two apart between leaves of different parents),
// each parent midway between its first and last child.
function place(root) {
  let row = -1;
  let lastParent;
  let levels = 0;
  const visit = (s, parent) => {
    levels = Math.max(levels, s.level + 1);
    if (!s.kids.length) {
      row += row < 0 ? 1 : lastParent === parent ? 1 : 2;
      lastParent = parent;
      s.row = row;
      return;
    }
    for (const k of s.kids) visit(k, s);
    s.row = (s.kids[0].row + s.kids[s.kids.length - 1].row) / 2;
  };
  visit(root, null);
  return { rows: row + 1, levels };
}

function drawTree(view, box) {
  const { root, shown } = shownTree(view);
  box.replaceChildren();
  if (!root) return;
  const { rows, levels } = place(root);
  const look = view.data.look;
  const width = labelWidth(levels, view.data.room);
  const need = LEFT_PX + (levels - 1) * (width + GAP_PX) + width + RIGHT_PX + SYMBOL_PX;
  const wide = Math.max(need, box.clientWidth || 0);
  // the levels spread over the whole width, as ECharts spread them; the labels keep
  // their share, so a wider column only parts them more
  const step = levels > 1 ? (wide - need) / (levels - 1) + width + GAP_PX : 0;
  const height = Math.max(420, ROW_PX * rows + 60);
  const svg = el("svg", { width: wide, height }, box);
  svg.style.display = "block";
  const at = (s) => [LEFT_PX + SYMBOL_PX / 2 + s.level * step, TOP_PX + s.row * ROW_PX];
  const edges = el("g", { fill: "none" }, svg);
  for (const s of shown) {
    const [x, y] = at(s);
    for (const k of s.kids) {
      const [cx, cy] = at(k);
      const mid = (x + cx) / 2;
      const extra = k.e.kind !== "node";
      el(
        "path",
        {
          d: `M${x} ${y}C${mid} ${y},${mid} ${cy},${cx} ${cy}`,
          stroke: extra ? look.stubLine : "#ccc",
          "stroke-width": k.e.edge || 1.5,
          "stroke-dasharray": k.e.kind === "pruned" ? "5 3" : "none",
        },
        edges,
      );
    }
  }
  view.items = new Map(); // each item as drawn: a new selection redraws two of them
  view.svg = svg;
  for (const s of shown) drawItem(view, svg, s, at(s), width);
  view.drawnRows = rows;
  view.drawnLevels = Math.max(...shown.filter((s) => s.e.kind === "node").map((s) => s.e.level));
  view.drawnNodes = shown.filter((s) => s.e.kind === "node").length;
}

function drawItem(view, svg, s, [x, y], width) {
  const { e } = s;
  const look = view.data.look;
  const chosen = e.kind === "node" && e.node === view.selected;
  const g = el("g", { "data-key": e.key, cursor: "pointer" }, svg);
  el("title", {}, g).textContent = e.tip;
  const r = chosen ? 10 : SYMBOL_PX / 2;
  const shape = e.kind !== "node" || e.end ? "rect" : "circle";
  const mark =
    shape === "circle"
      ? el("circle", { cx: x, cy: y, r }, g)
      : el("rect", { x: x - r, y: y - r, width: 2 * r, height: 2 * r, rx: e.kind === "node" ? 0 : 3 }, g);
  mark.setAttribute("fill", e.fill);
  if (e.kind !== "node") {
    mark.setAttribute("stroke", look.stubLine);
    if (e.kind === "pruned") mark.setAttribute("stroke-dasharray", "3 2");
  } else if (chosen) {
    mark.setAttribute("stroke", look.selectedLine);
    mark.setAttribute("stroke-width", 4);
  } else {
    mark.setAttribute("stroke", e.pv ? look.pvLine : look.nodeLine);
    mark.setAttribute("stroke-width", e.tt ? look.ttRing : e.pv ? look.pvWidth : 1);
  }
  const bold = chosen || e.pv;
  const font = (bold ? "bold " : "") + FONT;
  const words = e.kind === "node" && isFolded(view, e) ? e.text + " ▸" : e.text;
  const shownText = fitted(words, width, font);
  const tx = x + r + 5;
  if (chosen) {
    measure.font = font;
    const w = Math.min(width, measure.measureText(shownText).width);
    el("rect", { x: tx - 2, y: y - 9, width: w + 4, height: 18, fill: look.selectedFill }, g);
  }
  const text = el("text", { x: tx, y: y + 4, "font-size": 11, "font-family": "sans-serif" }, g);
  text.setAttribute("font-weight", bold ? "bold" : "normal");
  text.setAttribute("fill", e.kind === "node" ? "#333" : look.stubLine);
  text.textContent = shownText;
  if (e.kind === "node") g.onclick = () => view.clickNode(e);
  view.items.set(e.key, { s, at: [x, y], width, g });
  return g;
}

// The tree as it was but for the selection, moved from node `before`: only the two
// items redrawn (a whole redraw is the slow part of a click on a big view).
function reselect(view, before) {
  for (const key of new Set([String(before), String(view.selected)])) {
    const item = view.items && view.items.get(key);
    if (item) item.g.replaceWith(drawItem(view, view.svg, item.s, item.at, item.width));
  }
}
