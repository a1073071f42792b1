// One tree view in the browser: the tree (tree_draw.js) and the selected node's panel
// (its board, path, facts and children), two mounts of one component sharing the
// view's state here. Selecting, folding and unfolding are answered at once from the
// data sent with the result; the server is asked (setTriggerValue "asked",
// "<what>:<node>@<time>") only for what needs it: children it did not send ("open",
// "goto"), drawing from a node ("reroot"), loading its position ("analyze"), the
// solver's scores ("exact"), the node of the page's What if? ("whatif"). Data only: every text goes in as text, another game's
// drawing as an <img>.
const VIEWS = (window.__treevizViews = window.__treevizViews || {});

function tag(name, attrs, parent, text) {
  const node = document.createElement(name);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, String(v));
  if (text !== undefined) node.textContent = text;
  if (parent) parent.appendChild(node);
  return node;
}

function viewFor(id) {
  if (!VIEWS[id]) {
    const view = { id, folded: new Set(), selected: 0, serverPick: null, sort: null, allRows: false };
    view.clickNode = (e) => clickNode(view, e);
    VIEWS[id] = view;
  }
  return VIEWS[id];
}

// New data from the server: a new trace starts afresh; a selection the server made
// (a reason, the go-to box, a link) wins over the one made here.
function receive(view, data, ask) {
  if (!view.data || view.data.trace !== data.trace) {
    view.folded = new Set();
    view.serverPick = null;
  }
  view.data = data;
  view.ask = ask;
  for (const id of data.opened) view.folded.delete(id);
  if (data.selected !== view.serverPick || !(String(view.selected) in data.nodes)) {
    view.serverPick = data.selected;
    view.selected = data.selected;
  }
}

function render(view) {
  if (!view.data) return;
  if (view.treeBox && view.treeBox.isConnected) drawTree(view, view.treeBox);
  if (view.panelBox && view.panelBox.isConnected) drawPanel(view, view.panelBox);
}

function select(view, node, regrown) {
  const before = view.selected;
  view.selected = node;
  view.sort = null;
  view.allRows = false;
  if (regrown || !view.treeBox || !view.treeBox.isConnected) render(view);
  else {
    reselect(view, before);
    if (view.panelBox && view.panelBox.isConnected) drawPanel(view, view.panelBox);
  }
  // the icicle of the same view outlines the same node (icicle.js listens)
  window.dispatchEvent(new CustomEvent("treeviz:select", { detail: { view: view.id, node } }));
  if (view.data.link) {
    const url = new URL(window.location.href);
    if (url.searchParams.get("node") !== String(node)) {
      url.searchParams.set("node", String(node));
      window.history.pushState(window.history.state, "", url);
    }
  }
}

// A click on a node: select it and show its children, asking the server for them
// when it did not send them.
function clickNode(view, e) {
  const sent = (view.kids.get(e.key) || []).length > 0;
  select(view, e.node, view.folded.delete(e.node));
  if (e.folded && !sent) view.ask("open", e.node);
}

function ask(setTriggerValue) {
  return (what, node) => setTriggerValue("asked", `${what}:${node}@${Date.now()}`);
}

// A tree that sends every drawn node's children (ID3's) has nothing to ask the server.
const NO_ASK = () => {};

function caption(view) {
  const d = view.data;
  const n = (x) => x.toLocaleString("en-US");
  let text =
    `Drawing ${n(view.drawnNodes)} of ${n(d.total)} recorded nodes ` +
    `(at most ${d.cap} at once; ▸ folded: click to unfold)`;
  if (view.drawnLevels < d.there) {
    text +=
      ` · ${view.drawnLevels} of the ${d.depth} levels asked drawn: the rows are full, ` +
      "so deeper nodes stay folded (click ▸, or lower Top-k children)";
  }
  return text + d.notes;
}

function drawPanel(view, box) {
  if (!box) return; // its mount now shows another view
  const d = view.data;
  const id = view.selected;
  const node = d.nodes[String(id)];
  box.replaceChildren();
  if (d.rules) return drawRulePanel(view, box, node);
  tag("p", { class: "tv-caption", "data-drawing": "1" }, box, caption(view));
  const head = tag("p", { "data-node": id }, box);
  tag("strong", {}, head, `Node #${id}`);
  head.append(" · path from the root: ");
  tag("code", {}, head, node.path || "(root)");
  const where = tag("p", {}, box, "Position: ");
  if (d.connect4) {
    tag("code", {}, where, node.position || "(empty)");
    drawBoard(box, node.board, d.look);
  } else {
    tag("code", {}, where, node.position || "(the start)");
    tag("img", { src: node.image, alt: "the position", class: "tv-game" }, box);
  }
  buttons(view, box, id, node);
  factsTable(box, node.facts);
  if (node.ask) exactBox(view, box, id);
  const count = node.kids.rows.length;
  tag("p", { class: "tv-caption" }, box,
    `${count} recorded children: sort by a header, choose a row to go there`);
  if (count) kidsTable(view, box, node.kids);
}

// The panel of a tree that is not a search (ID3's): the node's rule, its facts, the
// cells its tests fix (Connect-4), and its fold button.
function drawRulePanel(view, box, node) {
  const head = tag("p", { "data-node": view.selected }, box);
  tag("strong", {}, head, node.title);
  const row = tag("div", { class: "tv-buttons" }, box);
  foldButton(view, row, view.selected);
  factsTable(box, node.facts);
  if (node.pattern) {
    tag("p", { class: "tv-caption" }, box, "Cells its tests fix (grey ? = not tested, white = empty)");
    drawBoard(box, { rows: node.pattern.rows, won: [], last: null }, view.data.look);
  }
}

function buttons(view, box, id, node) {
  const row = tag("div", { class: "tv-buttons" }, box);
  const button = (text, help, act) => {
    const b = tag("button", { type: "button", title: help }, row);
    tag("span", {}, b, text);
    b.onclick = act;
  };
  button("Draw from here", "Draw the tree with this node at its top", () => view.ask("reroot", id));
  if (view.data.whatif) {
    button("What if? here", "Force a column at this node: the What if? section below", () =>
      view.ask("whatif", id));
  }
  if (view.data.connect4) {
    button("Analyze this", "Load this node's position on the board, to search it", () =>
      view.ask("analyze", id));
  }
  foldButton(view, row, id);
}

function foldButton(view, row, id) {
  const entry = view.data.entries.find((e) => e.node === id);
  const folded = entry ? isFolded(view, entry) : false;
  const b = tag("button", { type: "button" }, row);
  tag("span", {}, b, folded ? "Unfold children" : "Fold children");
  b.onclick = () => {
    if (!folded) view.folded.add(id);
    else if ((view.kids.get(String(id)) || []).length) view.folded.delete(id);
    else return view.ask("open", id);
    render(view);
  };
}

function drawBoard(box, board, look) {
  const size = 22;
  const table = tag("table", { class: "tv-board" }, box);
  table.style.cssText = `background:${look.frame};border-spacing:4px;width:auto;border-collapse:separate`;
  const won = new Set(board.won.map(([c, r]) => `${c},${r}`));
  const dot = Math.max(3, Math.floor(size / 4));
  board.rows.forEach((cells, r) => {
    const tr = tag("tr", {}, table);
    [...cells].forEach((mark, c) => {
      const td = tag("td", {}, tr);
      let colour = look.stones[mark] || look.untested;
      if (!(mark in look.stones)) td.textContent = "?"; // a cell no test fixes
      if (won.has(`${c},${r}`)) td.dataset.win = "1";
      if (board.last && board.last[0] === c && board.last[1] === r) {
        td.dataset.last = "1";
        td.title = "the last move";
        colour = `radial-gradient(circle, ${look.lastMove} ${dot}px, ${colour} ${dot + 1}px)`;
      }
      const ring = won.has(`${c},${r}`) ? `4px solid ${look.winRing}` : `2px solid ${look.frame}`;
      td.style.cssText = `width:${size}px;height:${size}px;padding:0;border-radius:50%;` +
        `border:${ring};background:${colour};text-align:center;font-size:11px;color:#666`;
    });
  });
  const nums = tag("tr", {}, table);
  for (let c = 0; c < board.rows[0].length; c++) {
    const td = tag("td", {}, nums, String(c + 1));
    td.style.cssText = `text-align:center;color:#fff;padding:0;width:${size}px;border:none`;
  }
}

function factsTable(box, facts) {
  const table = tag("table", { class: "tv-table", "data-facts": "1" }, box);
  const head = tag("tr", {}, tag("thead", {}, table));
  tag("th", {}, head, "");
  tag("th", {}, head, "at this node");
  const body = tag("tbody", {}, table);
  for (const [name, words] of facts) {
    const tr = tag("tr", {}, body);
    tag("th", {}, tr, name);
    tag("td", {}, tr, words);
  }
}

function exactBox(view, box, id) {
  const label = tag("label", { class: "tv-check" }, box);
  const input = tag("input", { type: "checkbox" }, label);
  label.append(" " + view.data.ask);
  input.onchange = () => input.checked && view.ask("exact", id);
}

function compare(a, b) {
  if (a === b) return 0;
  if (a === null) return 1; // missing last
  if (b === null) return -1;
  if (typeof a === typeof b) return a < b ? -1 : 1;
  return typeof a === "number" ? -1 : 1;
}

// Rows of a children table built at once: a node of thousands of children (a hostile
// or a wide trace's root) builds its table in a frame, not in a second.
const ROWS_AT_ONCE = 100;

function kidsTable(view, box, kids) {
  const order = kids.rows.map((_, i) => i);
  if (view.sort) {
    const { col, dir } = view.sort;
    order.sort((i, j) => dir * compare(kids.sort[i][col], kids.sort[j][col]) || i - j);
  }
  const frame = tag("div", { class: "tv-scroll" }, box); // wider than the side: it scrolls
  const table = tag("table", { class: "tv-table tv-kids", "data-kids": "1" }, frame);
  const head = tag("tr", {}, tag("thead", {}, table));
  kids.head.forEach((name, col) => {
    const mark = view.sort && view.sort.col === col ? (view.sort.dir > 0 ? " ▲" : " ▼") : "";
    const th = tag("th", { title: "sort by " + name }, head, name + mark);
    th.onclick = () => {
      const dir = view.sort && view.sort.col === col ? -view.sort.dir : 1;
      view.sort = { col, dir };
      drawPanel(view, view.panelBox);
    };
  });
  const body = tag("tbody", {}, table);
  const nodeCol = kids.head.indexOf("node");
  const shown = view.allRows ? order : order.slice(0, ROWS_AT_ONCE);
  for (const i of shown) {
    const tr = tag("tr", {}, body);
    for (const words of kids.rows[i]) tag("td", {}, tr, words);
    tr.onclick = () => goTo(view, Number(kids.rows[i][nodeCol]));
  }
  if (shown.length < order.length) moreRows(view, box, shown.length, order.length);
}

// The button under a table cut to its first rows: the whole table on a click.
function moreRows(view, box, shown, total) {
  const n = (x) => x.toLocaleString("en-US");
  const row = tag("div", { class: "tv-buttons" }, box);
  const words = `Show all ${n(total)} children (the first ${n(shown)} in this order shown)`;
  tag("button", { "data-more-rows": "1" }, row, words).onclick = () => {
    view.allRows = true;
    drawPanel(view, view.panelBox);
  };
}

// A children-table row: select that child here when it is drawn, else ask the
// server, which sends the view that draws it.
function goTo(view, node) {
  const entry = view.data.entries.find((e) => e.node === node);
  if (!entry) return view.ask("goto", node);
  let regrown = false; // its ancestors unfolded, so that it is drawn
  for (let up = entry; up.parent !== null; ) {
    up = view.data.entries.find((e) => e.key === up.parent);
    if (!up) break;
    regrown = view.folded.delete(up.node) || regrown;
  }
  select(view, node, regrown);
}

export default function (component) {
  const { data, parentElement, setTriggerValue } = component;
  if (data.mode.startsWith("replay")) return replayMount(data, parentElement, setTriggerValue);
  if (data.mode === "reasons") return reasonsMount(data, parentElement, setTriggerValue);
  const view = viewFor(data.view);
  const box = mountBox(view, data.mode === "panel", parentElement);
  if (box === view.treeBox) receive(view, data, data.rules ? NO_ASK : ask(setTriggerValue));
  render(view);
}

// The box a mount of `view` draws in, made once per mount: its panel's (`panel`) or
// its tree's, which a new width redraws (the levels spread again). A mount keeps its
// box when its view changes (ID3's tree of another data set): the view before lets go
// of it, and the observer, made once, draws the view the box shows now.
function mountBox(view, panel, parentElement) {
  let box = parentElement.querySelector(".tv-box");
  if (!box) box = tag("div", { class: "tv-box" }, parentElement);
  const before = box.__view;
  if (before && before !== view) {
    if (before.treeBox === box) before.treeBox = null;
    if (before.panelBox === box) before.panelBox = null;
  }
  box.__view = view;
  if (panel) {
    view.panelBox = box;
    return box;
  }
  box.classList.add("tv-tree");
  view.treeBox = box;
  if (!box.__resized) {
    box.__resized = new ResizeObserver(() => {
      const shown = box.__view;
      if (shown.treeBox === box && shown.data) drawTree(shown, box);
    });
    box.__resized.observe(parentElement);
  }
  return box;
}
