"""The rules of games behind one protocol: Connect 4, OpenSpiel's games and a person's
own class (docs/guides/games.md)."""

from treeviz.rules.adapters import AimaGame, StateGame
from treeviz.rules.connect4 import Connect4
from treeviz.rules.protocol import NOBODY, Game
from treeviz.rules.registry import GAMES, load_game

__all__ = ["GAMES", "NOBODY", "AimaGame", "Connect4", "Game", "StateGame", "load_game"]
