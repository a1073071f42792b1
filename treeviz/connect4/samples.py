"""The curated positions of ``sample_positions/``.

One file per position, ``NAME.txt``, in a small text format::

    name: Immediate win
    moves: 4455
    score: 18
    tags: tactics, win-in-1
    description: X has three in a row on the bottom and wins at once.

    (optional) a board diagram, in any style :func:`treeviz.connect4.grid.read_grid`
    reads, that must show the same position as ``moves``.

``moves`` is the move string (columns 1-based); ``score`` is the exact value for the
side to move on the Connect 4 solver community's scale (22 minus the winner's stones,
0 for a draw; for a finished game, the loser's score). Header keys are lower case; the
header ends at the first blank line.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from treeviz.connect4.board import Position
from treeviz.errors import InvalidPositionError
from treeviz.settings import show_value

# In a checkout this is a link to the top-level ``sample_positions/``; a wheel holds
# the files themselves (one copy in git, shipped as package data).
SAMPLES_DIR = Path(__file__).resolve().parents[1] / "data" / "sample_positions"
REQUIRED = ("name", "moves", "score", "tags", "description")


@dataclass(frozen=True)
class Sample:
    """A curated position; ``slug`` is its file name without ``.txt``."""

    slug: str
    name: str
    moves: str
    score: int
    tags: tuple[str, ...]
    description: str
    diagram: str | None

    def position(self) -> Position:
        """The position, played from ``moves``."""
        return Position.from_moves(self.moves)


def parse_sample(slug: str, text: str) -> Sample:
    """Read one sample file's text; :class:`InvalidPositionError` names what is missing."""
    header, _, body = text.partition("\n\n")
    fields: dict[str, str] = {}
    for line in header.splitlines():
        key, sep, value = line.partition(":")
        if not sep:
            raise InvalidPositionError(
                f"sample {show_value(slug)}: header line {show_value(line)} has no ':'"
            )
        fields[key.strip().lower()] = value.strip()
    missing = [k for k in REQUIRED if k not in fields]
    if missing:
        raise InvalidPositionError(f"sample {show_value(slug)} lacks {', '.join(missing)}")
    try:
        score = int(fields["score"])
    except ValueError:
        raise InvalidPositionError(
            f"sample {show_value(slug)}: score {show_value(fields['score'])} is not an integer"
        ) from None
    return Sample(
        slug=slug,
        name=fields["name"],
        moves=fields["moves"],
        score=score,
        tags=tuple(t.strip() for t in fields["tags"].split(",") if t.strip()),
        description=fields["description"],
        diagram=body.strip() or None,
    )


def load_samples(directory: Path = SAMPLES_DIR) -> dict[str, Sample]:
    """Every sample in ``directory``, by slug, in file-name order."""
    return {
        p.stem: parse_sample(p.stem, p.read_text(encoding="utf-8"))
        for p in sorted(directory.glob("*.txt"))
    }


def load_sample(slug: str, directory: Path = SAMPLES_DIR) -> Sample:
    """The sample called ``slug``; :class:`InvalidPositionError` lists the names."""
    path = directory / f"{slug}.txt"
    if not path.is_file():
        names = ", ".join(p.stem for p in sorted(directory.glob("*.txt")))
        raise InvalidPositionError(f"no sample position named {show_value(slug)}; samples: {names}")
    return parse_sample(slug, path.read_text(encoding="utf-8"))
