"""Inside a traced search: each check names the first node where its bug shows, found
again here from the searches' own logs of their calls (tests/checkup/buggy_nodes.py),
and correct searches get no finding at all."""

from __future__ import annotations

import math
import sys
from pathlib import Path
from typing import Any

import buggy_nodes as bn
import pytest
from conftest import random_position
from hypothesis import given, settings
from hypothesis import strategies as st

import treeviz
from treeviz.checkup.node_tree import Tree
from treeviz.checkup.tree_bugs import CHECKS, NodeFinding, check_tree
from treeviz.connect4.board import Position

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "examples"))
import mcts_agent
import minimax_agent

NEAR_FULL = "64632436374443522122213755656113711765"  # 4 empty cells: fours and draws ahead
POSITIONS = ("", "4453", "131475", "121213", "3344553", NEAR_FULL)


def run(search: Any, moves: str, depth: int, *window: float, check: bool = True) -> Any:
    """The result of ``search`` on ``moves`` (the AI to move, maximising), its log
    fresh."""
    bn.LOG.clear()
    with treeviz.recording(check=check) as rec:
        search(bn.to_board(moves), depth, *window, True)
    return rec.result


def found(result: Any, check: str) -> NodeFinding:
    hits = [f for f in check_tree(result) if f.check == check]
    assert hits, check_tree(result)
    return hits[0]


def changed(before: bn.Board, after: bn.Board) -> list[tuple[int, int]]:
    return [(r, c) for r in range(bn.ROWS) for c in range(bn.COLS) if before[r][c] != after[r][c]]


def one_move(i: int) -> bool:
    """Whether logged call ``i`` got its caller's board with one cell changed (what the
    recording needs to make it a node)."""
    parent = bn.LOG[i]["parent"]
    return parent < 0 or len(changed(bn.LOG[parent]["board"], bn.LOG[i]["board"])) == 1


def node_ids() -> dict[int, int]:
    """Logged call -> node id: calls in order, but those off one move (and the calls
    below them) are not in the tree."""
    ids: dict[int, int] = {}
    for i, entry in enumerate(bn.LOG):
        parent = entry["parent"]
        if (parent < 0 or parent in ids) and one_move(i):
            ids[i] = len(ids)
    return ids


def line(i: int) -> tuple[int, ...]:
    """The columns (1-based) from the root to logged call ``i``, from the boards."""
    cols = []
    while bn.LOG[i]["parent"] >= 0:
        parent = bn.LOG[i]["parent"]
        cols.append(changed(bn.LOG[parent]["board"], bn.LOG[i]["board"])[0][1] + 1)
        i = parent
    return tuple(reversed(cols))


def first(condition: Any) -> int:
    hits = [i for i in range(len(bn.LOG)) if condition(i)]
    assert hits, "the bug never showed: pick another position"
    return hits[0]


def assert_at(finding: NodeFinding, moves: str, i: int, node: int | None = None) -> None:
    """``finding`` names logged call ``i`` (node ``node``, default ``i``)."""
    assert finding.node == (i if node is None else node), finding.text
    assert finding.line == line(i)
    # a root read from a grid gets a move order of its own: the same position
    shown = Position.from_moves(finding.node_moves)
    assert shown == Position.from_moves(moves + "".join(map(str, line(i))))
    assert finding.node_moves.endswith("".join(map(str, line(i))))
    assert finding.as_dict()["line"] == list(line(i))


# ---------------------------------------------------------------------- terminal
def test_a_four_searched_further_is_named_where_the_game_ended() -> None:
    result = run(bn.one_sided, "131475", 3)
    i = first(lambda i: bn.wins(bn.LOG[i]["board"], bn.HUMAN) and bn.LOG[i]["kids"])
    f = found(result, "terminal")
    assert_at(f, "131475", i)
    assert "the game is over" in f.text and "searched" not in f.text.split(":")[0]


def test_a_full_board_scored_infinite_is_named() -> None:
    result = run(bn.full_board_inf, NEAR_FULL, 5)
    i = first(
        lambda i: (
            bn.full(bn.LOG[i]["board"])
            and not bn.wins(bn.LOG[i]["board"], bn.AI)
            and not bn.wins(bn.LOG[i]["board"], bn.HUMAN)
        )
    )
    f = found(result, "terminal")
    assert_at(f, NEAR_FULL, i)
    assert "a draw" in f.text and "scored -inf for X" in f.text


def test_a_four_scored_as_a_draw_is_named() -> None:
    result = run(bn.four_is_zero, "131475", 3)
    i = first(lambda i: bn.wins(bn.LOG[i]["board"], bn.HUMAN) or bn.wins(bn.LOG[i]["board"], bn.AI))
    f = found(result, "terminal")
    assert_at(f, "131475", i)
    assert "four in a row" in f.text and "a draw" in f.text


# ---------------------------------------------------------------------- backup
def test_a_value_that_is_not_the_best_child_is_named() -> None:
    result = run(bn.max_twice, "4453", 2)

    def wrong(i: int) -> bool:
        e = bn.LOG[i]
        return bool(e["kids"]) and e["ret"] != (max if e["args"][-1] else min)(e["kids"])

    i = first(wrong)
    f = found(result, "backup")
    assert_at(f, "4453", i)
    e = bn.LOG[i]
    assert "minimises" in f.text and f"returned {num(e['ret'])}" in f.text
    assert f"{num(min(e['kids']))} (column" in f.text


def num(v: int) -> str:
    return f"{v:+d}" if v else "0"


# ---------------------------------------------------------------------- sign
def test_wins_scored_from_the_wrong_side_at_odd_depths_are_named() -> None:
    result = run(bn.flag_signed, "121213", 3)
    i = first(lambda i: bn.wins(bn.LOG[i]["board"], bn.AI))
    f = found(result, "sign")
    assert_at(f, "121213", i)
    fours = [e for e in bn.LOG if bn.wins(e["board"], bn.AI) or bn.wins(e["board"], bn.HUMAN)]
    odd = sum(len(line_of(e)) % 2 == 1 for e in fours)
    assert "at odd depths" in f.text and f"of {odd} at odd depths" in f.text
    even = f.text.split("at even depths")[0].rsplit(":", 1)[-1]
    assert "0 of" in even or "no four" in even  # none of the even depths' fours is wrong
    assert not [g for g in check_tree(result) if g.check in ("terminal", "backup")]


def test_one_parity_is_blamed_only_against_fours_scored_right_at_the_other() -> None:
    from treeviz.checkup.node_tree import Tree
    from treeviz.checkup.node_words import Words

    result = run(bn.flag_signed, "121213", 3)
    f = found(result, "sign")
    words = Words(Tree(result.trace))
    none_even = words.sign(f.node, 5.0, {0: (0, 0), 1: (3, 3)})
    assert "no four at even depths, 3 of 3 at odd depths" in none_even
    assert "one depth parity" not in none_even
    assert "one depth parity" in words.sign(f.node, 5.0, {0: (0, 2), 1: (3, 3)})


def line_of(entry: dict[str, Any]) -> tuple[int, ...]:
    return line(bn.LOG.index(entry))


# ---------------------------------------------------------------------- turn
def test_a_stone_of_the_wrong_colour_is_named() -> None:
    result = run(bn.same_piece, "4453", 3)

    def wrong_piece(i: int) -> bool:
        parent = bn.LOG[i]["parent"]
        if parent < 0:
            return False
        ((r, c),) = changed(bn.LOG[parent]["board"], bn.LOG[i]["board"])
        return bn.LOG[i]["board"][r][c] != (bn.AI if bn.LOG[parent]["args"][-1] else bn.HUMAN)

    i = first(wrong_piece)
    f = found(result, "turn")
    assert_at(f, "4453", i)
    assert f"column {line(i)[-1]} is 1, X's symbol, but O made that move" in f.text
    wrong = [
        j for j in range(len(bn.LOG)) if wrong_piece(j) and not wrong_piece(bn.LOG[j]["parent"])
    ]
    assert f"({len(wrong)} calls like this)" in f.text  # not the calls below them


def test_a_flag_that_does_not_change_is_named_with_or_without_checking() -> None:
    for check in (True, False):
        result = run(bn.stuck_flag, "4453", 3, check=check)
        i = first(
            lambda i: (
                bn.LOG[i]["parent"] >= 0
                and bn.LOG[i]["args"][-1] == bn.LOG[bn.LOG[i]["parent"]]["args"][-1]
            )
        )
        f = found(result, "turn")
        assert_at(f, "4453", i)
        assert "maximizingPlayer=False, the same as its caller" in f.text
        # values are read by the recorded flags: no backup finding follows from it,
        # and whose values a four's are is unknown below it: no sign finding either
        assert not [g for g in check_tree(result) if g.check in ("backup", "sign")]


# ---------------------------------------------------------------------- mutation
def test_a_move_left_on_the_board_is_named_where_the_code_forgot_it() -> None:
    result = run(bn.break_before_undo, "4453", 3, -math.inf, math.inf)
    ids = node_ids()
    changed_calls = {i for i, e in enumerate(bn.LOG) if e["board"] != e["after"]}
    below = {e["parent"] for i, e in enumerate(bn.LOG) if i in changed_calls}
    culprits = sorted(i for i in changed_calls - below if i in ids)
    assert culprits and all(bn.LOG[i].get("cut") for i in culprits)
    f = found(result, "mutation")
    assert_at(f, "4453", culprits[0], ids[culprits[0]])
    assert "a stone more" in f.text
    assert f.cause == "board-mutated"
    # the stone left behind makes the caller's next call two moves on: named too
    stray = first(lambda i: not one_move(i) and bn.LOG[i]["parent"] in ids)
    g = found(result, "turn")
    assert_at(g, "4453", bn.LOG[stray]["parent"], ids[bn.LOG[stray]["parent"]])
    assert "not one move after its own: 2 stones more" in g.text
    # a symptom of the stone left behind: reported beneath the mutation, not a bug of its own
    assert g.under == "mutation"


def test_without_checking_a_call_off_one_move_is_left_out() -> None:
    checked = run(bn.break_before_undo, "4453", 3, -math.inf, math.inf)
    plain = run(bn.break_before_undo, "4453", 3, -math.inf, math.inf, check=False)
    assert plain.trace.counters["left_out"] >= 1
    assert len(plain.trace) == len(checked.trace)  # the same calls kept out


# ---------------------------------------------------------------------- cutoff
def test_a_prune_with_the_window_open_is_named() -> None:
    result = run(bn.inverted_cut, "4453", 3, -math.inf, math.inf)
    i = first(lambda i: bn.LOG[i].get("open_cut", False))
    f = found(result, "cutoff")
    assert_at(f, "4453", i)
    assert "still open" in f.text and "alpha" in f.text


# ---------------------------------------------------------------------- no false alarms
def negamax(
    pos: Position,
    depth: int,
    alpha: float,
    beta: float,
    shortcut: bool = False,
    clamp: bool = False,
) -> float:
    """A correct fail-hard negamax with alpha-beta over a Position played in place;
    with ``shortcut`` a leaf whose side to move can win at once scores the win without
    playing it; with ``clamp`` every leaf's score is clamped into the window, as the
    strictest fail-hard form writes it (a four at alpha is a true bound: its loss is
    below it)."""
    score = _leaf(pos, depth, shortcut)
    if score is not None:
        return max(alpha, min(beta, score)) if clamp else score
    for col in (3, 2, 4, 1, 5, 0, 6):
        if pos.can_play(col):
            pos.play(col)
            score = -traced_negamax(pos, depth - 1, -beta, -alpha, shortcut, clamp)
            pos.undo()
            if score >= beta:
                return beta
            alpha = max(alpha, score)
    return alpha


def _leaf(pos: Position, depth: int, shortcut: bool) -> float | None:
    """A leaf's score for the side to move (None: not a leaf)."""
    if pos.winner() is not None:
        return -(bn.WIN + depth)  # the side to move has lost: sooner is worse
    if pos.is_full():
        return 0
    if depth == 0 and shortcut and pos.can_win_next():
        return bn.WIN
    if depth == 0:
        x, o = pos.stones
        mine, theirs = (x, o) if pos.side_to_move == "X" else (o, x)
        centre = sum(1 << (3 * (pos.height + 1) + r) for r in range(pos.height))
        return (mine & centre).bit_count() - (theirs & centre).bit_count()
    return None


traced_negamax = treeviz.traced(negamax)


def correct_findings(moves: str, depth: int) -> dict[str, list[NodeFinding]]:
    """The findings on the correct searches: the example minimax (called at the root,
    and through its agent below a given root) and the negamax (with and without a
    shortcut for wins at the leaves), checked."""
    pos = Position.from_moves(moves)
    out = {}
    with treeviz.recording(check=True) as rec:
        minimax_agent.minimax(minimax_agent.to_board(pos), depth, -math.inf, math.inf, True)
    out["minimax"] = check_tree(rec.result)
    with treeviz.recording(root=pos, check=True) as rec:
        minimax_agent.DEPTH, saved = depth, minimax_agent.DEPTH
        try:
            minimax_agent.choose(pos.copy())
        finally:
            minimax_agent.DEPTH = saved
    out["choose"] = check_tree(rec.result)
    for shortcut in (False, True):
        with treeviz.recording(check=True) as rec:
            traced_negamax(pos.copy(), depth, -math.inf, math.inf, shortcut)
        out[f"negamax{'+shortcut' * shortcut}"] = check_tree(rec.result)
    with treeviz.recording(check=True) as rec:  # a finite window, as a course starts it
        traced_negamax(pos.copy(), depth, -10 * bn.WIN, 10 * bn.WIN, False, True)
    out["negamax+clamp"] = check_tree(rec.result)
    return out


@pytest.mark.slow
@pytest.mark.parametrize("moves", POSITIONS)
@pytest.mark.parametrize("depth", [2, 3, 4])
def test_correct_searches_get_no_node_finding(moves: str, depth: int) -> None:
    assert correct_findings(moves, depth) == {
        "minimax": [],
        "choose": [],
        "negamax": [],
        "negamax+shortcut": [],
        "negamax+clamp": [],
    }


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 30), st.integers(1, 3), st.booleans())
def test_a_correct_negamax_never_gets_a_finding(
    seed: int, plies: int, depth: int, clamp: bool
) -> None:
    pos = random_position(seed, plies)
    edge = 10 * bn.WIN if clamp else math.inf
    with treeviz.recording(check=True) as rec:
        traced_negamax(pos.copy(), depth, -edge, edge, False, clamp)
    assert check_tree(rec.result) == []


@pytest.mark.parametrize("moves", ["7141543", "72633225"])
def test_a_fail_hard_bound_at_a_four_is_no_finding(moves: str) -> None:
    """Fours clamped into the window (scored at alpha, a true bound on a loss) are no
    terminal or sign finding (at these positions the window clamps some)."""
    pos = Position.from_moves(moves)
    with treeviz.recording(check=True) as rec:
        traced_negamax(pos.copy(), 5, -10 * bn.WIN, 10 * bn.WIN, False, True)
    t = Tree(rec.result.trace)  # the values as recorded, read as the checks read them
    assert (t.four & (abs(t.value) < bn.WIN)).any()  # the window clamped some fours' losses
    assert check_tree(rec.result) == []


def test_an_mcts_gets_no_value_finding() -> None:
    """Its values are means of many calls: only the checks that need none apply."""
    pos = Position.from_moves("4453")
    mcts_agent.ITERATIONS, saved = 150, mcts_agent.ITERATIONS
    try:
        with treeviz.recording(root=pos, check=True) as rec:
            mcts_agent.choose(pos.copy())
    finally:
        mcts_agent.ITERATIONS = saved
    assert check_tree(rec.result) == []


# ---------------------------------------------------------------------- the contract
def test_findings_come_one_per_check_sorted_by_node() -> None:
    result = run(bn.break_before_undo, "4453", 3, -math.inf, math.inf)
    out = check_tree(result)
    assert len({f.check for f in out}) == len(out) and {f.check for f in out} <= set(CHECKS)
    assert [f.node for f in out] == sorted(f.node for f in out)
    assert check_tree(result.trace) == out  # a result or its trace


def test_findings_survive_a_trace_file(tmp_path: Path) -> None:
    result = run(bn.break_before_undo, "4453", 3, -math.inf, math.inf)
    for name in ("t.json", "t.npz"):
        treeviz.save_trace(result.trace, tmp_path / name)
        assert check_tree(treeviz.load_trace(tmp_path / name)) == check_tree(result)


def test_an_agent_that_traced_nothing_has_no_tree_to_check() -> None:
    """Per-column values only: a root and its children, not a search."""
    from treeviz.agents.user.instrument import answered

    pos = Position.from_moves("4453")
    with treeviz.recording(root=pos, check=True) as rec:
        pass
    result = answered(
        rec, pos, name="values", column=3, values={c: 0.5 for c in range(7)} | {0: 2.0}, seconds=0.0
    )
    assert len(result.trace) == 8 and check_tree(result) == []


def deepening(pos: Position, top: int) -> int:
    """Iterative deepening to ``top`` plies at the root, the last pass's best column
    searched first, each child with the window the columns before it left: the
    root's answer (0-based)."""
    first = 3
    for depth in range(1, top + 1):
        best, alpha = first, -math.inf
        for col in [first, *(c for c in (3, 2, 4, 1, 5, 0, 6) if c != first)]:
            if pos.can_play(col):
                child = pos.copy()
                child.play(col)
                score = -traced_negamax(child, depth - 1, -math.inf, -alpha)
                if score > alpha:
                    best, alpha = col, score
        first = best
    return first


@pytest.mark.parametrize("moves", ["72633225", "553336", "4453", "3344553"])
def test_an_iterative_deepening_alpha_beta_is_not_read_as_an_mcts(moves: str) -> None:
    """Each pass calls the root's children again, so the tree counts visits as an
    MCTS's does; but the calls carry windows: no selection rule, final choice or
    growth of an MCTS is judged (at 72633225 it was told that its exploration term
    has no logarithm)."""
    pos = Position.from_moves(moves)
    with treeviz.recording(root=pos, check=True) as rec:
        rec.forced = deepening(pos.copy(), 5)
    assert not Tree(rec.result.trace).once  # the children were called again
    assert check_tree(rec.result) == []
