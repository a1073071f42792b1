// treeviz's interactive tree, with no dependency: one function, treevizRender(el, data),
// used by the one-file HTML reports and the notebook widget alike.
// data = {nodes: [{key, parent, kind, label, fill, moves, pv, folded}], width, height,
//         root_moves, legend: [[colour, text]], title, style: {frame, x, o, empty, pv,
//         line, node, selected}}; nodes breadth-first, root first. Colours come from
//         treeviz/draw/style.py through the data.
// Click a node: select it (its board and label in the panel) and fold or unfold its
// children; "Show from here" re-roots the drawing at the selection.
function treevizRender(el, data) {
  const NS = "http://www.w3.org/2000/svg";
  const st = data.style;
  const byKey = new Map(data.nodes.map((n) => [n.key, { ...n, kids: [] }]));
  for (const n of byKey.values()) if (n.parent !== null && byKey.has(n.parent)) byKey.get(n.parent).kids.push(n);
  const top = data.nodes.length ? byKey.get(data.nodes[0].key) : null;
  const state = { root: top, selected: top, folded: new Set() };
  el.innerHTML = "";
  el.classList.add("treeviz-tree");
  const style = document.createElement("style");
  style.textContent = `.treeviz-tree{display:flex;gap:12px;font:12px sans-serif;align-items:flex-start}
.treeviz-tree .tv-canvas{overflow:auto;max-height:560px;border:1px solid #ddd;flex:1 1 auto}
.treeviz-tree .tv-panel{width:240px;flex:0 0 240px}.treeviz-tree button{margin:2px 4px 2px 0}
.treeviz-tree .tv-node{cursor:pointer}.treeviz-tree pre{white-space:pre-wrap;margin:4px 0}`;
  el.appendChild(style);
  const canvas = document.createElement("div");
  canvas.className = "tv-canvas";
  const panel = document.createElement("div");
  panel.className = "tv-panel";
  el.append(canvas, panel);

  function visibleKids(n) { return state.folded.has(n.key) ? [] : n.kids; }

  function layout(root) {
    const pos = new Map();
    let row = 0;
    (function place(n, depth) {
      const kids = visibleKids(n);
      if (!kids.length) { pos.set(n.key, { x: depth, y: row++ }); return; }
      kids.forEach((k) => place(k, depth + 1));
      const ys = kids.map((k) => pos.get(k.key).y);
      pos.set(n.key, { x: depth, y: (Math.min(...ys) + Math.max(...ys)) / 2 });
    })(root, 0);
    return { pos, rows: row };
  }

  function draw() {
    canvas.innerHTML = "";
    if (!state.root) return;
    const { pos, rows } = layout(state.root);
    const dx = 150, dy = 34, pad = 20;
    const depth = Math.max(...[...pos.values()].map((p) => p.x));
    const svg = document.createElementNS(NS, "svg");
    svg.setAttribute("width", pad * 2 + depth * dx + 120);
    svg.setAttribute("height", pad * 2 + Math.max(rows, 1) * dy);
    const at = (k) => [pad + pos.get(k).x * dx, pad + pos.get(k).y * dy + dy / 2];
    for (const [key] of pos) {
      const n = byKey.get(key);
      if (n === state.root || !pos.has(n.parent)) continue;
      const [x1, y1] = at(n.parent), [x2, y2] = at(key);
      const line = document.createElementNS(NS, "path");
      line.setAttribute("d", `M${x1 + 50},${y1} C${x1 + 90},${y1} ${x2 - 40},${y2} ${x2},${y2}`);
      line.setAttribute("fill", "none");
      line.setAttribute("stroke", n.pv ? st.pv : st.line);
      line.setAttribute("stroke-width", n.pv ? 2 : 1);
      svg.appendChild(line);
    }
    for (const [key] of pos) {
      const n = byKey.get(key);
      const [x, y] = at(key);
      const g = document.createElementNS(NS, "g");
      g.setAttribute("class", "tv-node");
      g.setAttribute("data-key", key);
      const box = document.createElementNS(NS, "rect");
      box.setAttribute("x", x); box.setAttribute("y", y - 12);
      box.setAttribute("width", 100); box.setAttribute("height", 24); box.setAttribute("rx", 5);
      box.setAttribute("fill", n.fill);
      const chosen = state.selected && state.selected.key === key;
      box.setAttribute("stroke", chosen ? st.selected : n.pv ? st.pv : st.node);
      box.setAttribute("stroke-width", chosen ? 3 : 1);
      if (n.kind !== "node") box.setAttribute("stroke-dasharray", "3,2");
      const text = document.createElementNS(NS, "text");
      text.setAttribute("x", x + 6); text.setAttribute("y", y + 4);
      const first = n.label.split("\n").slice(0, 2).join("  ");
      const more = n.kids.length && state.folded.has(key) ? " +" : "";
      text.textContent = (first.length > 17 ? first.slice(0, 16) + "…" : first) + more;
      const tip = document.createElementNS(NS, "title");
      tip.textContent = n.label;
      g.append(box, text, tip);
      g.addEventListener("click", () => {
        if (state.selected === n && n.kids.length) {
          if (state.folded.has(key)) state.folded.delete(key); else state.folded.add(key);
        }
        state.selected = n;
        draw(); show();
      });
      svg.appendChild(g);
    }
    canvas.appendChild(svg);
  }

  function board(moves) { return treevizBoard(moves, data.width, data.height, data.style, 24); }

  function show() {
    const n = state.selected;
    panel.innerHTML = "";
    if (!n) return;
    const head = document.createElement("div");
    head.innerHTML = board(data.root_moves + n.moves);
    const info = document.createElement("pre");
    info.textContent = `${n.kind === "node" ? "node " + n.key : n.kind}\nmoves: ${n.moves || "(root)"}\n${n.label}`;
    const here = document.createElement("button");
    here.textContent = "Show from here";
    here.onclick = () => { state.root = n; state.folded.delete(n.key); draw(); };
    const back = document.createElement("button");
    back.textContent = "Back to the root";
    back.onclick = () => { state.root = top; draw(); };
    const legend = document.createElement("div");
    legend.innerHTML = (data.legend || []).map(([c, t]) =>
      `<span style="display:inline-block;width:12px;height:12px;background:${c};border:1px solid #888"></span> ${t}`).join(" ");
    panel.append(head, info, here, back, legend);
  }

  draw();
  show();
}

// A board after `moves` (1-based columns), `s` pixels a cell; the last stone ringed.
function treevizBoard(moves, w, h, style, s) {
  const NS = "http://www.w3.org/2000/svg";
  const heights = new Array(w).fill(0), cells = [];
  [...moves].forEach((ch, i) => {
    const c = Number(ch) - 1;
    cells.push({ c, r: heights[c]++, x: i % 2 === 0 });
  });
  const at = (c, r) => `cx="${4 + c * s + s / 2}" cy="${4 + (h - 1 - r) * s + s / 2}" r="${s / 2 - 3}"`;
  let out = `<svg xmlns="${NS}" width="${w * s + 8}" height="${h * s + 8}">`;
  out += `<rect width="${w * s + 8}" height="${h * s + 8}" rx="6" fill="${style.frame}"/>`;
  for (let c = 0; c < w; c++) for (let r = 0; r < h; r++) out += `<circle ${at(c, r)} fill="${style.empty}"/>`;
  cells.forEach((p, i) => {
    const ring = i === cells.length - 1 ? ` stroke="${style.pv}" stroke-width="2"` : "";
    out += `<circle ${at(p.c, p.r)} fill="${p.x ? style.x : style.o}"${ring}/>`;
  });
  return out + "</svg>";
}
