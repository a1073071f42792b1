"""The per-move cells Analyze and Compare show for another game, and the per-move
text of the CLI and notebooks: a move the window cut ("a win in 5 plies or worse") is
never said to win, and every result they claim (a win, a loss in k plies, its number
in the game's unit) is OpenSpiel's own (its exhaustive alpha-beta, an independent
oracle)."""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip("pyspiel")
pytest.importorskip("open_spiel.python.algorithms.minimax")

from game_oracles import move_values  # noqa: E402

from treeviz.agents.any_game.registry import search_game  # noqa: E402
from treeviz.dashboard.components.results.any_game import value_cells  # noqa: E402
from treeviz.draw.game_view import moves_text  # noqa: E402

TTT = pyspiel.load_game("tic_tac_toe")


def claimed(words: str) -> float | None:
    """The result some words claim for sure: 1 a win, -1 a loss, None nothing sure."""
    if words.startswith(("wins in", "win in")):
        return 1.0
    if words.startswith(("loses in", "loss in")):
        return -1.0  # "in at most k plies" is still a loss
    return 0.0 if words == "draw" else None


@pytest.mark.parametrize("actions", [[1, 8], [4, 1, 0], [0, 4, 8, 2]])
def test_cells_claim_only_what_openspiel_finds(actions: list[int]) -> None:
    res = search_game("tic_tac_toe", " ".join(map(str, actions)), "alphabeta:depth=9")
    truth = move_values(TTT, actions)
    cut_wins = 0
    for m in res.moves:
        cells = value_cells(m)
        claim = claimed(cells["in words"])
        cut_wins += m.text.startswith("a win in") and "or worse" in m.text
        if claim is not None:
            assert claim == truth[m.column], (m.label, cells)
        if cells["value"] is not None and abs(cells["value"]) == 1:
            assert cells["value"] == truth[m.column], (m.label, cells)
    if actions == [1, 8]:
        assert cut_wins > 0  # the window cut wins here: the test can fail


@pytest.mark.parametrize("actions", [[1, 8], [4, 1, 0]])
def test_the_text_table_claims_only_what_openspiel_finds(actions: list[int]) -> None:
    res = search_game("tic_tac_toe", " ".join(map(str, actions)), "alphabeta:depth=9")
    truth = {m.label: move_values(TTT, actions)[m.column] for m in res.moves}
    said = 0
    for line in moves_text(res).splitlines()[1:]:
        label, words = line.lstrip("* ").split(maxsplit=1)
        claim = claimed(words.strip())
        if claim is not None:
            assert claim == truth[label], line
            said += 1
    assert said >= 2
