"""``treeviz --help`` and the help of each command that serves any game (``--game``)
speak of moves in general: a Connect 4 column or move string is named only as Connect
4's, where it read "Why did this Connect 4 agent play that column?" and "move
strings" above commands that take any game's position."""

from __future__ import annotations

import argparse
import re

from treeviz.cli.main import _parsers

CONNECT4_WORDS = re.compile(r"\bcolumns?\b|move strings?", re.IGNORECASE)


def texts(parser: argparse.ArgumentParser) -> list[str]:
    """The parser's description and every option's, argument's and command's help."""
    out = [parser.description or ""]
    for action in parser._actions:
        out += [a.help for a in (action, *getattr(action, "_choices_actions", ()))]
    return [t for t in out if isinstance(t, str) and t]


def test_the_commands_of_any_game_name_columns_only_as_connect4_s() -> None:
    main, commands = _parsers()
    served = {n: p for n, p in commands.items() if any(a.dest == "rules" for a in p._actions)}
    assert {"analyze", "show", "solve", "report"} <= set(served)
    checked = 0
    for text in texts(main) + [t for p in served.values() for t in texts(p)]:
        if CONNECT4_WORDS.search(text):
            assert "Connect 4" in text, text
            checked += 1
    assert checked >= 3
    assert "move" in (main.description or "")


def test_the_main_help_names_every_command_that_takes_game() -> None:
    """``treeviz --help`` says which commands take ``--game NAME``: every one whose
    help shows the option with a game's name, and no other (it left ``doctor`` out;
    ``review`` and ``puzzles`` take ``--game INT``, an arena database's game)."""
    main, commands = _parsers()
    takes = {n for n, p in commands.items() if "[--game NAME]" in p.format_usage()}
    assert "doctor" in takes
    line = (main.epilog or "").split("take --game", 1)[0]
    named = set(re.findall(r"\b[a-z]+\b", line)) & set(commands)
    assert named == takes
