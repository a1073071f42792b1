"""The sentences of the doctor's findings on any game: the position in the game's own
text, moves by their labels, each claim one the game's rules can check."""

from __future__ import annotations

from typing import Any

from treeviz.checkup.games.ask import Reply, replay
from treeviz.checkup.games.exact import after_move, outcome_for
from treeviz.checkup.games.facts import Facts
from treeviz.rules.protocol import PLAYERS, Game
from treeviz.settings import show_value

ADVICE = {
    "mutation": "search on copies (clone(), copy()) or undo each move it plays",
    "misses-win": "test each move for a win at once before anything else",
    "misses-block": "look one reply ahead: a move after which the game is lost at once "
    "(by the opponent's reply, or by the move itself) must give way to a safe one",
    "history": "something it keeps between calls (a global table or visited set, a "
    "cached answer) changes its answers: clear it, or key it by the whole position",
}


def where(game: Game[Any], moves: tuple[int, ...]) -> str:
    """``after 'x(1,1) o(0,0)' (the first player to move)`` or ``at the start``."""
    state = replay(game, moves)
    text = game.to_text(state)
    at = f"after {show_value(text)}" if moves else "at the start"
    return f"{at} ({PLAYERS[game.to_move(state)]} to move)"


def labels(game: Game[Any], state: Any, moves: Any) -> str:
    """Moves by label, sorted as the game lists them, ``a, b or c``."""
    names = [game.label(state, m) for m in game.legal_moves(state) if m in moves]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def finding_text(game: Game[Any], check: str, reply: Reply, found: Facts) -> str:
    """The sentence of a failed ``check`` on ``reply``'s position (its facts ``found``)."""
    at, state = where(game, reply.moves), replay(game, reply.moves)
    played = "" if reply.move is None else game.label(state, reply.move)
    if check == "crash":
        return f"{at} it raised {reply.text}"
    if check in ("no-move", "illegal-move", "timeout"):
        return f"{at} it {reply.text}"
    if check == "mutation":
        return f"{at} it changed the state it was given: {reply.changed}; {ADVICE[check]}"
    if check == "misses-win":
        wins = labels(game, state, found.wins)
        later = _slower_win(game, state, reply)
        if later:
            return f"{at} {wins} wins at once, and it played {played}, {later}"
        return f"{at} {wins} wins at once, but it played {played}; {ADVICE[check]}"
    loses = _loses(game, state, reply, found)
    lost = _lost_anyway(game, state, found)
    if lost:
        return f"{at} every move loses against the best replies; it played {played}, {loses}{lost}"
    return f"{at} it played {played}, {loses}; {ADVICE[check]}"


def _slower_win(game: Game[Any], state: Any, reply: Reply) -> str:
    """When the move played wins by force too (the exact solver, within its budget),
    the words saying so; else ''."""
    assert reply.move is not None
    found = after_move(game, state, reply.move)
    if found is None or found[0] != "win":
        return ""
    return (
        f"which wins too, in {found[1]} plies against the best replies: a search that "
        "scores every win alike cannot tell the quicker one; score a win higher the "
        "sooner it comes"
    )


def _lost_anyway(game: Game[Any], state: Any, found: Facts) -> str:
    """When every move loses by force (the exact solver, within its budget), the words
    saying how long the safe moves hold out and why a search may give up at once; else
    ''."""
    whole = outcome_for(game, state, game.to_move(state))
    if whole is None or whole[0] != "loss":
        return ""
    return (
        f" (lost only in {whole[1]} plies then, with the best defence): a search that "
        "scores every loss alike gives up at once; score a loss lower the sooner it comes"
    )


def _loses(game: Game[Any], state: Any, reply: Reply, found: Facts) -> str:
    """How the move of ``reply`` loses at once, and the moves that do not."""
    assert reply.move is not None
    safe = labels(game, state, set(found.legal) - set(found.losing))
    reply_move = found.losing[reply.move]
    if reply_move < 0:
        how = "which ends the game lost at once"
    else:
        after = game.play(state, reply.move)
        how = f"after which the opponent wins at once with {game.label(after, reply_move)}"
    return f"{how}, where {safe} would not lose at once"


def history_text(game: Game[Any], first: Reply, again: Reply) -> str:
    """The sentence of a position answered otherwise when asked again."""
    state = replay(game, first.moves)
    one = game.label(state, first.move) if first.move is not None else "nothing"
    two = game.label(state, again.move) if again.move is not None else "nothing"
    return (
        f"{where(game, first.moves)} it played {one} when first asked, and {two} when "
        f"asked again after the other positions (the same twice in a row): {ADVICE['history']}"
    )
