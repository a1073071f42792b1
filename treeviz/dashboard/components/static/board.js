// The board (treeviz.dashboard.components.board_chart): SVG drawn from the shapes the
// server computed, in their order; a click on a column it may play sends that column
// (setTriggerValue "column", "<column>@<time>"), and so do the keys: the board takes
// the focus, a digit plays its column, the arrows choose one and Enter or Space plays
// it. Data only: attributes are numbers and colours from a fixed list, texts go in as
// text. It shrinks to a narrow page's width (its drawing scales, its clicks too).
const NS = "http://www.w3.org/2000/svg";
const ATTRS = { x: "x", y: "y", w: "width", h: "height", rx: "rx", fill: "fill", stroke: "stroke", sw: "stroke-width" };

function el(name, attrs, parent) {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  parent.appendChild(node);
  return node;
}

function shape(s, svg) {
  const attrs = {};
  for (const [k, name] of Object.entries(ATTRS)) if (s[k] !== undefined && k !== "x" && k !== "y") attrs[name] = s[k];
  if (s.t === "rect") return el("rect", { ...attrs, x: s.x, y: s.y }, svg);
  if (s.t === "dot") return el("circle", { ...attrs, cx: s.x, cy: s.y, r: s.r }, svg);
  if (s.t === "disc") {
    // a disc is a path (a circle in two arcs), as the tests and the screenshots know it
    const d = `M${s.x - s.r},${s.y}a${s.r},${s.r} 0 1,0 ${2 * s.r},0a${s.r},${s.r} 0 1,0 ${-2 * s.r},0`;
    return el("path", { ...attrs, d, "data-col": s.col }, svg);
  }
  const text = el("text", {
    x: s.x, y: s.y, fill: s.fill, "font-size": s.size, "text-anchor": "middle",
    "dominant-baseline": "central", "font-family": "sans-serif",
    "font-weight": s.bold ? "bold" : "normal",
  }, svg);
  text.textContent = s.text;
  return text;
}

// When a key last played: the board of the next position (a new element) takes the
// focus back, so that a game goes on from the keyboard.
let keyPlayedAt = 0;
const KEEP_FOCUS_MS = 30000;

// A move sent, the board waits for the next position's board. A second click (or key)
// sent meanwhile raced the page's own widgets: the rerun it asked for came with the
// sidebar's values from before the first move, and both moves were lost. So it waits
// here, by the board's name, for the board of the ply after the move sent (a new
// element: the board of a position is keyed by it), which plays it: two quick presses
// of 4 play 4 twice. Another ply there (the agent replied first, Undo, another card),
// or no board within WAIT_MS, drops what waits; a column full by then is skipped.
const waiting = new Map(); // board name -> {cols, ply, at}: ply, the board to play cols[0]
const inFlight = new Map(); // board name -> the ply of the board a move was sent from
const WAIT_MS = 5000;

// The play function of the board of each name drawn last: a click or a key that
// reaches a board already replaced (still in the page a moment) goes to it.
const latest = new Map();

function sender(parent, data, setTriggerValue) {
  const send = (c) => {
    parent.tvSentAt = Date.now();
    inFlight.set(data.name, data.ply);
    setTriggerValue("column", `${c}@${Date.now()}`);
  };
  const play = (c) => {
    const newest = latest.get(data.name);
    if (newest !== undefined && newest !== play) return newest(c);
    if (!data.playable.includes(c)) return;
    const onItsWay = inFlight.has(data.name) && Date.now() - (parent.tvSentAt || 0) < WAIT_MS;
    if (onItsWay) wait(data.name, c);
    else send(c); // nothing on its way: a click after an answer is never lost
  };
  latest.set(data.name, play);
  return play;
}

function wait(name, c) {
  if (!inFlight.has(name)) return;
  const queue = waiting.get(name) || { cols: [], ply: inFlight.get(name) + 1, at: Date.now() };
  queue.cols.push(c);
  waiting.set(name, queue);
}

// A digit pressed while the board that had the focus is being replaced (the old one
// gone, the new one not drawn yet) reaches the page, not a board: it waits for the
// next board, as a click made then does; with no move on its way, it is nobody's.
let keyBoard = null;
document.addEventListener("keydown", (e) => {
  const between = document.activeElement === document.body || document.activeElement === null;
  if (!between || keyBoard === null || !inFlight.has(keyBoard) || !/^[1-9]$/.test(e.key)) return;
  wait(keyBoard, Number(e.key) - 1);
  e.preventDefault();
});

function playWaiting(data, play) {
  // the board the move was sent from, drawn again (a rerun for something else): the
  // move is still on its way, and what waits goes on waiting
  if (inFlight.get(data.name) === data.ply) return;
  inFlight.delete(data.name); // this board is the one the move sent was waiting for
  const queue = waiting.get(data.name);
  if (!queue) return;
  waiting.delete(data.name);
  if (queue.ply !== data.ply || Date.now() - queue.at > WAIT_MS) return;
  const cols = [...queue.cols];
  while (cols.length && !data.playable.includes(cols[0])) cols.shift();
  if (!cols.length) return;
  const [first, ...rest] = cols;
  play(first);
  if (rest.length) waiting.set(data.name, { cols: rest, ply: data.ply + 1, at: queue.at });
}

// The focus back on the new board after a key played, unless the person moved it on
// (the old board, gone or going, may still hold it when this one is drawn).
function reclaim(svg) {
  const grab = () => {
    const a = document.activeElement;
    const loose = a === null || a === document.body || (a !== svg && a.matches("svg.tv-board"));
    if (Date.now() - keyPlayedAt < KEEP_FOCUS_MS && loose && svg.isConnected) svg.focus();
  };
  grab();
  setTimeout(grab, 250);
  setTimeout(grab, 700);
}

function keys(svg, data, play, hits) {
  const playable = data.playable;
  svg.setAttribute("tabindex", "0");
  svg.setAttribute("aria-label", `Board: keys 1 to ${Math.min(9, data.columns)} play a column; the arrows choose one, Enter plays it`);
  let lit = null;
  const light = (c) => {
    if (lit !== null) hits[lit].classList.remove("tv-lit");
    lit = c;
    hits[c].classList.add("tv-lit");
  };
  const byKey = (c) => { keyPlayedAt = Date.now(); keyBoard = data.name; play(c); };
  svg.onkeydown = (e) => {
    const digit = Number(e.key) - 1;
    if (/^[1-9]$/.test(e.key) && playable.includes(digit)) byKey(digit);
    else if (e.key === "ArrowLeft" || e.key === "ArrowRight") {
      const step = e.key === "ArrowRight" ? 1 : -1;
      const at = lit === null ? (step > 0 ? -1 : playable.length) : playable.indexOf(lit);
      light(playable[(at + step + playable.length) % playable.length]);
    } else if ((e.key === "Enter" || e.key === " ") && lit !== null) byKey(lit);
    else return;
    e.preventDefault();
  };
  svg.onblur = () => { if (lit !== null) hits[lit].classList.remove("tv-lit"); lit = null; };
  reclaim(svg);
}

export default function (component) {
  const { data, parentElement, setTriggerValue } = component;
  let svg = parentElement.querySelector("svg.tv-board");
  if (!svg) svg = el("svg", { class: "tv-board" }, parentElement);
  svg.setAttribute("width", data.width);
  svg.setAttribute("height", data.height);
  svg.setAttribute("viewBox", `0 0 ${data.width} ${data.height}`);
  svg.replaceChildren();
  for (const s of data.shapes) shape(s, svg);
  const frame = data.shapes[0];
  const cell = frame.w / data.columns;
  const playable = new Set(data.playable);
  // a new position's board (a new element) has sent nothing yet; this one, drawn again
  // for the same position, waits no more for a board that will not come
  parentElement.tvSentAt = 0;
  const play = sender(parentElement, data, setTriggerValue);
  const hits = [];
  for (let c = 0; c < data.columns; c++) {
    const hit = el("rect", { class: "tv-hit", x: frame.x + c * cell, y: frame.y, width: cell, height: frame.h }, svg);
    hits.push(hit);
    if (!playable.has(c)) continue;
    hit.classList.add("tv-playable");
    hit.addEventListener("click", () => play(c));
  }
  if (playable.size) keys(svg, data, play, hits);
  else { svg.removeAttribute("tabindex"); svg.removeAttribute("aria-label"); svg.onkeydown = null; }
  playWaiting(data, play);
}
