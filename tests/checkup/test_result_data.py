"""A checkup's plain-data form: real checkups (a traced buggy search with findings
outside and inside, a healthy built-in) read back through JSON to checkups that say the
same in words and HTML, with the same findings and trees; a tampered or garbled form
raises a typed error quoting what is wrong, and nothing but typed errors, whatever
JSON it is given."""

from __future__ import annotations

import copy
import json
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from treeviz.checkup.findings import FINDING_KINDS, INSIDE, NODE_KINDS, OUTSIDE
from treeviz.checkup.result import CHECKUP_KINDS, Checkup
from treeviz.checkup.run import checkup
from treeviz.errors import CheckupDataError, TraceFormatError, TreevizError
from treeviz.trace.files import dumps

# Every test reads two real checkups (about 6 s of CPU): the file is slow, and runs on
# one worker (conftest's SHARED) so that they are made once
pytestmark = pytest.mark.slow

TRACED = f"{Path(__file__).resolve().parents[1] / 'data' / 'traced_full_board.py'}:choose"


@cache
def doctored(agent: str) -> Checkup:
    """One checkup of ``agent`` per process, one position of each kind (the traced
    search's full-board bug shows inside and its misses outside even so)."""
    return checkup(agent, positions=1)


def through_json(c: Checkup) -> Checkup:
    """``c`` written as JSON text and read back, as the visitor store does."""
    return Checkup.from_data(json.loads(json.dumps(c.as_data())))


@pytest.mark.parametrize("agent", [TRACED, "greedy"])
def test_a_real_checkup_reads_back_the_same(agent: str) -> None:
    c = doctored(agent)
    back = through_json(c)
    assert back.text() == c.text() and back._repr_html_() == c._repr_html_()
    assert back.findings == c.findings and back.as_dict() == c.as_dict()
    assert back.lookahead == c.lookahead and back.seconds == c.seconds
    # the trees, as a trace file holds them, node for node
    assert {k: dumps(t) for k, t in back.trees.items()} == {
        k: dumps(t) for k, t in c.readable_trees().items()
    }
    assert through_json(back).as_data() == back.as_data()


def test_the_buggy_checkup_has_findings_on_both_sides_and_the_healthy_none() -> None:
    """What the round trip above covers: findings seen outside and inside, a symptom
    under its bug, a tree; and a checkup with none."""
    c = doctored(TRACED)
    assert {f["seen"] for f in c.as_dict()["findings"]} == {OUTSIDE, INSIDE}
    assert any(f.under for f in c.findings) and c.readable_trees()
    assert doctored("greedy").healthy
    assert through_json(doctored("greedy")).text().count("no bug found") == 1


def test_without_trees_the_rest_is_kept() -> None:
    c = doctored(TRACED)
    back = Checkup.from_data(c.as_data(trees=False))
    assert not back.trees and back.text() == c.text() and back.findings == c.findings


def tampered(path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    """The buggy checkup's data with the item at ``path`` set to ``value``."""
    data = copy.deepcopy(doctored(TRACED).as_data())
    where = data
    for key in path[:-1]:
        where = where[key]
    where[path[-1]] = value
    return data


def first(seen: str) -> int:
    """The index of the first finding seen ``seen``."""
    return next(
        i for i, f in enumerate(doctored(TRACED).as_data()["findings"]) if f["seen"] == seen
    )


@pytest.mark.parametrize(
    ("path", "value"),
    [
        (("format",), "treeviz-checkup-0"),
        (("horizon",), "4"),
        (("positions",), True),
        (("notes",), ["ok", 7]),
        (("agent",), None),
        (("lookahead", "levels"), {"three": [1, 1]}),
        (("lookahead", "measured"), 1.5),
        (("findings",), "none"),
        (("findings", 0), "a finding"),
        (("findings", 0, "seen"), "elsewhere"),
        (("findings", 0, "check"), "misses-lunch"),
        (("findings", 0, "best"), ["4"]),
        (("trees",), {"terminal": 3}),
    ],
)
def test_a_tampered_form_raises_a_typed_error_quoting_it(path: tuple[Any, ...], value: Any) -> None:
    with pytest.raises(CheckupDataError) as err:
        Checkup.from_data(tampered(path, value), "kept")
    message = str(err.value)
    assert message.startswith("kept") and repr(value) in message
    assert isinstance(path[-1], int) or path[-1] in message  # the field named


def test_a_garbled_finding_or_tree_names_where() -> None:
    outside, inside = first(OUTSIDE), first(INSIDE)
    with pytest.raises(CheckupDataError, match=r"moves='4489'"):
        Checkup.from_data(tampered(("findings", outside, "moves"), "4489"))  # no column 8
    with pytest.raises(CheckupDataError, match=re.escape("line=\"['x']\"")):
        Checkup.from_data(tampered(("findings", inside, "line"), ["x"]))
    with pytest.raises(CheckupDataError, match=r"field 'node' is missing"):
        data = tampered(("findings", inside, "node"), 0)
        del data["findings"][inside]["node"]
        Checkup.from_data(data)
    with pytest.raises(TraceFormatError, match="tree 'terminal'"):
        Checkup.from_data(tampered(("trees", "terminal"), '{"schema": 3, "nodes": ['))
    with pytest.raises(CheckupDataError, match="beyond_horizon names 'misses-lunch'"):
        Checkup.from_data(tampered(("strength", "beyond_horizon"), {"misses-lunch": 1}))
    with pytest.raises(CheckupDataError, match=r"levels=.*\(5,012 characters\) are not plies"):
        Checkup.from_data(tampered(("lookahead", "levels"), {"9" * 5000: [1, 1]}))  # cut short
    with pytest.raises(CheckupDataError, match="unknown field 'sneaky'"):
        Checkup.from_data(tampered(("findings", outside, "sneaky"), 1))
    with pytest.raises(CheckupDataError, match=re.escape("[{'agent': 'x'}]")):
        Checkup.from_data([{"agent": "x"}])


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)
FIELDS = sorted(CHECKUP_KINDS)  # every field of the form
FINDING_FIELDS = sorted(set(FINDING_KINDS) | set(NODE_KINDS) | {"seen", "moves"})


@settings(max_examples=150, deadline=None)
@given(field=st.sampled_from(FIELDS), value=JSON, whole=JSON)
def test_any_json_reads_back_or_raises_a_typed_error(field: str, value: Any, whole: Any) -> None:
    """A field set to any JSON value, or any JSON value at all, is read or refused with
    a typed error (never a KeyError, TypeError or AttributeError)."""
    for data in (tampered((field,), value), whole):
        said(data)


@settings(max_examples=150, deadline=None)
@given(seen=st.sampled_from([OUTSIDE, INSIDE]), field=st.sampled_from(FINDING_FIELDS), value=JSON)
def test_a_finding_s_field_set_to_any_json_is_read_or_refused(
    seen: str, field: str, value: Any
) -> None:
    said(tampered(("findings", first(seen), field), value))


def said(data: Any) -> None:
    """``data`` read as a checkup and said in words and HTML, or refused with a typed
    error."""
    try:
        back = Checkup.from_data(data)
    except TreevizError:
        return
    back.text()
    back._repr_html_()
