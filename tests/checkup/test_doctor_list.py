"""One list of findings everywhere: ``treeviz.doctor(...).findings`` holds the bugs
seen outside and inside, each saying where; the command line's text and JSON and the
notebook's HTML give them in the same order, a symptom beneath the bug that explains
it, and count the bugs alike."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from conftest import run_cli

from treeviz.checkup import Checkup, Finding
from treeviz.checkup.findings import INSIDE, OUTSIDE
from treeviz.checkup.tree_bugs import NodeFinding

TRACED = str(Path(__file__).resolve().parents[1] / "data" / "traced_full_board.py")


def sample() -> Checkup:
    """A checkup with a bug outside, one inside and a symptom of it, and one inside
    whose cause is not in the list (so it stands as a bug)."""
    outside = Finding("misses-win", "4453", "X", 1, None, [], 2, 9, text="in 2 of 9 ...")
    cause = NodeFinding("terminal", 3, "44", (4,), "node 3: ...", cause="end-at-horizon")
    symptom = NodeFinding("sign", 8, "4445", (4, 5), "node 8: ...", under="terminal")
    alone = NodeFinding("backup", 9, "4455", (5, 5), "node 9: ...", under="mutation")
    return Checkup("a.py:choose", 4, 10, 0, findings=[outside, cause, symptom, alone])


def test_the_text_json_and_html_give_one_list_in_one_order() -> None:
    c = sample()
    assert [r.check for r, _ in c.bugs()] == ["misses-win", "terminal", "backup"]
    assert [[u.check for u in under] for _, under in c.bugs()] == [[], ["sign"], []]
    data = c.as_dict()
    assert data["bugs"] == 3 and [f["check"] for f in data["findings"]] == [
        "misses-win",
        "terminal",
        "sign",
        "backup",
    ]
    assert [f["seen"] for f in data["findings"]] == [OUTSIDE, INSIDE, INSIDE, INSIDE]
    assert data["findings"][2]["under"] == "terminal" and data["findings"][2]["moves"] == "44"
    text = c.text()
    assert "3 bugs found (1 outside (black box), 2 inside the recorded tree)" in text
    numbered = re.findall(r"^(\d+)\. \[(.+?)\] ([a-z-]+)", text, re.M)
    assert numbered == [
        ("1", OUTSIDE, "misses-win"),
        ("2", INSIDE, "terminal"),
        ("3", INSIDE, "backup"),
    ]
    assert f"   - explained by 2 [{INSIDE}] sign: node 8" in text
    assert "terminal (cause: the depth limit is tested before the end of the game)" in text
    html = c._repr_html_()
    assert "3 bugs found" in html
    order = [html.index(f"<b>{name}") for name in ("misses-win", "terminal", "sign", "backup")]
    assert order == sorted(order)
    assert html.index("explained by it") < html.index("<b>sign")


@pytest.mark.slow
def test_a_traced_functions_findings_hold_the_inside_ones(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """In Python the inside bugs are in ``.findings`` (``.inside`` is a view of them),
    and the command line's JSON lists the same checks in the same order."""
    import treeviz

    spec = f"{TRACED}:choose"
    c = treeviz.doctor(spec, positions=2, progress=False)
    inside = [f for f in c.findings if isinstance(f, NodeFinding)]
    assert inside and c.inside == inside and "terminal" in [f.check for f in inside]
    code, out, _ = run_cli(capsys, "doctor", spec, "--positions", "2", "--json")
    data = json.loads(out)
    assert code == 1 and data["bugs"] == len(c.bugs())
    assert [(f["seen"], f["check"]) for f in data["findings"]] == [
        (INSIDE if isinstance(f, NodeFinding) else OUTSIDE, f.check) for f in c.findings
    ]
    assert "inside" not in data  # one list: no second one beside it
