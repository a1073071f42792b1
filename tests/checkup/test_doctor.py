"""The doctor: its battery, its checks and its findings, against answers known from
outside (bitboard facts from playing the moves, exact outcomes, agents with one known
defect each), and no finding at all for correct searches."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from conftest import run_cli
from hypothesis import given, settings
from hypothesis import strategies as st

from treeviz.checkup.ask import ask
from treeviz.checkup.battery import (
    ENDGAME_EMPTY,
    KINDS,
    LEVELS,
    PHASES,
    battery,
    facts,
    make_battery,
    playout,
    reached,
)
from treeviz.checkup.run import checkup
from treeviz.checkup.shrink import shrink, smaller
from treeviz.checkup.tactics import tactics
from treeviz.connect4.board import Position

CASES = str(Path(__file__).resolve().parents[1] / "data" / "agents" / "doctor_cases.py")


def case(name: str) -> str:
    return f"{CASES}:{name}"


def brute_facts(pos: Position) -> tuple[set[int], set[int], set[int]]:
    """Wins, opponent threats and unsafe moves by playing every move out."""
    wins, unsafe, threats = set(), set(), set()
    for c in pos.legal_moves():
        child = pos.copy()
        child.play(c)
        if child.winner():
            wins.add(c)
        elif any(_wins_after(child, d) for d in child.legal_moves()):
            unsafe.add(c)
        swapped = Position.from_moves(pos.moves_string())  # the opponent moving now:
        swapped.current ^= swapped.mask  # the same stones, the other side to move
        if swapped.is_winning_move(c):
            threats.add(c)
    return wins, threats, unsafe


def _wins_after(pos: Position, col: int) -> bool:
    child = pos.copy()
    child.play(col)
    return child.winner() is not None


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 38))
def test_facts_are_what_playing_the_moves_shows(seed: int, plies: int) -> None:
    moves = playout(random.Random(seed), plies)
    if moves is None:
        return
    pos = Position.from_moves(moves)
    f = facts(pos)
    wins, threats, unsafe = brute_facts(pos)
    assert (set(f.wins), set(f.threats), set(f.unsafe)) == (wins, threats, unsafe)
    assert f.safe == frozenset(pos.legal_moves()) - f.wins - f.unsafe


@pytest.mark.slow
def test_the_battery_is_seeded_and_each_kind_is_what_it_says() -> None:
    probes = battery(6, seed=3)
    # made again (not the process's cached one): the same for the same seed
    assert probes == make_battery(6, seed=3) and probes != make_battery(6, seed=4)
    mine = battery(6, seed=3)
    mine.pop()  # each call's list is its own: the cached probes stay whole
    assert len(battery(6, seed=3)) == len(probes) == len(mine) + 1
    assert len({p.moves for p in probes}) == len(probes)
    cells = 42
    for kind in KINDS:
        mine = [p for p in probes if p.kind == kind]
        assert len(mine) == 6 and {len(p.moves) % 2 for p in mine} == {0, 1}, kind
        for p in mine:
            pos = reached(p.moves)
            assert pos is not None, p  # reachable, not over
            f = facts(pos)
            if kind == "win-now":
                assert f.wins
            elif kind == "block":
                assert f.must_block
            elif kind == "edge":
                assert f.wins & {0, 6} or (f.must_block and f.safe <= {0, 6})
            elif kind == "endgame":
                assert ENDGAME_EMPTY[0] <= cells - pos.ply <= ENDGAME_EMPTY[1]
            elif kind == "transposition":
                other = reached(p.other)
                assert other is not None and other.key() == pos.key() and p.other != p.moves
            elif kind in LEVELS:
                assert tactics(pos).kind() == LEVELS[kind]
            else:
                lo, hi = PHASES[kind]
                assert lo <= pos.ply <= hi


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.integers(2, 30))
def test_smaller_positions_keep_the_side_and_stay_legal(seed: int, plies: int) -> None:
    moves = playout(random.Random(seed), plies)
    if moves is None:
        return
    for cand in smaller(moves, random.Random(seed)):
        assert len(cand) == len(moves) - 2 and reached(cand) is not None
        # one move of each player dropped: each column's count of each player's
        # stones can only fall
        assert sorted(cand) != sorted(moves) or cand == moves


def test_shrinking_ends_where_nothing_smaller_still_fails() -> None:
    """With 'fails' = 'the side to move can win at once', the result still fails and
    no smaller candidate of it does (a local minimum, as Hypothesis's)."""

    def wins_now(m: str) -> bool:
        return bool(facts(Position.from_moves(m)).wins)

    start = next(p.moves for p in battery(4, seed=1) if p.kind == "win-now")
    out = shrink(start, lambda m: True, wins_now, smaller=smaller, budget=10_000)
    assert wins_now(out) and len(out) <= len(start)
    assert not any(wins_now(c) for c in smaller(out, random.Random(0)))


def test_a_smaller_position_answered_otherwise_is_no_smaller_example(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Shrinking a missed win where every smaller position times out (a loaded machine,
    an agent near its limit): the finding keeps its own position; a timeout is another
    failure, not this one (the checkup stopped with StopIteration)."""
    import treeviz.checkup.run as run

    moves = "44556612"  # X to move wins at once at column 3 or 7, and after "445566"
    assert facts(Position.from_moves(moves)).wins
    monkeypatch.setattr(run, "ask", lambda agent, m, seconds: run.Answer(m, None, "timeout"))
    missed = run.Answer(moves, 1)
    assert run._shrunk("random", 1.0, 2, "misses-win", missed, 0) == missed


@pytest.mark.slow
@pytest.mark.parametrize(
    "agent",
    [
        "random",
        "greedy",
        "minimax:depth=2",
        "minimax:depth=3",
        "alphabeta:depth=4",
        "alphabeta:depth=5,ordering=left",
        "mcts:iterations=300,rule=true",
        "solver",
        case("sound"),
    ],
)
def test_no_false_alarms(agent: str) -> None:
    """Correct searches get no finding, only a strength report."""
    result = checkup(agent, positions=6, seed=11)
    assert result.healthy, [f.text for f in result.findings]
    acc = result.strength["accuracy"]
    assert sum(v["of"] for v in acc.values()) > 0


@pytest.mark.slow
def test_a_dropped_column_one_is_found_and_proved() -> None:
    result = checkup(case("skips_column_one"), positions=8, seed=2)
    found = {f.check: f for f in result.outside}
    assert "misses-win" in found
    f = found["misses-win"]
    pos = Position.from_moves(f.moves)
    assert 0 in facts(pos).wins  # column 1 was the win it would not keep
    assert f.answered is not None and f.answered - 1 not in facts(pos).wins
    assert ask(case("skips_column_one"), f.moves, 2.0).column == f.answered  # reproducible
    assert f.best and all(
        f.scores is not None and f.scores[c - 1] == max(s for s in f.scores if s is not None)
        for c in f.best
    )
    assert 0 < f.count <= f.of and f.side == pos.side_to_move
    assert f"after {f.moves}" in f.text


@pytest.mark.slow
@pytest.mark.parametrize(
    "name, check",
    [
        ("crashes_late", "crash"),
        ("says_none", "no-move"),
        ("column_nine", "illegal-move"),
        ("sleeps", "timeout"),
    ],
)
def test_failures_are_named_with_where_they_happen(name: str, check: str) -> None:
    result = checkup(case(name), positions=3, seconds=0.3, seed=5)
    found = {f.check: f for f in result.outside}
    assert check in found, [f.check for f in result.findings]
    f = found[check]
    assert f.answered is None
    if check == "crash":
        assert f.error == "ValueError" and f.where.startswith("doctor_cases.py:")
        line = int(f.where.split(":")[1])
        assert "raise ValueError" in Path(CASES).read_text().splitlines()[line - 1]


@pytest.mark.slow
def test_workers_find_what_one_process_finds() -> None:
    """Spread over two local Dask workers, the same battery gives the same answers,
    so the same findings, proved by the same positions."""
    here = checkup(case("skips_column_one"), positions=3, seed=4)
    spread = checkup(case("skips_column_one"), positions=3, seed=4, workers=2)
    assert [f.as_dict() for f in here.findings] == [f.as_dict() for f in spread.findings]
    assert here.findings


@pytest.mark.slow
def test_state_kept_between_calls_and_move_orders_are_history() -> None:
    leaky = {f.check: f for f in checkup(case("leaks"), positions=3, seed=1).findings}
    assert "history" in leaky
    by_order = {f.check: f for f in checkup(case("path_dependent"), positions=3, seed=1).outside}
    f = by_order["history"]
    assert f.other and f.other != f.moves
    assert reached(f.other).key() == reached(f.moves).key()  # type: ignore[union-attr]


@pytest.mark.slow
def test_the_command_line_exits_by_what_it_found(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_cli(capsys, "doctor", "alphabeta:depth=3", "--positions", "3")
    assert code == 0 and "no bug found" in out and not err
    code, out, _ = run_cli(capsys, "doctor", case("skips_column_one"), "--positions", "6", "--json")
    data = json.loads(out)
    assert code == 1 and not data["healthy"]
    for f in data["findings"]:
        assert {
            "check",
            "moves",
            "side",
            "answered",
            "scores",
            "best",
            "count",
            "of",
            "text",
        } <= set(f)
    code, out, err = run_cli(capsys, "doctor", "random", "--seconds", "-1")
    assert code == 2 and err.count("\n") == 1 and "--seconds" in err


def test_a_file_that_does_not_parse_is_named_at_its_own_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    bad = tmp_path / "typo.py"
    bad.write_text("import math\n\ndef choose(pos)\n    return 4\n")
    code, _, err = run_cli(capsys, "doctor", f"{bad}:choose", "--positions", "1")
    assert code == 2 and err.count("\n") == 1
    assert "SyntaxError" in err and "(at typo.py:3)" in err and "frozen" not in err
