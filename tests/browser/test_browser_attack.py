"""A visitor attacks the dashboard: every page, field, upload, callback and link is
given commands, Python files and modules to run and addresses to contact, in a real
browser; nothing may run, nothing may reach the network, and the page says why in
words (no traceback).

The server is started with no agents of anyone's (``TREEVIZ_AGENTS`` empty), a Python
file and an importable module that leave a mark when loaded or called
(``tests/hostile.py``), and a listener that stands for a Dask scheduler and for an
image host: any connection to it fails the test.

Where a link or a typed field is all the attack is (Analyze's and Learn's and the
Doctor's links, Compare's, Play's and the Arena's fields), the walk gives the page the
markup, whose harm would show in the browser, and the fields the address; the code to
run, and the address to Analyze's and Learn's links, are given to the same fields and
links by ``tests/dashboard/test_apptest_attack.py``, server side, where running it
or reaching out would show. Uploads, callbacks and the Doctor's picker take every
payload here.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from hostile import SETTINGS, Planted, listen, plant
from local_server import fresh_page, serve, wait_idle

pytestmark = pytest.mark.browser


@dataclass
class Target:
    """The attacked server and what would show that an attack worked."""

    url: str
    planted: Planted  # marks appear when planted code runs
    port: int  # the listener: a fake scheduler and image host
    calls: list[bytes] = field(default_factory=list)  # what reached the listener

    def address(self) -> str:
        """The listener's address as an agent spec (a scheduler's, say)."""
        return f"tcp://127.0.0.1:{self.port}"

    def payloads(self) -> list[str]:
        """Agent specs a visitor may type: a command, a file, modules, an address."""
        return [*self.planted.code(), self.address()]

    def markup(self) -> str:
        """A player's name that is an image from the listener and a link."""
        return (
            f"![x](http://127.0.0.1:{self.port}/img.png) "
            f"[click](http://127.0.0.1:{self.port}/) <img src='http://127.0.0.1:"
            f"{self.port}/raw.png'>"
        )


@pytest.fixture(scope="module")
def target(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Target]:
    root = tmp_path_factory.mktemp("attack")
    planted = plant(root)
    calls: list[bytes] = []
    sock = listen(calls)
    env = dict(
        os.environ,
        **SETTINGS,
        PYTHONPATH=os.pathsep.join([str(root), os.environ.get("PYTHONPATH", "")]),
    )
    try:
        with serve(env=env) as url:
            yield Target(url, planted, sock.getsockname()[1], calls)
    finally:
        sock.close()


def nothing_ran(t: Target) -> None:
    """No planted code ran, and nothing contacted the listener."""
    assert t.planted.ran() == []
    assert t.calls == []


@pytest.fixture
def page(tmp_path: Path) -> Iterator[Any]:
    """A fresh Chromium page (a new visitor); a screenshot is kept if the test fails."""
    with fresh_page(1400, 1000, shot=tmp_path / "attack.png") as pg:
        yield pg


def refused(
    page: Any, words: str | re.Pattern[str], *, timeout: float = 60_000, quoting: str = ""
) -> None:
    """An error in words is shown, and no traceback. ``quoting``: a text the error
    also holds (the input it quotes: an error left by an earlier input has the same
    words), matched as Playwright matches text, so that the zero-width space the page
    puts in an address (no link made of it) is not in the way."""
    from playwright.sync_api import expect

    error = page.get_by_test_id("stAlertContentError").filter(has_text=words)
    if quoting:
        error = error.filter(has_text=quoting)
    expect(error.first).to_be_visible(timeout=timeout)
    wait_idle(page)
    assert page.get_by_test_id("stException").count() == 0


def click_till_refused(
    page: Any, button: Any, words: str | re.Pattern[str], *, quoting: str = ""
) -> None:
    """Click ``button`` until the error in words (holding ``quoting``) shows, at most
    three times: a click that lands while the page still runs for the input before it
    is lost, as Streamlit drops it (a loaded machine's CI saw no error after one
    click). Each click does the same thing, so a second one cannot make a refusal
    appear."""
    for attempt in range(3):
        wait_idle(page)
        button.click()
        try:
            refused(page, words, timeout=20_000, quoting=quoting)
            return
        except AssertionError:
            if attempt == 2:
                raise


def type_into(page: Any, label: str, text: str) -> None:
    """Fill the sidebar field ``label`` and let the server take it."""
    wait_idle(page)
    box = page.locator("[data-testid='stSidebar']").get_by_label(label, exact=True)
    box.fill(text)
    box.press("Control+Enter" if box.evaluate("e => e.tagName") == "TEXTAREA" else "Enter")
    wait_idle(page)


def game_file(tmp_path: Path, t: Target, spec: str, name: str) -> Path:
    """A game file whose O and every O ply name ``spec``; X is named in Markdown."""
    plies = [
        {
            "ply": i + 1,
            "player": "XO"[i % 2],
            "column": int(c),
            "spec": spec,
            "agent_value": 0.5,
            "value_kind": f"heuristic:{t.markup()}",
        }
        for i, c in enumerate("4453")
    ]
    path = tmp_path / name
    path.write_text(
        json.dumps(
            {
                "format": "treeviz-game",
                "version": 1,
                "x": t.markup(),
                "o": spec,
                "moves": "4453",
                "plies": plies,
            }
        )
    )
    return path


def no_markup_from(page: Any, t: Target) -> None:
    """No image, link or frame on the page points at the listener."""
    for tag, attr in (("img", "src"), ("a", "href"), ("iframe", "src")):
        assert page.locator(f"{tag}[{attr}*='127.0.0.1:{t.port}']").count() == 0, tag


def test_links_run_nothing(target: Target, page: Any) -> None:
    # a link's text comes back in its error: as text, no address made a link
    page.goto(f"{target.url}/?moves={quote(target.markup() + ' www.example.org')}")
    refused(page, "cannot be opened")
    no_markup_from(page, target)
    assert page.locator("a[href*='example.org']").count() == 0
    nothing_ran(target)


def test_compare_runs_nothing(target: Target, page: Any) -> None:
    page.goto(f"{target.url}/compare")
    page.get_by_text("Press Compare").wait_for(timeout=120_000)
    type_into(page, "First agent spec", target.address())
    compare = page.locator("[data-testid='stSidebar']").get_by_role("button", name="Compare")
    click_till_refused(page, compare, re.compile("started with|unknown agent|not key=value"))
    nothing_ran(target)


def test_play_fields_and_callbacks_run_nothing(target: Target, page: Any) -> None:
    from playwright.sync_api import expect

    side = page.locator("[data-testid='stSidebar']")
    page.goto(f"{target.url}/play")
    page.get_by_text("X to move").wait_for(timeout=120_000)
    type_into(page, "O plays (agent spec or human)", target.address())
    new_game = side.get_by_role("button", name="New game")  # a callback
    click_till_refused(page, new_game, re.compile("started with|unknown agent|not key=value"))
    picker = page.get_by_test_id("stButtonGroup").locator("button")
    if picker.count():  # a move (none once the game is over)
        picker.first.click()
        wait_idle(page)
    type_into(page, "Hint agent (past the solver's budget)", target.address())
    hint = page.get_by_role("button", name="Hint", exact=True).last
    if hint.is_enabled():  # (not once the game is over)
        hint.click()
        # the hint's answer (a move cleared the one before): its run is over before
        # the marks are read
        expect(page.get_by_text(re.compile("Best: column|No hint: ")).first).to_be_visible()
        wait_idle(page)
    assert page.get_by_test_id("stException").count() == 0
    nothing_ran(target)


def test_game_uploads_are_read_as_data(target: Target, page: Any, tmp_path: Path) -> None:
    from playwright.sync_api import expect

    page.goto(f"{target.url}/play")
    page.get_by_text("X to move").wait_for(timeout=120_000)
    for i, spec in enumerate(target.payloads()):
        upload = game_file(tmp_path, target, spec, f"play{i}.json")
        page.locator("[data-testid='stSidebar'] input[type='file']").set_input_files(upload)
        # this file's refusal, which quotes its O: the one before says the same words
        refused(page, f"{spec!r} in the file cannot play here")
        expect(page.get_by_text(re.compile(r"^Moves 4453$"))).to_be_visible()  # the moves stay
        opener = page.get_by_role("button", name=re.compile("Open the search of move"))
        if opener.count():
            opener.click()
            wait_idle(page)
    # by address, not the link: a click that lands while Play reruns can be lost
    page.goto(f"{target.url}/review")
    source = page.locator("[data-testid='stSidebar']").get_by_text("Game file", exact=True)
    source.wait_for(timeout=120_000)  # the page loads its modules on a busy machine
    source.click()
    for i, spec in enumerate(target.payloads()):
        upload = game_file(tmp_path, target, spec, f"review{i}.json")
        page.locator("[data-testid='stSidebar'] input[type='file']").set_input_files(upload)
        # this file's review, whose O is the payload (the review before has the same moves)
        reviewed = re.compile(rf"^Moves 4453 · result.* O: {re.escape(spec)}$")
        page.get_by_text(reviewed).wait_for(timeout=120_000)
        # the players are text: no image from the listener, no link to it
        no_markup_from(page, target)
        expect(page.get_by_text("![x](http://127.0.0.1", exact=False).first).to_be_visible()
        # the notice stays until another page opens: this click's quotes this payload
        opener = page.get_by_role("button", name=re.compile("Open the position before"))
        click_till_refused(page, opener, "cannot be opened here", quoting=repr(spec))
    nothing_ran(target)


def test_the_arena_runs_nothing_and_contacts_nothing(target: Target, page: Any) -> None:
    side = page.locator("[data-testid='stSidebar']")
    page.goto(f"{target.url}/arena")
    page.get_by_text("Choose players").wait_for(timeout=120_000)
    # no field takes a scheduler's address or a file's path
    labels = [e.get_attribute("aria-label") or "" for e in side.locator("input").all()]
    assert not [x for x in labels if re.search("cluster|database|file", x, re.I)]
    type_into(page, "Players (one agent spec per line)", f"random\n{target.address()}")
    run = side.get_by_role("button", name="Run")
    click_till_refused(page, run, re.compile("started with|unknown agent|not key=value"))
    side.get_by_text("Sweep", exact=True).click()
    type_into(page, "Against", target.address())
    click_till_refused(page, run, re.compile("started with|unknown agent|not key=value"))
    nothing_ran(target)


def test_a_trace_naming_an_agent_runs_nothing(target: Target, page: Any, tmp_path: Path) -> None:
    from playwright.sync_api import expect

    from treeviz.agents.registry import search
    from treeviz.connect4.board import Position
    from treeviz.trace.files import save

    page.goto(f"{target.url}/trace")
    page.get_by_text("No trace loaded yet").wait_for(timeout=120_000)
    for i, spec in enumerate(target.payloads()):
        path = tmp_path / f"t{i}.json"
        save(search(Position.from_moves("4453"), "greedy").trace, path)
        data = json.loads(path.read_text())
        data["algorithm"] = spec
        data.setdefault("extra", {}).setdefault("result", {}).setdefault("stats", {})
        data["extra"]["result"]["stats"][target.markup()] = target.markup()
        path.write_text(json.dumps(data))
        page.locator("input[type='file']").set_input_files(path)
        # this file's heading, naming its payload (the file before drew the same words)
        named = page.get_by_text(f"{spec} plays column")  # text: an address holds a \u200b
        expect(named.first).to_be_visible(timeout=60_000)
        wait_idle(page)
        assert page.get_by_test_id("stException").count() == 0
        no_markup_from(page, target)
        for name in ("Analyze this", "Draw from here"):
            # the node panel's, drawn by the tree component after the run: a count read
            # at once could find none, and the callbacks then went untried
            button = page.get_by_role("button", name=name).first
            expect(button).to_be_visible(timeout=60_000)
            button.click()
            wait_idle(page)
    nothing_ran(target)


def test_the_doctor_takes_no_spec_and_runs_nothing(target: Target, page: Any) -> None:
    from playwright.sync_api import expect

    side = page.locator("[data-testid='stSidebar']")
    # a link naming an agent: the page reads no link
    page.goto(f"{target.url}/doctor?agent={quote(target.address())}&moves=4453")
    page.get_by_text("Choose an agent and press").wait_for(timeout=120_000)
    wait_idle(page)
    assert page.get_by_test_id("stException").count() == 0
    picker = side.get_by_role("combobox", name="Agent to check")
    expect(picker).to_have_value("alphabeta")
    # no field takes text: the agent is picked from a list, its settings from widgets
    assert side.locator("textarea").count() == 0
    for box in side.locator("input").all():
        kind = box.get_attribute("type")
        assert box.get_attribute("role") == "combobox" or kind in ("number", "checkbox", "range"), (
            kind
        )
    picker.click()
    offered = [option.text_content() for option in page.get_by_role("option").all()]
    page.keyboard.press("Escape")
    assert offered == ["random", "greedy", "astar", "minimax", "alphabeta", "mcts", "solver"]
    for spec in target.payloads():  # typed into the picker: no option matches, none is taken
        wait_idle(page)
        picker.click()
        picker.fill(spec)
        picker.press("Enter")
        page.keyboard.press("Escape")
        wait_idle(page)
        expect(picker).to_have_value("alphabeta")
    side.locator("[data-testid='stSelectbox']").first.click()
    page.get_by_role("option", name="random", exact=True).click()
    wait_idle(page)
    box = side.get_by_role("spinbutton", name="Positions per kind", exact=True)
    box.fill("1")
    box.press("Enter")
    wait_idle(page)
    side.get_by_role("button", name="Run the checkup").click()
    expect(page.get_by_text("No bug found")).to_be_visible(timeout=120_000)
    assert page.get_by_test_id("stException").count() == 0
    nothing_ran(target)


def test_the_learn_page_runs_nothing(target: Target, page: Any) -> None:
    """Every exercise's link with an agent, a position or leaves that are markup:
    refused or read as data, nothing drawn from or contacted (the code to run and the
    address: test_apptest_attack.py)."""
    q = quote(target.markup())
    links = [
        f"ex=predict&agent={q}&moves=4453",
        f"ex=predict&moves={q}",
        f"ex=alphabeta&tree=textbook&b=2&d=2&leaves={q}",
        f"ex=alphabeta&tree=position&d=2&moves={q}",
        f"ex=puzzles&p_moves={q}&p_card=1",
    ]
    for link in links:
        page.goto(f"{target.url}/learn?{link}")
        page.get_by_text("Learn by doing").first.wait_for(timeout=120_000)
        wait_idle(page)
        assert page.get_by_test_id("stException").count() == 0, link
        no_markup_from(page, target)
    nothing_ran(target)
