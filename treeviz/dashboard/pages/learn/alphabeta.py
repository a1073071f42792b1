"""The Learn page's "Alpha-beta by hand": a small tree (a textbook one from a seed or
given leaves, or a real position's, a few of its columns), its sheet to fill in (alpha
and beta at each inner node as it returns, the pruned branches ticked), checked node by
node with the first mistake explained; the sheet and its answer key to download as SVG
or PDF.

Sized for a lesson: the defaults (a 3x3 textbook tree; position 4453 at depth 2,
columns 2-6: 25 leaves) lie in the page's column at their own size. A bigger sheet is
scaled down to the column while its labels stay readable (at least
:data:`READABLE` of their size; a narrower window scrolls it sideways), and one too
tall to read on screen is offered to print instead (its form still checks it)."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

import streamlit as st

from treeviz.connect4.notation import parse_position
from treeviz.dashboard import state
from treeviz.dashboard.components.inputs import download, param_widget
from treeviz.dashboard.components.text import error as show_error
from treeviz.dashboard.components.text import escape_markdown
from treeviz.dashboard.pages.learn.state import AB_COLUMNS as COLUMNS
from treeviz.dashboard.pages.learn.state import AB_DEFAULTS, VIEW, ab_setting_key
from treeviz.dashboard.pages.learn.state import AB_LEAVES as LEAVES
from treeviz.dashboard.pages.learn.state import AB_MOVES as MOVES
from treeviz.dashboard.pages.learn.state import AB_PLIES as PLIES
from treeviz.dashboard.pages.learn.state import AB_SEED as SEED
from treeviz.dashboard.pages.learn.state import AB_SOURCE as SOURCE
from treeviz.errors import InvalidParameterError, TreevizError
from treeviz.learn.hand import HandTree, SheetCheck, check_sheet, position_tree, textbook_tree
from treeviz.learn.sheet import sheet
from treeviz.settings import HAND_BRANCHING, HAND_DEPTH, INT_TEXT, show_value

SOURCES = {"textbook": "Textbook tree", "position": "Real position"}
LINKED = {"b": HAND_BRANCHING, "d": HAND_DEPTH, "seed": SEED, "plies": PLIES}  # query -> setting
READABLE = 0.6  # a sheet is shrunk to the column down to this share of its size, no more
SCREEN_MAX_PX = 3000  # a sheet taller than this is offered to print, not drawn on screen


def read_link(query: Any) -> None:
    """A shared link's tree (``tree``, ``b``, ``d``, ``seed``, ``leaves``; ``moves``,
    ``plies``, ``cols``) put into the widgets; a setting out of its range is refused in
    words."""
    if query.get("tree") in SOURCES:
        state.put(SOURCE, query["tree"])
    for name, p in LINKED.items():
        if name in query:
            try:
                state.put(ab_setting_key(p.name), p.coerce(query[name]))
            except TreevizError as exc:
                show_error(f"The link's tree cannot be opened: {exc}")
    if "leaves" in query:
        state.put(LEAVES, query["leaves"])
    if "moves" in query:
        state.put(MOVES, query["moves"])
    if "cols" in query:
        state.put(COLUMNS, query["cols"])


def parse_columns(text: str) -> tuple[int, ...] | None:
    """Columns as typed (digits 1-7, spaces and commas ignored), None when blank; any
    other character raises :class:`InvalidParameterError` quoting the text."""
    digits = re.sub(r"[\s,;]+", "", text)
    if not digits:
        return None
    if not digits.isascii() or not digits.isdigit() or not set(digits) <= set("1234567"):
        raise InvalidParameterError(f"columns {show_value(text)}: write columns 1 to 7, e.g. 23456")
    return tuple(sorted({int(c) for c in digits}))


def parse_leaves(text: str) -> list[int] | None:
    """Leaf numbers as typed (separated by spaces or commas), None when blank."""
    parts = [p for p in re.split(r"[\s,;]+", text.strip()) if p]
    if not parts:
        return None
    bad = [p for p in parts if not INT_TEXT.fullmatch(p)]
    if bad:
        raise InvalidParameterError(
            f"leaf {show_value(bad[0])} in {show_value(text)} is not a whole number"
        )
    return [int(p) for p in parts]


@lru_cache(maxsize=32)
def _textbook(branching: int, depth: int, seed: int, leaves: tuple[int, ...] | None) -> HandTree:
    return textbook_tree(branching, depth, seed=seed, leaves=leaves)


@lru_cache(maxsize=32)
def _position(moves: str, depth: int, columns: tuple[int, ...] | None) -> HandTree:
    return position_tree(moves, depth, columns=columns)


@lru_cache(maxsize=16)
def drawn(tree: HandTree, fmt: str, key: bool) -> bytes:
    """The sheet (or key) of ``tree``, rendered once per tree."""
    return sheet(tree, fmt, key)


def choose_tree() -> HandTree | None:
    """The tree the sidebar describes (None when it cannot be made: ``st.error`` says why)."""
    side = st.sidebar
    state.preset(SOURCE, AB_DEFAULTS[SOURCE])
    source = side.radio(
        "Tree", list(SOURCES), format_func=SOURCES.__getitem__, key=SOURCE, horizontal=True
    )
    query = {"ex": "alphabeta", "tree": source}
    try:
        if source == "textbook":
            depth = int(param_widget(HAND_DEPTH, ab_setting_key("depth")))
            branching = int(param_widget(HAND_BRANCHING, ab_setting_key("branching")))
            seed = int(param_widget(SEED, ab_setting_key("seed")))
            text = side.text_input("Leaves, left to right (blank: from the seed)", key=LEAVES)
            query |= {"d": str(depth), "b": str(branching), "seed": str(seed)}
            st.query_params.from_dict(query | ({"leaves": text} if text else {}))
            leaves = parse_leaves(text)
            return _textbook(branching, depth, seed, None if leaves is None else tuple(leaves))
        plies = int(param_widget(PLIES, ab_setting_key("plies")))
        state.preset(MOVES, AB_DEFAULTS[MOVES])
        moves = side.text_input("Position (moves)", key=MOVES)
        state.preset(COLUMNS, AB_DEFAULTS[COLUMNS])
        cols = side.text_input(
            "Columns tried at each node (blank: all 7)",
            key=COLUMNS,
            help="fewer columns, a smaller sheet: 23456 at depth 2 is 25 leaves, all 7 are 49",
        )
        st.query_params.from_dict(query | {"plies": str(plies), "moves": moves, "cols": cols})
        return _position(parse_position(moves).moves_string(), plies, parse_columns(cols))
    except TreevizError as exc:
        show_error(str(exc))
        return None


def show() -> None:
    """The exercise: the sheet, its form, the check, the downloads."""
    tree = choose_tree()
    if tree is None:
        return
    st.markdown(
        escape_markdown(
            f"{tree.note}. Values are for MAX (the player to move at the "
            "root). Fill in α and β at each node as it returns, and "
            "tick each branch the search never enters."
        )
    )
    show_key = st.checkbox("Show the answer key", key=ab_setting_key("key"))
    show_sheet(tree, show_key)
    ident = abs(hash(tree))
    with st.form(VIEW.widget("ab", "form", ident)):
        fields = sheet_form(tree, ident)
        submitted = st.form_submit_button("Check the sheet", type="primary")
    if submitted:
        try:
            VIEW.keep_check(tree, check_sheet(tree, *fields))
        except TreevizError as exc:
            VIEW.keep_check(tree, str(exc))
    show_check(tree, VIEW.checked(tree))
    downloads(tree)


def show_sheet(tree: HandTree, key: bool) -> None:
    """The sheet (or its key) in the page's column: at its own size when it fits, else
    shrunk to the column down to :data:`READABLE` of its size (a narrower column then
    scrolls it sideways: labels squeezed smaller could not be read); a sheet taller
    than :data:`SCREEN_MAX_PX` is not drawn, but offered to print."""
    svg = _svg_text(drawn(tree, "svg", key))
    width, height = svg_size(svg)
    if height > SCREEN_MAX_PX:
        leaves = sum(v is not None for v in tree.leaf)
        st.info(
            f"This sheet has {leaves} leaves: at {height:,} px tall it is too big to "
            "read on screen. Download it below to print it; the form below checks it."
        )
        return
    box = VIEW.widget("ab", "sheet")
    st.markdown(
        f"<style>.st-key-{box}{{overflow-x:auto}}.st-key-{box} img{{"
        f"width:100%!important;max-width:{width}px!important;"
        f"min-width:{int(width * READABLE)}px!important}}</style>",
        unsafe_allow_html=True,
    )
    st.container(key=box).image(svg, width="stretch")


def svg_size(svg: str) -> tuple[int, int]:
    """(width, height) in CSS pixels of Graphviz's SVG (its sizes are in points)."""
    found = re.search(r'<svg width="(\d+)pt" height="(\d+)pt"', svg)
    if found is None:  # Graphviz always writes them; a change there shows it here
        raise ValueError("the sheet's SVG has no size in points")
    return int(found.group(1)) * 4 // 3, int(found.group(2)) * 4 // 3


def sheet_form(tree: HandTree, ident: int) -> tuple[dict[int, str], dict[int, str], set[int]]:
    """One row per inner node: its alpha, its beta, and a box per branch below it."""
    alpha, beta, pruned = {}, {}, set()
    for i in range(len(tree)):
        if tree.leaf[i] is not None:
            continue
        name = tree.names[i]
        role = "MAX" if tree.is_max(i) else "MIN"
        cols = st.columns([1, 1, 1, 5])
        cols[0].markdown(f"**{escape_markdown(name)}** {role}")
        alpha[i] = cols[1].text_input(f"α at {name}", key=VIEW.widget("ab", ident, i, "a"))
        beta[i] = cols[2].text_input(f"β at {name}", key=VIEW.widget("ab", ident, i, "b"))
        cols[3].caption("Pruned branches (never entered):")
        boxes = cols[3].columns(len(tree.children(i)))
        for box, k in zip(boxes, tree.children(i), strict=True):
            if box.checkbox(tree.names[k], key=VIEW.widget("ab", ident, k, "p")):
                pruned.add(k)
    return alpha, beta, pruned


def show_check(tree: HandTree, result: SheetCheck | str | None) -> None:
    """The last check: all right, or the first mistake explained and the others named."""
    if result is None:
        return
    if isinstance(result, str):
        show_error(result)
        return
    if result.right:
        st.success("The whole sheet is right: every α, every β and every pruned branch.")
        return
    left = len(result.blank)
    todo = f"{left} field{'s' if left > 1 else ''} left to fill in" if left else ""
    if not result.mistakes:
        first_blank = result.blank[0]
        sign = {"alpha": "α", "beta": "β"}[first_blank.what]
        st.info(f"No mistake so far: {todo} (the first: {tree.names[first_blank.node]} {sign}).")
        return
    if todo:
        st.caption(f"Besides the mistakes: {todo}.")
    first = result.mistakes[0]
    name = tree.names[first.node]
    what = {"alpha": "α", "beta": "β", "pruned": "the branch"}[first.what]
    st.error(
        escape_markdown(
            f"{len(result.mistakes)} mistake{'s' if len(result.mistakes) > 1 else ''}. The first, "
            f"at {name}, {what}: you wrote {first.given or '(nothing)'}, the answer is "
            f"{first.right or '(nothing)'}. {first.reason}"
        )
    )
    if len(result.mistakes) > 1:
        others = ", ".join(f"{tree.names[m.node]} {m.what}" for m in result.mistakes[1:])
        st.caption(escape_markdown(f"Also wrong: {others}."))


def downloads(tree: HandTree) -> None:
    """The sheet and its answer key, as SVG and PDF, for a teacher to print."""
    row = st.container(horizontal=True, gap="small")  # wraps: no name cut short
    for fmt, key in [("svg", False), ("pdf", False), ("svg", True), ("pdf", True)]:
        what = "answer key" if key else "sheet"
        download(
            row,
            f"Download the {what} ({fmt.upper()})",
            drawn(tree, fmt, key),
            file_name=f"alphabeta-{what.replace(' ', '-')}.{fmt}",
            key=VIEW.widget("ab", "dl", fmt, key),
        )


def _svg_text(svg: bytes) -> str:
    """Graphviz's SVG from its ``<svg`` element on (no XML prologue), at its own size."""
    text = svg.decode()
    return text[text.index("<svg") :]
