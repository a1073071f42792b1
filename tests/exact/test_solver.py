"""The exact solver against every line of tests/data/positions and the samples."""

from __future__ import annotations

import numpy as np
import pytest
from conftest import data_lines, random_position
from hypothesis import given, settings
from hypothesis import strategies as st

from treeviz.agents.registry import search
from treeviz.connect4.board import Position
from treeviz.connect4.samples import load_samples
from treeviz.exact.scores import (
    FULL_COLUMN,
    column_scores,
    exact_scores,
    score_meaning,
    solve,
    terminal_score,
    win_score,
)


def analyze_line(moves: str) -> list[int]:
    return [FULL_COLUMN if s is None else s for s in column_scores(Position.from_moves(moves))]


@pytest.mark.slow
@pytest.mark.parametrize("name", ["end_analyze.txt", "middle_analyze.txt"])
def test_analyze_files(name: str) -> None:
    for moves, scores in data_lines(name):
        assert analyze_line(moves) == scores, moves


@pytest.mark.slow
def test_begin_score_file() -> None:
    for moves, (score,) in data_lines("begin_score.txt"):
        assert solve(Position.from_moves(moves)) == score, moves


@pytest.mark.slow
def test_begin_analyze_file() -> None:
    for moves, scores in data_lines("begin_analyze.txt"):
        assert analyze_line(moves) == scores, moves


def test_weak_scores_are_signs_of_strong_ones() -> None:
    for moves, scores in data_lines("middle_analyze.txt")[:100]:
        pos = Position.from_moves(moves)
        best = max(s for s in scores if s != FULL_COLUMN)
        assert solve(pos, weak=True) == (best > 0) - (best < 0), moves


def test_samples_scores() -> None:
    """Every sample's score, solved (finished games by the rule of the scale); the
    empty board and the one-stone opening, too deep to search alone, through the
    opening book (they are the published solution: +1 and -1)."""
    for slug, sample in load_samples().items():
        pos = sample.position()
        expected = terminal_score(pos) if pos.is_over() else solve(pos)
        assert sample.score == expected, slug


def test_solver_agent_result_and_meaning() -> None:
    pos = Position.from_moves("17754634622342622542")  # immediate-win sample
    res = search(pos, "solver")
    assert res.value == 11 and res.moves[res.move - 1].value == 11
    assert score_meaning(11, pos) == "win in 1 ply"
    assert res.trace.nodes["flags"][0] & 8  # root on the principal variation


def test_exact_scores_within_a_budget_or_none() -> None:
    moves, scores = data_lines("end_analyze.txt")[0]
    pos = Position.from_moves(moves)
    assert exact_scores(pos, 2.0) == [None if s == FULL_COLUMN else s for s in scores]
    hard = Position.from_moves("44")  # far too deep for a tiny budget
    assert exact_scores(hard, 1e-5) is None
    # an aborted search must not leave wrong values in the shared table
    moves, scores = data_lines("middle_analyze.txt")[-1]
    assert exact_scores(Position.from_moves(moves), 1e-6) is None
    assert column_scores(Position.from_moves(moves)) == [
        None if s == FULL_COLUMN else s for s in scores
    ]


@settings(deadline=None)  # the first example loads compiled code
@given(
    st.lists(st.integers(0, (1 << 63) - 1), min_size=2, max_size=40, unique=True),
    st.sampled_from([8, 10, 12]),
)
def test_table_entries_answer_only_their_own_key(keys: list[int], bits: int) -> None:
    """A slot keeps the hashed key's low bits and the slot its top bits: a probe of a
    key never returns another key's bound, however crowded the (tiny) table is."""
    import treeviz.connect4.tt_order as S

    table = np.zeros(1 << bits, dtype=np.uint64)
    shift = S.tt_shift(table)
    assert int(shift) == 64 - bits
    stored: dict[int, int] = {}  # slot -> key stored there last
    for i, key in enumerate(keys):
        slot, _ = S.tt_probe(table, np.uint64(key), shift)
        code = np.uint64(S.UPPER_BASE + i % 30)
        S.tt_store(table, slot, np.uint64(key), code)
        stored[slot] = key
    for i, key in enumerate(keys):
        slot, code = S.tt_probe(table, np.uint64(key), shift)
        if stored[slot] == key:
            assert code == S.UPPER_BASE + i % 30
        else:  # replaced by a key sharing its slot: no answer, not the other's
            assert code == 0


@pytest.mark.slow
def test_a_table_without_huge_pages_is_still_a_zeroed_table(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A kernel that refuses the huge-page advice (here: an advice it does not know)
    still gets a table, zeroed, of the size asked for, and the solver using it gives
    the published exact scores (the first positions of ``begin_score.txt``)."""
    import mmap

    import treeviz.connect4.tt_order as S

    monkeypatch.setattr(mmap, "MADV_HUGEPAGE", 0x7FFF, raising=False)
    table = S.new_table(20)
    assert table.shape == (1 << S.TT_BITS,) and table.dtype == np.uint64 and not table.any()
    for moves, (score,) in data_lines("begin_score.txt")[:10]:
        assert solve(Position.from_moves(moves), book=False, table=table) == score, moves
    assert table.any()  # the solver stored its work in the table it was given


def _brute_move(pos: Position, col: int) -> int:
    """The exact score of playing ``col``, by plain negamax (no pruning, no table)."""
    if pos.is_winning_move(col):
        return win_score(pos)
    pos.push(col)
    value = 0 if pos.is_full() else -_brute_score(pos)
    pos.undo()
    return value


def _brute_score(pos: Position) -> int:
    """The exact score of an unfinished ``pos`` by plain negamax."""
    if pos.winning_moves():
        return win_score(pos)
    return max(_brute_move(pos, col) for col in pos.legal_moves())


@pytest.mark.parametrize(("width", "height"), [(4, 4), (5, 4), (4, 5), (6, 5), (8, 7), (9, 6)])
def test_solver_matches_plain_negamax_on_every_board_size(width: int, height: int) -> None:
    """Exact scores (strong and per column, with the table shared between solves) equal
    an unpruned negamax on positions 6-8 moves from the end, on boards other than 7x6
    (the table's keys, shifts and masks depend on the size)."""
    for seed in range(12):
        plies = width * height - 6 - seed % 3
        pos = random_position(seed, plies, width, height)
        assert solve(pos, book=False) == _brute_score(pos), pos.moves_string()
        scores = column_scores(pos, book=False)
        for col, score in enumerate(scores):
            assert score == (_brute_move(pos, col) if pos.can_play(col) else None), (pos, col)
