"""A person's own agents: traced searches checked against an independent log of their
calls, board grids in every encoding, file agents on a real Dask cluster, and
command-line engines in play and arena, crashing ones included."""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from conftest import DECLARED_AGENT, EXAMPLES, app_test, record_odd_negamax, seen
from hypothesis import given, settings
from hypothesis import strategies as st
from tree_reading import drawn_nodes, tree_view

import treeviz
from treeviz.agents.registry import AGENTS, search
from treeviz.arena.store import Store
from treeviz.cli.main import main
from treeviz.connect4.board import Position
from treeviz.connect4.grid import BoardReadingWarning, position_from_grid
from treeviz.errors import InvalidMoveError, InvalidPositionError, UserAgentError
from treeviz.trace.files import dumps, loads
from treeviz.trace.nodes import CUTOFF
from treeviz.trace.values import node_value, user_value

sys.path.insert(0, str(EXAMPLES))
import minimax_agent as mm

# User agents loaded by a test are registered: forgotten after it (conftest.py).


# ---------------------------------------------------------------- traced searches
def logged_minimax(log: list[dict[str, Any]]) -> Any:
    """The example's minimax with its own log of every call, written apart from
    treeviz: the board, the window received, the side and the value returned."""

    def search(
        board: list[list[int]], depth: int, alpha: float, beta: float, maximizingPlayer: bool
    ) -> float:
        entry = {
            "board": [r[:] for r in board],
            "alpha": alpha,
            "beta": beta,
            "max": maximizingPlayer,
            "kids": [],
        }
        me = len(log)
        log.append(entry)
        if stack:
            log[stack[-1]]["kids"].append(me)
        stack.append(me)
        try:
            entry["value"] = inner(board, depth, alpha, beta, maximizingPlayer)
        finally:
            stack.pop()
        return entry["value"]

    stack: list[int] = []
    inner = mm.minimax.__wrapped__.__globals__["minimax"].__wrapped__
    return search, inner


@pytest.mark.slow
def test_a_traced_minimax_matches_an_independent_log_of_its_calls() -> None:
    pos = Position.from_moves("4453")
    board = mm.to_board(pos)
    with treeviz.recording() as rec:
        value = mm.minimax(board, 4, -math.inf, math.inf, True)
    trace = rec.trace
    # the same search, logged by hand: replace the recursion's target by the logger
    log: list[dict[str, Any]] = []
    logger, _ = logged_minimax(log)
    saved = mm.minimax
    mm.minimax = logger
    try:
        assert logger(board, 4, -math.inf, math.inf, True) == value
    finally:
        mm.minimax = saved
    assert len(trace) == len(log) == rec.calls  # one node per call
    table = trace.extra["user_values"]
    for i, entry in enumerate(log):
        n = trace.nodes[i]
        for k in entry["kids"]:
            assert trace.nodes["parent"][k] == i
            # the move is the column where the child's board gained a stone
            diff = [
                c
                for r in range(6)
                for c in range(7)
                if log[k]["board"][r][c] != entry["board"][r][c]
            ]
            assert diff == [int(trace.nodes["move"][k])]
        sign = 1 if entry["max"] else -1  # stored for the side to move
        assert user_value(int(n["value"]), table) == sign * entry["value"]
        a, b = entry["alpha"], entry["beta"]
        lo, hi = (a, b) if entry["max"] else (-b, -a)
        assert user_value(int(n["alpha"]), table) == lo
        assert user_value(int(n["beta"]), table) == hi
        legal = {c for c in range(7) if entry["board"][5][c] == 0}
        called = {int(trace.nodes["move"][k]) for k in entry["kids"]}
        pruned = {c for c in range(7) if int(n["pruned"]) >> c & 1}
        assert pruned == (legal - called if called else set())
        assert bool(n["flags"] & CUTOFF) == bool(pruned)


def test_the_result_reads_like_any_agents() -> None:
    pos = Position.from_moves("4453")
    with treeviz.recording() as rec:
        mm.minimax(mm.to_board(pos), 3, -math.inf, math.inf, True)
    res = rec.result
    kids = res.trace.children(0)
    by_col = {
        int(res.trace.nodes["move"][k]) + 1: node_value(res.trace, int(k)).value for k in kids
    }
    assert {m.column: m.value for m in res.moves if m.value is not None} == by_col
    assert res.move == max(by_col, key=lambda c: (by_col[c], -c))
    assert loads(dumps(res.trace)) == res.trace  # files keep the values' table
    text = treeviz.explain(pos, result=res, seconds=5)
    assert text.reasons and "expected the reply" in text.reasons[0].text


def test_huge_and_infinite_values_keep_their_order() -> None:
    rec = record_odd_negamax("", 1)
    vals = {m.column: m.value for m in rec.result.moves}
    assert vals[1] == -1e14 and vals[2] == math.inf and vals[3] == -0.25 and vals[4] == -7.0
    assert rec.result.move == 2


def test_zero_cost_outside_a_recording_and_one_search_per_recording() -> None:
    calls = []

    @treeviz.traced
    def f(moves: str) -> int:
        calls.append(moves)
        return 0

    assert f("44") == 0 and calls == ["44"]
    with treeviz.recording() as rec:
        f("44")
        with pytest.raises(treeviz.InvalidParameterError, match="one search"):
            f("45")
    assert len(rec.trace) == 1


def test_a_call_not_one_move_on_is_left_out_and_the_search_goes_on() -> None:
    """Tracing never changes what a search does: a call two stones on (a move played
    in place and not taken back) is kept out of the tree, counted and said, and the
    search returns what it returns without treeviz."""
    from treeviz.trace.reading import left_out_note

    @treeviz.traced
    def jump(moves: str) -> int:
        if len(moves) >= 4:
            return 7
        return max(jump(moves + "1"), jump(moves + "22"))

    plain = jump("")
    with treeviz.recording() as rec:
        assert jump("") == plain == 7
    t = rec.trace
    assert t.counters["left_out"] == 4  # "22" below each recorded node but the last
    assert [t.path_moves(i) for i in range(len(t))] == ["", "1", "11", "111", "1111"]
    assert not t.truncated and "4 calls were made" in left_out_note(t)
    assert left_out_note(treeviz.search("4453", "greedy").trace) == ""


# --------------------------------------------------------------------- board grids
ENCODINGS = [
    ("X", "O", "."),
    ("x", "o", "-"),
    ("R", "Y", " "),
    (1, 2, 0),
    (1, -1, 0),
    ("1", "2", "0"),
    ("X", "O", "b"),
    ("x", "o", None),
]


@st.composite
def positions(draw: Any) -> Position:
    pos = Position()
    for _ in range(draw(st.integers(0, 30))):
        legal = [c for c in pos.legal_moves() if not pos.is_winning_move(c)]
        if not legal:
            break
        pos.play(draw(st.sampled_from(legal)))
    return pos


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(positions(), st.sampled_from(ENCODINGS), st.booleans(), st.booleans(), st.booleans())
def test_grids_in_every_encoding_read_back(
    pos: Position, enc: tuple, top_first: bool, as_array: bool, swap: bool
) -> None:
    first, second, empty = enc
    if swap and pos.ply % 2 == 1:  # the second symbol as the first player: more stones
        first, second = second, first
    cells = {"X": first, "O": second, None: empty}
    rows = [[cells[c] for c in row] for row in pos.rows()]
    rows = rows if top_first else rows[::-1]
    grid: Any = np.array(rows, dtype=object) if as_array else rows
    full_or_empty = all(pos.column_height(c) in (0, pos.height) for c in range(pos.width))
    if full_or_empty and pos.ply and not top_first:  # gravity cannot tell: top first, said
        with pytest.warns(BoardReadingWarning, match="gravity cannot tell"):
            position_from_grid(grid)
        return
    assert position_from_grid(grid) == pos


def test_equal_counts_read_with_the_second_symbol_first_when_only_that_is_a_game() -> None:
    """A notebook whose AI plays 2 and moves first: after 4 4 5 5 6 6 its 2s lie on
    the floor under the 1s, which no game reaches with 1 as the first player."""
    pos = Position.from_moves("445566")
    rows = [[{"X": 2, "O": 1, None: 0}[c] for c in row] for row in pos.rows()]
    assert position_from_grid(rows) == pos
    ones_first = [[{"X": 1, "O": 2, None: 0}[c] for c in row] for row in pos.rows()]
    assert position_from_grid(ones_first) == pos  # the usual reading still comes first


@pytest.mark.parametrize(
    ("grid", "problem"),
    [
        ([[0] * 7] * 5 + [[0, 0, 0, 1, 1, 0, 0]], "'1' has 2 stones and '2' has 0"),
        ([[0] * 7] * 4 + [[0, 0, 0, 1, 0, 0, 0], [0] * 7], "floating"),
        ([[0] * 7] * 5 + [[0, 0, 0, "X", 2, 0, 0]], "not one encoding"),
        ([[0] * 7] * 3, "not supported"),
        ("not a grid", "no board rows|not a column|move"),
    ],
)
def test_bad_grids_name_their_problem(grid: Any, problem: str) -> None:
    with pytest.raises((InvalidPositionError, InvalidMoveError), match=problem):
        from treeviz.agents.user.instrument import to_position

        to_position(grid)


# ------------------------------------------------------------ agents from files
AGENT = "examples/minimax_agent.py:choose"


@pytest.mark.slow
def test_a_file_agent_is_an_agent_everywhere(capsys: Any) -> None:
    pos = Position.from_moves("4453")
    res = search(pos, str(EXAMPLES / "minimax_agent.py") + ":choose")
    assert res.trace.value_kind == "user" and len(res.trace) > 100
    assert res.move == mm.choose(pos)
    assert main(["analyze", "4453", "--agent", AGENT, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["move"] == res.move
    assert main(["analyze", "4453", "--agent", "examples/minimax_agent.py:nothing"]) == 2
    assert "has no 'nothing'" in capsys.readouterr().err


def test_answers_that_are_not_columns_are_one_clear_error(tmp_path: Path, capsys: Any) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text(
        "def zero(pos):\n    return 0\n\ndef boom(pos):\n    return 1 / 0\n\n"
        "def valued(pos):\n    return 4, [1, 2, 3, 9, 3, 2, 1]\n"
    )
    with pytest.raises(UserAgentError, match="columns count from 1"):
        search(Position(), f"{bad}:zero")
    with pytest.raises(UserAgentError, match=r"ZeroDivisionError.*bad.py:5"):
        search(Position(), f"{bad}:boom")
    res = search(Position(), f"{bad}:valued")
    assert res.move == 4 and [m.value for m in res.moves] == [1, 2, 3, 9, 3, 2, 1]


@pytest.mark.slow
def test_a_file_agent_travels_to_a_cluster(
    cluster: tuple[str, Any], tmp_path: Path, monkeypatch: Any, capsys: Any
) -> None:
    """The workers run in another folder: they import the uploaded file."""
    (tmp_path / "mine.py").write_text(
        (EXAMPLES / "minimax_agent.py").read_text().replace("DEPTH = 4", "DEPTH = 2")
    )
    monkeypatch.chdir(tmp_path)
    db = str(tmp_path / "a.db")
    argv = [
        "arena",
        "mine.py:choose",
        "random",
        "--games",
        "4",
        "--cluster",
        cluster[0],
        "--db",
        db,
        "--ply-seconds",
        "0",
        "--json",
    ]
    assert main(argv) == 0
    out = json.loads(capsys.readouterr().out)
    mine = next(p for p in out["players"] if p["spec"] == "mine.py:choose")
    assert out["games"] == 4 and not out["forfeits"] and mine["score"] >= 0.75


# ------------------------------------------------------- engines behind a command
ENGINE = """import sys
for line in sys.stdin:
    moves = line.strip()
    if {crash} and len(moves) >= 4:
        print("out of memory, sorry", file=sys.stderr)
        sys.exit(3)
    free = [c for c in range(1, 8) if moves.count(str(c)) < 6]
    best = min(free, key=lambda c: abs(c - 4))
    print(best, *[c == best and 1 or 0 for c in range(1, 8)], flush=True)
"""


def engine(tmp_path: Path, crash: bool) -> str:
    path = tmp_path / ("crash.py" if crash else "centre.py")
    path.write_text(ENGINE.format(crash=crash))
    return f"cmd:{sys.executable} {path}"


def test_an_engine_plays_and_its_scores_fill_the_table(tmp_path: Path, capsys: Any) -> None:
    spec = engine(tmp_path, crash=False)
    res = search(Position.from_moves("44"), spec)
    assert res.move == 4 and res.moves[3].value == 1 and res.moves[0].value == 0
    game = tmp_path / "g.json"
    assert main(["play", spec, "random", "--save", str(game)]) == 0
    moves = json.loads(game.read_text())["moves"]
    for i in range(0, len(moves), 2):  # the engine's moves: the free column nearest the centre
        free = Position.from_moves(moves[:i]).legal_moves()
        assert int(moves[i]) - 1 == min(free, key=lambda c: abs(c - 3))


@pytest.mark.slow
def test_a_crashing_engine_forfeits_and_the_arena_goes_on(tmp_path: Path, capsys: Any) -> None:
    crash = engine(tmp_path, crash=True)
    with pytest.raises(UserAgentError, match=r"exited \(code 3\).*out of memory"):
        search(Position.from_moves("4444"), crash)
    db = str(tmp_path / "a.db")
    assert (
        main(["arena", crash, "random", "greedy", "--games", "2", "--db", db, "--ply-seconds", "0"])
        == 0
    )
    with Store(db, create=False) as s:
        games = s.games()
    lost = [g for g in games if g.forfeit]
    assert len(games) == 6 and len(lost) == 4  # every game of the engine, none of the others
    assert all(g.spec_of_forfeit == crash and "out of memory" in g.forfeit["reason"] for g in lost)
    assert all(g.result == ("O" if g.x == crash else "X") for g in lost)
    assert "lost by forfeit" in capsys.readouterr().out


def test_an_engine_that_answers_garbage_or_nothing(tmp_path: Path, monkeypatch: Any) -> None:
    garbage = tmp_path / "g.py"
    garbage.write_text("import sys\nfor line in sys.stdin:\n    print('e4', flush=True)\n")
    with pytest.raises(UserAgentError, match="answered 'e4'"):
        search(Position(), f"cmd:{sys.executable} {garbage}")
    silent = tmp_path / "s.py"
    silent.write_text("import sys, time\nfor line in sys.stdin:\n    time.sleep(60)\n")
    monkeypatch.setenv("TREEVIZ_ENGINE_SECONDS", "0.5")
    with pytest.raises(UserAgentError, match=r"no answer .* within 0\.5 s"):
        search(Position(), f"cmd:{sys.executable} {silent}")


@pytest.mark.slow
def test_the_dashboard_lists_the_agents_it_was_started_with_and_no_other(
    monkeypatch: Any,
) -> None:
    monkeypatch.setenv("TREEVIZ_AGENTS", f"{AGENT};nothere.py:f;examples/mcts_agent.py")
    at = app_test(timeout=120)
    assert AGENT in AGENTS and "examples/mcts_agent.py:choose" in AGENTS
    assert any("nothere.py" in seen(e.value) for e in at.error)  # one clear error, the page works
    at.sidebar.selectbox(key="sample").set_value("greedy-trap").run()
    at.sidebar.selectbox(key="agent").set_value(AGENT).run()
    at.sidebar.button(key="run").click().run()
    assert not at.exception
    assert seen(at.subheader[0].value).startswith(f"{AGENT} plays column")
    drawn = tree_view(at)  # the tree, as the browser is sent it to draw
    assert drawn["total"] > 1 and 0 in drawn_nodes(drawn)
    table = at.dataframe[0].value
    assert len(table) == 7 and "exact score" in table.columns
    with pytest.raises(treeviz.InvalidParameterError, match="started with"):
        search(Position(), f"{EXAMPLES / 'minimax_agent.py'}:to_board")  # the app sealed us


def test_an_mcts_descent_records_visits_and_mean_results() -> None:
    """Calls that come back to a node add to its visits; checked against the example's
    own Node counts, kept apart from treeviz."""
    import mcts_agent as mc

    pos = Position.from_moves("4453")
    mc.random.seed(1)
    root = mc.Node(mc.to_board(pos), 1)
    with treeviz.recording() as rec:
        for _ in range(150):
            mc.descend(root)
    trace = rec.trace
    assert rec.calls > len(trace) and int(trace.nodes["visits"][0]) == root.visits == 150
    stack = [(0, root)]
    while stack:
        nid, node = stack.pop()
        kids = {int(trace.nodes["move"][k]): int(k) for k in trace.children(nid)}
        assert set(kids) == set(node.children)
        for col, child in node.children.items():
            k = kids[col]
            assert int(trace.nodes["visits"][k]) == child.visits
            # the child's mean for the player who moved into it, as the root sees it
            expected = 2 * child.wins / child.visits - 1
            shown = node_value(trace, k).value
            assert shown == pytest.approx(expected if trace.nodes["depth"][k] % 2 else -expected)
            stack.append((k, child))
    assert not (trace.nodes["pruned"] != 0).any()  # untried columns are not cut off


def test_a_declared_agent_takes_its_settings_and_its_trace_goes_everywhere(
    tmp_path: Path, capsys: Any
) -> None:
    path = tmp_path / "declared.py"
    path.write_text(DECLARED_AGENT)
    spec = f"{path}:AGENT:depth=3"
    res = search(Position.from_moves("4453"), spec)
    assert res.trace.algorithm == f"{path}:AGENT" and res.trace.params == {"depth": 3}
    assert str(treeviz.agents.registry.spec(spec)) == spec  # the spec reads back
    with pytest.raises(treeviz.InvalidParameterError, match="depth"):
        search(Position(), f"{path}:AGENT:depth=9")
    # a traced search's trace: saved, exported, replayed like any other
    with treeviz.recording() as rec:
        mm.minimax(mm.to_board(Position.from_moves("4453")), 3, -math.inf, math.inf, True)
    saved = tmp_path / "t.json"
    treeviz.save_trace(rec.trace, saved)
    assert treeviz.load_trace(saved) == rec.trace
    assert main(["export", str(saved), "-o", str(tmp_path / "t.svg")]) == 0
    assert (tmp_path / "t.svg").read_text().count('<g id="node') > 10
    from treeviz.trace.replay import trace_at

    half = trace_at(rec.trace, len(rec.trace) // 2)
    assert len(half) == len(rec.trace) // 2
