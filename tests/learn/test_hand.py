"""Alpha-beta by hand: the answer key against an independent alpha-beta and minimax,
against treeviz's own alpha-beta on real positions, the checking of sheets, the sheet."""

from __future__ import annotations

import html
import math
import re

import pytest
from conftest import random_position
from hypothesis import given, settings
from hypothesis import strategies as st

import treeviz
from treeviz.errors import InvalidParameterError
from treeviz.learn.hand import (
    HandTree,
    bound_text,
    check_sheet,
    parse_bound,
    position_tree,
    solve,
    textbook_tree,
)
from treeviz.learn.sheet import CROSS, sheet
from treeviz.trace.values import PROVEN

TREES = st.builds(textbook_tree, st.integers(2, 4), st.integers(2, 3), seed=st.integers(0, 10**6))


def minimax(tree: HandTree, i: int) -> float:
    """Plain minimax for MAX."""
    if tree.leaf[i] is not None:
        return float(tree.leaf[i])  # type: ignore[arg-type]
    vals = [minimax(tree, k) for k in tree.children(i)]
    return max(vals) if tree.is_max(i) else min(vals)


def negamax_leaves(tree: HandTree) -> list[int]:
    """The leaves an alpha-beta in negamax form (fail-hard, as Knuth and Moore write
    it) evaluates, in order: another formulation of the same algorithm."""
    seen: list[int] = []

    def ab(i: int, a: float, b: float, sign: int) -> float:
        if tree.leaf[i] is not None:
            seen.append(i)
            return sign * float(tree.leaf[i])  # type: ignore[arg-type]
        for k in tree.children(i):
            a = max(a, -ab(k, -b, -a, -sign))
            if a >= b:
                break
        return a

    ab(0, -math.inf, math.inf, 1)
    return seen


@settings(max_examples=40, deadline=None)
@given(TREES)
def test_the_key_is_minimax_at_the_root_and_prunes_as_the_textbook(tree: HandTree) -> None:
    key = solve(tree)
    assert key.nodes[0].value == minimax(tree, 0)
    visited_leaves = [
        i for i, nk in enumerate(key.nodes) if nk.visited and tree.leaf[i] is not None
    ]
    assert visited_leaves == negamax_leaves(tree)
    for i in key.pruned:  # a pruned branch hangs from a node that stopped, never entered
        assert key.nodes[tree.parent[i]].cut and not key.nodes[i].visited
    for nk in key.nodes:  # a visited node's final window is alpha-beta's own
        assert not nk.visited or (nk.alpha >= nk.alpha_in and nk.beta <= nk.beta_in)


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 12), st.integers(2, 3))
def test_a_real_position_matches_treeviz_alphabeta_without_ordering(
    seed: int, plies: int, depth: int
) -> None:
    pos = random_position(seed, plies)
    tree = position_tree(pos, depth)
    key = solve(tree)
    trace = treeviz.search(pos, f"alphabeta:depth={depth},ordering=left,tt=false").trace
    paths = {trace.path_moves(i): i for i in range(len(trace))}
    visited = {tree.names[i].replace("root", "") for i, nk in enumerate(key.nodes) if nk.visited}
    assert visited == set(paths)
    for i, nk in enumerate(key.nodes):
        if not nk.visited:
            continue
        t = paths[tree.names[i].replace("root", "")]
        sign = 1 if tree.is_max(i) else -1
        lo, hi = int(trace.nodes["alpha"][t]), int(trace.nodes["beta"][t])
        window = (lo, hi) if sign == 1 else (-hi, -lo)
        if all(abs(w) < PROVEN for w in window):  # wins are written in the sheet's scale
            assert (nk.alpha_in, nk.beta_in) == window
        value = sign * int(trace.nodes["value"][t])
        if abs(value) < PROVEN:
            assert nk.value == value


def answers(tree: HandTree) -> tuple[dict[int, str], dict[int, str], set[int]]:
    """A sheet filled in from the key."""
    key = solve(tree)
    inner = [i for i, nk in enumerate(key.nodes) if nk.visited and tree.leaf[i] is None]
    alpha = {i: bound_text(key.nodes[i].alpha) for i in inner}
    beta = {i: bound_text(key.nodes[i].beta) for i in inner}
    return alpha, beta, set(key.pruned)


@settings(max_examples=25, deadline=None)
@given(TREES, st.integers(0, 10**6))
def test_a_right_sheet_passes_and_one_error_is_found_first_with_a_reason(
    tree: HandTree, pick: int
) -> None:
    alpha, beta, pruned = answers(tree)
    assert check_sheet(tree, alpha, beta, pruned).right
    node = sorted(alpha)[pick % len(alpha)]
    was = parse_bound(alpha[node])
    wrong = {**alpha, node: "0" if was is None or math.isinf(was) else str(int(was) + 1)}
    check = check_sheet(tree, wrong, beta, pruned)
    first = check.mistakes[0]
    assert (first.node, first.what, first.right) == (node, "alpha", alpha[node])
    assert tree.names[node] in first.reason and len(check.mistakes) == 1
    if pruned:
        top = min(pruned)
        check = check_sheet(tree, alpha, beta, pruned - {top})
        assert [(m.node, m.what) for m in check.mistakes] == [(top, "pruned")]


@settings(max_examples=15, deadline=None)
@given(TREES, st.integers(0, 10**6))
def test_a_blank_field_is_left_to_fill_in_not_a_mistake(tree: HandTree, pick: int) -> None:
    alpha, beta, pruned = answers(tree)
    node = sorted(alpha)[pick % len(alpha)]
    check = check_sheet(tree, {**alpha, node: " "}, beta, pruned)
    assert not check.mistakes and not check.right
    assert [(m.node, m.what, m.right) for m in check.blank] == [(node, "alpha", alpha[node])]
    empty = check_sheet(tree, {}, {}, pruned)  # nothing written yet: nothing wrong
    assert not empty.mistakes and len(empty.blank) == 2 * len(alpha)


def test_marking_a_searched_branch_says_why_it_is_searched() -> None:
    tree = textbook_tree(2, 2, leaves=[3, 5, 2, 9])  # MIN B: 3, 5; MIN E: 2 then 9 cut
    alpha, beta, pruned = answers(tree)
    assert [tree.names[i] for i in pruned] == ["G"]
    check = check_sheet(tree, alpha, beta, {2})
    assert check.mistakes[0].node == 2 and "is searched" in check.mistakes[0].reason


def test_the_sheet_and_its_key_show_every_node() -> None:
    tree = textbook_tree(3, 3, seed=7)
    key = solve(tree)
    for is_key in (False, True):
        svg = sheet(tree, "svg", key=is_key).decode()
        texts = [html.unescape(t) for t in re.findall(r"<text[^>]*>([^<]*)</text>", svg)]
        for name, leaf in zip(tree.names, tree.leaf, strict=True):
            assert name in texts or any(t.startswith(name + " ") for t in texts)
            if leaf is not None:
                assert str(leaf) in texts
        assert svg.count(CROSS) == (len(key.pruned) if is_key else 0)
    assert sheet(tree, "pdf").startswith(b"%PDF")


def test_bad_input_raises_typed_errors_quoting_it() -> None:
    with pytest.raises(InvalidParameterError, match="'x7'"):
        parse_bound("x7")
    assert parse_bound(" -∞ ") == -math.inf and parse_bound("+inf") == math.inf
    with pytest.raises(InvalidParameterError, match="branching"):
        textbook_tree(9, 2)
    with pytest.raises(InvalidParameterError, match="needs 4"):
        textbook_tree(2, 2, leaves=[1, 2])


def win_scale(tree: HandTree) -> int:
    """The round number a real tree's note says its wins are written from."""
    found = re.search(r"±\((\d+) − p\)", tree.note)
    assert found is not None
    return int(found.group(1))


@settings(max_examples=10, deadline=None)
@given(
    st.integers(0, 10_000), st.integers(0, 12), st.sets(st.integers(1, 7), min_size=1, max_size=5)
)
def test_a_real_position_on_a_few_columns_is_the_tree_of_those_columns(
    seed: int, plies: int, cols: set[int]
) -> None:
    """The tree grown here by playing only ``cols`` (left to right, to depth 2, stopping
    at a finished game) is the tree given, node for node; its leaves keep the values
    the full tree gives them (in the heuristic's range: a win's sheet value depends on
    the largest plain value)."""
    pos = random_position(seed, plies)
    try:
        tree = position_tree(pos, 2, columns=sorted(cols))
    except InvalidParameterError as exc:  # none of cols playable somewhere: said so
        assert "none can be played" in str(exc)
        return
    names: list[str] = []

    def grow(at: treeviz.Position, path: str, depth: int) -> None:
        names.append(path or "root")
        if depth == 2 or at.is_over():
            return
        for c in sorted(cols):
            if at.can_play(c - 1):
                child = at.copy()
                child.play(c - 1)
                grow(child, path + str(c), depth + 1)

    grow(pos, "", 0)
    assert list(tree.names) == names
    assert sum(v is not None for v in tree.leaf) <= len(cols) ** 2
    full = position_tree(pos, 2)
    by_name = dict(zip(full.names, full.leaf, strict=True))
    plain = min(win_scale(full), win_scale(tree)) - 42  # below: no win, the heuristic's
    for name, v in zip(tree.names, tree.leaf, strict=True):
        if v is not None and abs(v) < plain:
            assert by_name[name] == v
    assert f"columns {''.join(map(str, sorted(cols)))} only" in tree.note
