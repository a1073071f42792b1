"""``puzzles``: a deck of puzzles from the mistakes and blunders of reviewed games.

Every input is read first (a bad one fails before any work, one line, exit 2); then
each game is reviewed against the exact scores with a progress bar on a terminal, and
the deck is written to ``-o`` (or printed as JSON on stdout without it).
(Imports inside commands: see :mod:`treeviz.cli`.)
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from treeviz.cli.common import add_first_flag, check_output, is_readable
from treeviz.cli.games import is_database, read_game
from treeviz.errors import InvalidParameterError
from treeviz.games.game import Game
from treeviz.settings import GAME_ID, REVIEW_SECONDS, add_setting_flag, setting_of

if TYPE_CHECKING:
    from treeviz.learn.puzzles import Card


def games_of(
    arg: str, game_id: int | None, first: str | None = None
) -> list[tuple[str | None, Game]]:
    """The games an argument names, each with its source for the cards: every game of
    an arena database (only game ``game_id`` when given), or the one game of a game
    file or a move string (:func:`read_game`; ``first`` is ``--first``)."""
    if is_database_arg(arg):
        from treeviz.arena.store import Store

        if game_id is not None:
            return [(f"{arg} game {game_id}", read_game(arg, game_id))]
        with Store(Path(arg), create=False) as store:
            return [
                (f"{arg} game {g.id}", Game(g.x, g.o, opening=g.opening, moves=g.moves))
                for g in store.games()
            ]
    return [(arg if is_readable(Path(arg)) else None, read_game(arg, first=first))]


def cmd_puzzles(args: argparse.Namespace) -> None:
    """Review every game, keep its mistakes and blunders as cards, write the deck."""
    from treeviz.learn.deck import dumps_deck, save_deck
    from treeviz.learn.puzzles import as_game

    if args.output:
        check_output(args.output, *args.games)
    seconds = setting_of(args, REVIEW_SECONDS)
    if seconds <= 0:
        raise InvalidParameterError(
            "--ply-seconds 0: puzzles need the exact scores, give them a budget (more than 0)"
        )
    game_id = setting_of(args, GAME_ID)
    if game_id is not None and not any(is_database_arg(a) for a in args.games):
        raise InvalidParameterError(
            f"--game {game_id}: none of the games given is an arena database"
        )
    games = [
        (source, as_game(g))
        for arg in args.games
        for source, g in games_of(arg, game_id, args.first)
    ]
    cards = made_cards(games, seconds=seconds, player=args.player, progress=not args.quiet)
    if not args.output:
        print(dumps_deck(cards))
        return
    save_deck(cards, args.output)
    print(
        f"{len(cards)} cards ({goal_counts(cards)}) from {len(games)} "
        f"game{'s' if len(games) != 1 else ''}: {args.output}"
    )


def goal_counts(cards: list[Card]) -> str:
    """How many cards ask for each goal: ``2 find a win within 7 plies, 3 keep the win,
    1 hold the draw`` (the goals with no card left out)."""
    from treeviz.learn.puzzles import HOLD_DRAW, KEEP_WIN, SHORT_WIN, WIN_WITHIN

    words = {
        WIN_WITHIN: f"find a win within {SHORT_WIN} plies",
        KEEP_WIN: "keep the win",
        HOLD_DRAW: "hold the draw",
    }
    counts = [(sum(c.goal == g for c in cards), w) for g, w in words.items()]
    return ", ".join(f"{n} {w}" for n, w in counts if n) or "none"


def made_cards(
    games: list[tuple[str | None, Game]], *, seconds: float, player: str | None, progress: bool
) -> list[Card]:
    """The cards of every game (``player``'s only when given), a progress bar over
    their moves on a terminal; the moves past the exact-score budget are counted on
    stderr (no card can be made of them)."""
    from treeviz.arena.runner import progress_bar
    from treeviz.judge.review import review
    from treeviz.learn.puzzles import cards_from_review, of_player

    cards, unjudged = [], 0
    with progress_bar(sum(len(g.moves) for _, g in games), progress, "move") as bar:
        for source, game in games:
            out = review(
                game.position, agent=None, seconds=seconds, on_ply=lambda done, total: bar.update(1)
            )
            unjudged += sum(p.cls == "unknown" for p in out.plies)
            made = cards_from_review(
                out,
                players=(game.x, game.o),
                source=source,
                seconds=seconds,
                opening=len(game.opening),
            )
            cards += of_player(made, player)
    if unjudged:
        print(
            f"treeviz puzzles: {unjudged} move{'s' if unjudged != 1 else ''} could not be "
            f"judged within --ply-seconds {seconds:g}: no card for them",
            file=sys.stderr,
        )
    return cards


def is_database_arg(arg: str) -> bool:
    """Whether a GAMES argument names an arena database."""
    path = Path(arg)
    return is_readable(path) and path.is_file() and is_database(path)


def add_commands(sub: Any) -> None:
    """``puzzles``."""
    p = sub.add_parser(
        "puzzles",
        help="a deck of puzzles from the mistakes and blunders of "
        "games (played with the dashboard's Learn page)",
    )
    p.add_argument(
        "games",
        nargs="+",
        metavar="GAMES",
        help="JSON game files, arena databases (every game, or --game ID), move strings",
    )
    p.add_argument(
        "-o", "--output", metavar="DECK.json", help="write the deck here (else print it as JSON)"
    )
    p.add_argument(
        "--player",
        help="only the mistakes of this player: X, O, human or an "
        "agent spec as the game records it",
    )
    add_setting_flag(p, REVIEW_SECONDS)
    add_setting_flag(p, GAME_ID, "--game")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    add_first_flag(p)
    p.set_defaults(func=cmd_puzzles)
