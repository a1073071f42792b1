// A search's replay in the browser (treeviz.dashboard.components.results.replay): the
// tree as it stood at each step (left) and the replay's panel (right), two mounts
// sharing the replay's state here. The server sent every step's drawing once; steps,
// play, pause and speed are answered here, and only a click on a node goes to the
// server (setTriggerValue "asked", "pick:<node>@<time>"), which stops the replay and
// selects that node in the whole tree. Data only: every text goes in as text.

function replayFor(id) {
  const rv = viewFor(id + ":replay");
  if (!rv.replay) {
    rv.replay = { at: -1, speed: 1, playing: false, timer: null, n: null };
    rv.clickNode = (e) => {
      pause(rv);
      rv.ask("pick", e.node);
    };
  }
  return rv;
}

// New data from the server (a new depth or top-k: the same steps drawn otherwise):
// the step shown stays; at first the whole search shows.
function replayReceive(rv, data, ask) {
  rv.steps = data;
  rv.ask = ask;
  const at = data.steps.findIndex((s) => s.n === rv.replay.n);
  rv.replay.at = at >= 0 ? at : data.steps.length - 1;
  rv.built = null; // the panel is built again for these steps
}

// Step `at` (clamped) shown in the tree and the panel.
function show(rv, at) {
  const steps = rv.steps.steps;
  rv.replay.at = Math.max(0, Math.min(at, steps.length - 1));
  rv.replay.n = steps[rv.replay.at].n;
  replayRender(rv);
}

function replayRender(rv) {
  if (!rv.steps) return;
  const step = rv.steps.steps[rv.replay.at];
  rv.replay.n = step.n;
  if (rv.treeBox && rv.treeBox.isConnected) {
    const items = rv.steps.items;
    rv.data = { look: rv.steps.look, room: rv.steps.room, entries: step.entries.map((i) => items[i]) };
    rv.selected = step.n - 1; // the newest node marked
    drawTree(rv, rv.treeBox);
  }
  if (rv.panelBox && rv.panelBox.isConnected) drawReplayPanel(rv, rv.panelBox);
}

function pause(rv) {
  clearTimeout(rv.replay.timer);
  rv.replay.timer = null;
  rv.replay.playing = false;
}

// Playing: one step every interval (the data's, at 1x, over the speed); a late tick
// makes the steps that were due, so the pace holds; the last step stops the play.
function play(rv) {
  const r = rv.replay;
  if (r.at >= rv.steps.steps.length - 1) show(rv, 0); // from the end: again from the start
  r.playing = true;
  let clock = performance.now();
  const tick = () => {
    if (!rv.treeBox || !rv.treeBox.isConnected) return pause(rv); // switched off
    const every = rv.steps.interval / r.speed;
    const due = Math.max(1, Math.floor((performance.now() - clock) / every));
    clock += due * every;
    show(rv, r.at + due);
    if (r.at >= rv.steps.steps.length - 1) {
      pause(rv);
      replayRender(rv);
    } else r.timer = setTimeout(tick, Math.max(0, clock + every - performance.now()));
  };
  r.timer = setTimeout(tick, rv.steps.interval / r.speed);
}

const CONTROLS = [
  ["first", "«", "the first node"],
  ["back", "‹", "one step back"],
  ["button", "▶", "play"],
  ["forward", "›", "one step forward"],
  ["last", "»", "the whole search"],
];

// The panel, built once per data; a step updates its slider, caption, table and
// the play button (a slider rebuilt while dragged would drop the drag).
function drawReplayPanel(rv, box) {
  if (!rv.built || !rv.built.root.isConnected || rv.built.box !== box) buildPanel(rv, box);
  const b = rv.built;
  const r = rv.replay;
  const n = rv.steps.steps[r.at].n;
  const words = (x) => x.toLocaleString("en-US");
  b.slider.value = String(r.at);
  b.slider.setAttribute("aria-valuetext", words(n));
  b.value.textContent = words(n);
  const playing = r.playing;
  b.play.firstChild.textContent = playing ? "‖" : "▶";
  b.play.title = playing ? "pause" : "play";
  b.play.setAttribute("aria-label", b.play.title);
  b.caption.textContent =
    `${words(n)} of ${words(rv.steps.total)} nodes · newest: node #${n - 1} · ` +
    `at 1x the whole search plays in about ${rv.steps.seconds} s${rv.steps.note}`;
  b.table.replaceWith((b.table = rootTable(rv.steps.steps[r.at].table)));
}

function buildPanel(rv, box) {
  box.replaceChildren();
  const root = tag("div", { class: "tv-replay" }, box);
  const row = tag("div", { class: "tv-buttons" }, root);
  const b = { box, root };
  const acts = {
    first: () => (pause(rv), show(rv, 0)),
    back: () => (pause(rv), show(rv, rv.replay.at - 1)),
    button: () => (rv.replay.playing ? pause(rv) : play(rv), replayRender(rv)),
    forward: () => (pause(rv), show(rv, rv.replay.at + 1)),
    last: () => (pause(rv), show(rv, rv.steps.steps.length - 1)),
  };
  for (const [name, mark, help] of CONTROLS) {
    const button = tag("button", { type: "button", title: help, "aria-label": help }, row);
    button.dataset.replay = name;
    tag("span", {}, button, mark);
    button.onclick = acts[name];
    if (name === "button") b.play = button;
  }
  const speed = tag("label", { class: "tv-field" }, root, "Speed ");
  const pick = tag("select", { "aria-label": "Speed" }, speed);
  for (const [name, factor] of rv.steps.speeds) {
    const option = tag("option", { value: String(factor) }, pick, name);
    if (factor === rv.replay.speed) option.selected = true;
  }
  pick.onchange = () => (rv.replay.speed = Number(pick.value));
  const nodes = tag("label", { class: "tv-field" }, root, "Nodes created ");
  b.value = tag("strong", {}, nodes, "");
  b.slider = tag("input", {
    type: "range", min: 0, max: rv.steps.steps.length - 1, step: 1, "aria-label": "Nodes created",
    title: "nodes created so far, in the order the search made them",
  }, root);
  b.slider.oninput = () => (pause(rv), show(rv, Number(b.slider.value)));
  b.caption = tag("p", { class: "tv-caption" }, root, "");
  b.table = tag("table", {}, root);
  rv.built = b;
}

function rootTable(table) {
  const out = tag("table", { class: "tv-table", "data-roots": "1" });
  const head = tag("tr", {}, tag("thead", {}, out));
  for (const name of table.head) tag("th", {}, head, name);
  const body = tag("tbody", {}, out);
  for (const cells of table.rows) {
    const tr = tag("tr", {}, body);
    for (const words of cells) tag("td", {}, tr, String(words));
  }
  return out;
}

function replayMount(data, parentElement, setTriggerValue) {
  const rv = replayFor(data.view);
  const box = mountBox(rv, data.mode === "replay-panel", parentElement);
  if (box === rv.treeBox && rv.steps !== data) replayReceive(rv, data, ask(setTriggerValue));
  replayRender(rv);
}

// The verdict's reasons (treeviz.dashboard.components.results.verdict): a reason about
// a node selects it in the view's tree here when the tree draws it, else asks the
// server ("focus:<node>"), which draws the tree from the node's parent.
function reasonsMount(data, parentElement, setTriggerValue) {
  let box = parentElement.querySelector(".tv-box");
  if (!box) box = tag("div", { class: "tv-box tv-reasons" }, parentElement);
  box.replaceChildren();
  for (const r of data.reasons) {
    if (r.node === null) {
      tag("p", {}, box, "• " + r.text);
      continue;
    }
    const help = `${r.text} (click: select node #${r.node} in the tree)`;
    const button = tag("button", { type: "button", title: help }, box);
    tag("span", {}, button, `${r.text}  →  node #${r.node}`);
    button.onclick = () => {
      const view = VIEWS[data.view];
      const shown = view && view.data && view.treeBox && view.treeBox.isConnected;
      if (shown && view.data.entries.some((e) => e.node === r.node)) {
        goTo(view, r.node);
        view.treeBox.scrollIntoView({ block: "nearest" });
      } else setTriggerValue("asked", `focus:${r.node}@${Date.now()}`);
    };
  }
}
