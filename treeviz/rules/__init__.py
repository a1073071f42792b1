"""The rules of games behind one protocol (docs/guides/games.md)."""

from treeviz.rules.connect4 import Connect4
from treeviz.rules.protocol import NOBODY, Game

__all__ = ["NOBODY", "Connect4", "Game"]
