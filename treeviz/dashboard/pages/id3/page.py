"""The "Decision trees" page: learn an ID3 tree from a bundled or uploaded table and
explore it with the search trees' view; for Connect-4, follow a position down it."""

from __future__ import annotations

import hashlib
import json
import time
from functools import partial
from typing import Any

import numpy as np
import pandas as pd
import streamlit as st

from treeviz.connect4.board import Position
from treeviz.dashboard.components.board import board_html
from treeviz.dashboard.components.inputs import download
from treeviz.dashboard.components.results.answer import page_style
from treeviz.dashboard.components.text import error as show_error
from treeviz.dashboard.components.text import escape_markdown
from treeviz.dashboard.components.tree_data import rule_tree_data
from treeviz.dashboard.components.tree_panel import mount
from treeviz.dashboard.components.tree_selection import swatches_html
from treeviz.dashboard.pages.id3.state import (
    CONFUSION,
    CRITERION,
    DEPTH,
    FOLDS,
    HEADER,
    IGNORE,
    LEVELS,
    MIN_SAMPLES,
    MOVES,
    NODE,
    SEED,
    SIDE,
    SOURCE,
    TARGET,
    TREE,
    UPLOAD,
    download_key,
)
from treeviz.dashboard.server import cache
from treeviz.draw.export import graphml_of, render
from treeviz.errors import InvalidPositionError, TreevizError
from treeviz.id3.draw import (
    class_colour,
    drawn,
    exact_class,
    fitting_depth,
    is_connect4,
    pattern,
    position_row,
    rule,
    to_dot,
    to_networkx,
)
from treeviz.id3.learn import CRITERIA, CrossValidation, DecisionTree, cross_validate, fit
from treeviz.id3.table import BUNDLED, Table, bundled_path, column_names, parse_table
from treeviz.settings import ID3_MIN_SAMPLES, TABLE_UPLOAD_MB, VIEW_MAX_NODES

HEADERS = {"detect": None, "yes": True, "no": False}
Options = tuple[tuple[str, Any], ...]
SEND_S = 0.05  # given to the server's loop to send a progress bar's new state
FIRST_SEND_S = 0.25  # the first state, the one that says work started, on a busy server


def learned(
    digest: str,
    text: str,
    *,
    name: str,
    target: str | None,
    ignore: tuple[str, ...],
    header: bool | None,
    options: Options,
) -> tuple[Table, DecisionTree]:
    """The table and its tree, once per content and options (``digest`` keys the text)."""

    def make() -> tuple[Table, DecisionTree]:
        table = parse_table(text, name=name, target=target, ignore=list(ignore), header=header)
        return table, fit(table, **dict(options))

    return cache.TREES.get_or_make(("tree", digest, target, ignore, header, options), make)


def validated(digest: str, *, k: int, seed: int, options: Options, table: Table) -> CrossValidation:
    """K-fold cross-validation, once per table, options, folds and seed, with a progress
    bar and an estimate of the time left (Connect-4 takes many seconds)."""
    key = ("cv", digest, k, seed, options)

    def run() -> CrossValidation:
        bar = st.progress(0.0, text=f"Cross-validating: {k} folds")
        # Streamlit keeps only the newest state of an element not yet sent, and the
        # folds hold the interpreter: on a busy server every state of the bar but the
        # last (empty) one was dropped. A moment off the interpreter lets it go out;
        # the first state longer (50 ms was not always enough with the cores busy).
        time.sleep(FIRST_SEND_S)
        t0 = time.perf_counter()

        def on_fold(done: int) -> None:
            left = (time.perf_counter() - t0) / done * (k - done)
            bar.progress(
                done / k, text=f"Cross-validating: fold {done} of {k} done, about {left:.0f} s left"
            )
            time.sleep(SEND_S)

        try:
            return cross_validate(table, k=k, seed=seed, on_fold=on_fold, **dict(options))
        finally:
            bar.empty()

    return cache.TREES.get_or_make(key, run)


def source_text() -> tuple[str, str] | None:
    """(text, name) of the chosen table, or None (with a message) when there is none."""
    choice = st.sidebar.selectbox("Data set", [*BUNDLED, "upload a CSV"], key=SOURCE)
    if choice != "upload a CSV":
        path = bundled_path(choice)
        return path.read_text(encoding="utf-8"), path.name
    upload = st.sidebar.file_uploader(
        f"CSV file (up to {TABLE_UPLOAD_MB} MB)",
        type=["csv", "data", "txt"],
        key=UPLOAD,
        max_upload_size=TABLE_UPLOAD_MB,
    )
    if upload is None:
        st.info("Upload a CSV table: one row per example, the class in a column.")
        return None
    raw = upload.getvalue()
    if len(raw) > TABLE_UPLOAD_MB << 20:
        show_error(
            f"{upload.name!r} is {len(raw) / 2**20:.0f} MB; the limit is {TABLE_UPLOAD_MB} MB"
        )
        return None
    return raw.decode("utf-8", errors="replace"), upload.name


def id3_page() -> None:
    """Learn, score and draw a decision tree."""
    st.title("Decision trees (ID3)")
    got = source_text()
    if got is None:
        return
    text, name = got
    header = HEADERS[st.sidebar.radio("Header row", list(HEADERS), horizontal=True, key=HEADER)]
    try:
        columns = column_names(text, name=name, header=header)
    except TreevizError as exc:
        show_error(str(exc))
        return
    target = st.sidebar.selectbox("Target", columns, index=len(columns) - 1, key=TARGET)
    ignore = st.sidebar.multiselect("Ignore", [c for c in columns if c != target], key=IGNORE)
    options = options_widgets()
    digest = hashlib.sha1(text.encode()).hexdigest()
    try:
        with st.spinner("Learning the tree…"):
            table, tree = learned(
                digest,
                text,
                name=name,
                target=target,
                ignore=tuple(ignore),
                header=header,
                options=options,
            )
    except TreevizError as exc:
        show_error(str(exc))
        return
    k = int(st.sidebar.number_input("Cross-validation folds (0: none)", 0, 20, 5, key=FOLDS))
    seed = int(st.sidebar.number_input("Seed", 0, 2**31 - 1, 0, key=SEED))
    cv = None
    if k >= 2:
        try:
            with st.spinner(f"{k}-fold cross-validation…"):
                cv = validated(
                    digest + repr((target, ignore, header)),
                    k=k,
                    seed=seed,
                    options=options,
                    table=table,
                )
        except TreevizError as exc:
            show_error(str(exc))
    summary(table, tree, cv)
    path = connect4_view(tree) if is_connect4(tree) else frozenset()
    tree_view(table, tree, path)


def options_widgets() -> tuple[tuple[str, Any], ...]:
    """Criterion, depth and size limits, as hashable options for :func:`fit`."""
    side = st.sidebar
    criterion = side.selectbox("Criterion", CRITERIA, key=CRITERION)
    depth = int(side.number_input("Max depth (0: none)", 0, 100, 0, key=DEPTH))
    min_samples = int(
        side.number_input("Min samples to split", 1, 10_000, ID3_MIN_SAMPLES, key=MIN_SAMPLES)
    )
    return (("criterion", criterion), ("max_depth", depth or None), ("min_samples", min_samples))


def summary(table: Table, tree: DecisionTree, cv: CrossValidation | None) -> None:
    """Size and accuracy of the tree, and the confusion matrix."""
    row = st.container(horizontal=True)  # wraps: no name or value cut short
    row.metric("Nodes", f"{len(tree.nodes):,}", width="content")
    row.metric("Depth", tree.depth, width="content")
    row.metric("Leaves", f"{tree.leaves:,}", width="content")
    row.metric("Train accuracy", f"{tree.accuracy(table):.2%}", width="content")
    if cv is not None:
        row.metric(f"{len(cv.scores)}-fold accuracy", f"{cv.mean:.2%}", width="content")
        st.caption("Folds: " + ", ".join(f"{s:.2%}" for s in cv.scores))
    ignored = f"; ignored {', '.join(map(escape_markdown, table.ignored))}" if table.ignored else ""
    st.caption(
        f"{escape_markdown(table.name)}: {table.rows:,} rows, target "
        f"**{escape_markdown(table.target.name)}**"
        f"{ignored}"
    )
    predicted = cv.predicted if cv is not None else tree.predict(table)
    what = "cross-validated predictions" if cv is not None else "training predictions"
    st.markdown(f"**Confusion matrix** ({what}; rows: true class)")
    st.dataframe(confusion(table, predicted), key=CONFUSION)


def confusion(table: Table, predicted: np.ndarray) -> pd.DataFrame:
    """Counts of (true, predicted) class pairs."""
    k = len(table.classes)
    counts = np.bincount(table.target.values * k + predicted, minlength=k * k).reshape(k, k)
    return pd.DataFrame(counts, index=table.classes, columns=table.classes)


ID3_LABEL_PX = 540  # its side at 1280 px: wider here (3 of 4) than beside a search's panel


def tree_view(table: Table, tree: DecisionTree, path: frozenset[int]) -> None:
    """The tree (click a node: its details beside it, answered in the browser by the
    tree component), and the downloads."""
    depth = max(1, tree.depth)  # a slider needs two values to choose from
    if tree.depth > 1:
        depth = int(st.slider("Levels shown", 1, tree.depth, min(tree.depth, 4), key=LEVELS))
    entries = drawn(tree, max_depth=depth, max_nodes=VIEW_MAX_NODES, path=path)
    shown = sum(d.kind == "node" for d in entries)
    st.caption(
        f"Drawing {shown:,} of {len(tree.nodes):,} nodes; click a node for its details "
        "(and to show its children; fold them from its details)."
    )
    st.markdown(class_legend(tree), unsafe_allow_html=True)
    page_style()  # beside its panel, stacked above it when narrow; scrolls sideways
    with st.container(key=SIDE):
        left, right = st.columns([3, 1])
    data = rule_tree_data(
        entries,
        where=lambda d: rule(tree, d.node),
        panels={d.node: node_panel(tree, d.node) for d in entries if d.kind == "node"},
        room=ID3_LABEL_PX,
    )
    view = f"{TREE}:{hashlib.sha256(repr(entries).encode()).hexdigest()[:16]}"
    with left:
        mount(data | {"mode": "tree", "view": view}, key=TREE)
    with right:
        mount({"mode": "panel", "view": view}, key=NODE)
    downloads(tree, table, entries)


def class_legend(tree: DecisionTree) -> str:
    """What the colours mean: one swatch per class; leaves (squares) in its full
    colour, inner nodes (circles) tinted by their majority class; bold: the path of
    the position classified."""
    pairs = [(class_colour(tree, c), name) for c, name in enumerate(tree.table.classes)]
    title = (
        "Class predicted (squares: leaves in full colour; circles: inner nodes, "
        "tinted by their majority; bold: the path classified)"
    )
    return swatches_html(title, pairs)


def node_panel(tree: DecisionTree, nid: int) -> dict[str, Any]:
    """What the panel shows for node ``nid``: its rule, counts, entropy, gain and
    prediction (``facts``); for Connect-4 the board pattern its tests fix."""
    n = tree.nodes[nid]
    facts = {
        "samples": n.samples,
        "entropy": round(n.entropy, 4),
        "prediction": tree.table.classes[n.prediction],
    }
    if not n.is_leaf:
        facts |= {"split on": tree.feature(n), "gain": round(n.gain, 4)}
    facts |= {f"class {c}": int(k) for c, k in zip(tree.table.classes, n.counts, strict=True)}
    out: dict[str, Any] = {"title": f"Node #{nid}: {rule(tree, nid)}"}
    out["facts"] = [[str(k), str(v)] for k, v in facts.items()]
    if is_connect4(tree):
        out["pattern"] = {"rows": ["".join(row) for row in pattern(tree, nid)]}
    return out


def downloads(tree: DecisionTree, table: Table, entries: list[Any]) -> None:
    """Download the drawn view as SVG, PNG, PDF, DOT, GraphML, and the tree as JSON."""

    title = f"ID3 ({tree.criterion}) · {table.name}"
    dot = to_dot(tree, entries, title)
    row = st.container(horizontal=True, gap="small")  # wraps: no name cut short
    for fmt in ("svg", "png", "pdf"):  # drawn when clicked
        download(
            row,
            fmt.upper(),
            partial(render, dot, fmt),
            file_name=f"id3-tree.{fmt}",
            key=download_key(fmt),
        )
    download(row, "DOT", dot, file_name="id3-tree.dot", key=download_key("dot"))
    download(
        row,
        "GraphML",
        lambda: graphml_of(to_networkx(tree, entries)),
        file_name="id3-tree.graphml",
        key=download_key("graphml"),
    )
    download(
        row, "JSON", json.dumps(tree.as_dict()), file_name="id3-tree.json", key=download_key("json")
    )
    st.caption(
        f"Downloads draw the view shown; the whole tree fits in a drawing down to "
        f"depth {fitting_depth(tree)}."
    )


def connect4_view(tree: DecisionTree) -> frozenset[int]:
    """Follow an 8-ply position down the tree: its path (drawn bold), the tree's
    prediction beside the exact solver's value. Returns the path's node ids."""
    st.subheader("Follow a position down the tree")
    text = st.text_input(
        "An 8-ply move string (the UCI positions: nobody has won)", "44444435", key=MOVES
    )
    try:
        pos = _position(text)
    except TreevizError as exc:
        show_error(str(exc))
        return frozenset()
    ids = tree.path(position_row(pos))
    leaf = tree.nodes[ids[-1]]
    truth = exact_class(pos)
    left, right = st.columns([1, 2])
    left.markdown(board_html(pos, size=26), unsafe_allow_html=True)
    predicted = tree.table.classes[leaf.prediction]
    verdict = "agrees" if truth == predicted else "disagrees"
    right.markdown(
        f"The tree predicts **{predicted}** for X (leaf #{leaf.id}, {leaf.samples} "
        f"training rows); the exact solver says **{truth or 'unknown'}**: the tree "
        f"{verdict}.  \nPath: {rule(tree, leaf.id)}"
    )
    return frozenset(ids)


def _position(text: str) -> Any:

    pos = Position.from_moves(text)
    if pos.ply != 8 or pos.is_over():
        raise InvalidPositionError(
            f"{text!r} is not an 8-ply position where nobody has won (it has {pos.ply} stones)"
        )
    return pos
