"""The board the pages draw and play by clicking (``board_chart``): its discs are the
rules' position, a click reads back only a column a board could have, and the
evaluation bar shows X's share, all of it or none of it included."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from treeviz.connect4.board import Position
from treeviz.dashboard.components.board_chart import board_data, clicked_column
from treeviz.dashboard.components.board_notes import BoardNotes
from treeviz.draw.style import STONES


def random_game(seed: int) -> Position:
    """A game played at random from the start, cut at a random ply (maybe over)."""
    rng, pos = random.Random(seed), Position()
    for _ in range(rng.randrange(43)):
        if pos.is_over():
            break
        pos.play(rng.choice([c for c in range(pos.width) if pos.can_play(c)]))
    return pos


@given(st.integers(0, 10_000))
def test_the_discs_are_the_positions_and_only_open_columns_play(seed: int) -> None:
    pos = random_game(seed)
    moves = [int(m) - 1 for m in pos.moves_string()]
    shapes = board_data(pos, 34)["shapes"]
    discs = [s for s in shapes if s["t"] == "disc"]
    assert len(discs) == pos.width * pos.height
    for d in discs:  # the cell's stone, counted from the moves: X plays the even plies
        below = [i for i, m in enumerate(moves) if m == d["col"]]
        who = ("X" if below[d["row"]] % 2 == 0 else "O") if d["row"] < len(below) else None
        assert d["fill"] == STONES[who]
    # left to right by column, bottom to top by row
    centre = {(d["col"], d["row"]): (d["x"], d["y"]) for d in discs}
    assert all(centre[c + 1, 0][0] > centre[c, 0][0] for c in range(pos.width - 1))
    assert all(centre[0, r + 1][1] < centre[0, r][1] for r in range(pos.height - 1))
    full = {c for c in range(pos.width) if moves.count(c) == pos.height}
    expected = [] if pos.is_over() else [c for c in range(pos.width) if c not in full]
    assert board_data(pos, 34)["playable"] == expected


@given(st.one_of(st.text(), st.integers(), st.none(), st.lists(st.integers())))
def test_a_click_reads_a_column_or_nothing(sent: object) -> None:
    column = clicked_column({"column": sent})
    text = str(sent).rsplit("@", 1)[0]
    if text.isascii() and text.isdigit() and len(text) <= 3:
        assert column == int(text)
    else:
        assert column is None


def test_a_huge_number_sent_as_a_click_is_no_column() -> None:
    # int() refuses strings over 4,300 digits: the page showed a traceback
    assert clicked_column({"column": "9" * 4301 + "@1"}) is None
    assert clicked_column({"column": "4@1795000000000"}) == 4
    assert clicked_column(None) is None and clicked_column({"asked": "4@1"}) is None


def red_height(notes: BoardNotes) -> float:
    """The height of the bar's red part (X's share) in the drawing of ``notes``."""
    shapes = board_data(Position.from_moves("4453"), 34, notes)["shapes"]
    return next(s["h"] for s in shapes if s["t"] == "rect" and s["fill"] == STONES["X"])


def test_the_bar_is_x_s_share_none_and_all_included() -> None:
    empty, half, full = (red_height(BoardNotes(share=s, bar_text="X +2")) for s in (0, 0.5, 1))
    assert empty == 0 and full > 0 and half == full / 2


def test_the_bars_label_is_whole_a_word_a_line() -> None:
    for text in ("X loss 2", "O Q 0.58", "X win 13", "O +2"):
        shapes = board_data(Position(), 34, BoardNotes(share=0.3, bar_text=text))["shapes"]
        words = [s["text"] for s in shapes if s["t"] == "text" and s["x"] < shapes[0]["x"]]
        assert words == text.split(), (text, words)
    shapes = board_data(Position(), 34, BoardNotes(exact=("0",) * 7))["shapes"]
    assert not [s for s in shapes if s["t"] == "rect" and s["fill"] == STONES["X"]]
