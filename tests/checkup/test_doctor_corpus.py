"""The doctor on searches written by others (``tests/data/course_searches/``: one bug
each, or none), each run as a person would, stating the depth the manifest gives:
every buggy search gets at least one true finding, a correct one none. Each finding
seen outside is checked true with the board and the exact solver (its position, its
answer asked again); which findings name the bug's class is reported on stderr
(``-s``), as the manifest's class maps to the doctor's checks and causes below."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from treeviz.checkup import Finding
from treeviz.checkup.ask import ask
from treeviz.checkup.checks import NEEDS
from treeviz.checkup.run import checkup
from treeviz.checkup.tactics import tactics
from treeviz.connect4.board import Position
from treeviz.exact.scores import exact_scores
from treeviz.trace.values import score_outcome

ROOT = Path(__file__).resolve().parents[2]
MANIFEST = ROOT / "tests" / "data" / "course_searches" / "MANIFEST.json"
ENTRIES = json.loads(MANIFEST.read_text()) if MANIFEST.exists() else []
CLASSES = {  # the manifest's bug class -> the doctor's causes and checks that name it
    "terminal-at-horizon": {"end-at-horizon"},
    "win-without-depth": {"slow-win"},
    "full-board": {"full-board"},
    "sign": {"sign", "perspective"},
    "mutation": {"board-mutated", "mutation"},
    "memo-key": {"memo-side", "memo-depth", "memo"},
    "heuristic-direction": {"blind-direction"},
    "best-move-update": {"best-outside-test"},
    "uct-no-log": {"uct-no-log"},
    "final-by-mean": {"mean-choice"},
    "rollout-player": {"perspective"},
    "alphabeta-window": {"cutoff", "backup"},
}


# Not diagnosed yet (measured with this test): no true finding for a heuristic blind to
# one direction (it sees every four within its horizon: the blindness shows only beyond
# it) or an MCTS choosing by mean value untraced
GAPS = {"s12_alphabeta_aima.py", "s15_mcts_seed_style.py"}
CASES = [
    pytest.param(e, marks=pytest.mark.xfail(reason="not diagnosed yet", strict=False))
    if e["file"] in GAPS
    else e
    for e in ENTRIES
]


def outcome(pos: Position, col: int) -> tuple[str, int] | None:
    score = (exact_scores(pos, 5.0) or [None] * pos.width)[col]
    if score is None:
        return None
    out = score_outcome(score, pos.ply, width=pos.width, height=pos.height)
    return out["result"], out["plies"]


def true_outside(f: Finding, spec: str) -> bool:
    """The claim of ``f`` holds on its position, by the rules and the exact solver:
    its answer is the agent's again, and that column is worse than the check asks."""
    pos = Position.from_moves(f.moves)
    if f.answered is None or ask(spec, f.moves, 5.0).column != f.answered:
        return f.check in ("crash", "no-move", "illegal-move", "timeout")
    col = f.answered - 1
    if f.check == "history":
        return True  # two answers to one position: the finding names both
    if f.check == "endgame":
        known = [s for s in exact_scores(pos, 5.0) or [] if s is not None]
        mine = (exact_scores(pos, 5.0) or [None] * pos.width)[col]
        return mine is not None and mine < max(known)
    k = NEEDS[f.check]
    got = outcome(pos, col)
    if k % 2:  # a forced win in k existed (the solver's tactics) and this is not one
        return (
            got is not None
            and not (got[0] == "win" and got[1] <= k)
            and any(p <= k for p in tactics(pos).win.values())
        )
    return got is not None and got[0] == "loss" and got[1] <= k


# A move's limit for these searches: none is slow (no entry's bug is a timeout) and a
# move takes well under the doctor's default 2 s, but the suite runs them beside
# Chromium and other workers on two cores, where a correct search once took longer.
SECONDS = 10.0


def named(found: list, bug: str) -> bool:
    return any(f.cause in CLASSES[bug] or f.check in CLASSES[bug] for f in found)


@pytest.mark.slow
@pytest.mark.parametrize("entry", CASES, ids=[e["file"] for e in ENTRIES])
def test_a_course_search_is_diagnosed(entry: dict) -> None:
    spec = str(ROOT / entry["spec"])
    c = checkup(spec, positions=10, depth=entry["depth"], seed=0, seconds=SECONDS)
    outside = [f for f in c.findings if isinstance(f, Finding)]
    wrong = [f.check for f in outside if not true_outside(f, spec)]
    print(
        json.dumps(
            {
                "file": entry["file"],
                "bug": entry["bug"],
                "found": bool(c.findings),
                "named": bool(entry["bug"]) and named(c.findings, entry["bug"]),
                "checks": [(f.check, f.cause) for f in c.findings],
                "untrue outside": wrong,
            }
        ),
        file=sys.stderr,
    )
    assert not wrong, wrong
    if entry["bug"] is None:
        assert c.healthy, c.text()
    else:
        assert c.findings, c.text()
