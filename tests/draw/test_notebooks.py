"""treeviz where its users work: the example notebook run by a real kernel, one-file
reports opened in Chromium with the network cut, and the tree widget's script run in
the browser as anywidget runs it."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import nbformat
import pytest
from conftest import EXAMPLES
from local_server import chromium
from nbclient import NotebookClient

from treeviz.agents.registry import search
from treeviz.cli.main import main
from treeviz.connect4.board import Position
from treeviz.draw import html as report_html
from treeviz.draw.html import tree_payload
from treeviz.draw.style import STONES
from treeviz.draw.widget import ADAPTER


@pytest.fixture(scope="module")
def tour() -> Any:
    """The example notebook, executed by a Python kernel in the examples folder."""
    nb = nbformat.read(EXAMPLES / "tour.ipynb", as_version=4)
    NotebookClient(
        nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(EXAMPLES)}}
    ).execute()
    return nb


def outputs(nb: Any, source_start: str) -> dict[str, Any]:
    """The rich output of the code cell whose source starts with ``source_start``."""
    cell = next(c for c in nb.cells if c.cell_type == "code" and c.source.startswith(source_start))
    results = [o for o in cell.outputs if o.output_type == "execute_result"]
    assert results, cell.outputs
    return dict(results[0]["data"])


@pytest.mark.slow
def test_the_tour_runs_and_every_object_shows_itself(tour: Any) -> None:
    errors = [
        o
        for c in tour.cells
        if c.cell_type == "code"
        for o in c.outputs
        if o.output_type == "error"
    ]
    assert not errors
    assert outputs(tour, "import math")["image/svg+xml"].count("<circle") == 42
    result = outputs(tour, "res = treeviz.search")["text/html"]
    assert "alphabeta</b> plays column" in result and "<table>" in result and "<svg" in result
    assert "application/vnd.jupyter.widget-view+json" in outputs(tour, "res.widget()")
    traced = outputs(tour, "import minimax_agent")["text/html"]
    assert "traced:minimax" in traced and "your search" in traced
    sick, well = (
        c for c in tour.cells if c.cell_type == "code" and "treeviz.doctor(choose" in c.source
    )
    found = next(o for o in sick.outputs if o.output_type == "execute_result")["data"]
    assert "<b>misses-" in found["text/html"] and "<svg" in found["text/html"]
    fixed = next(o for o in well.outputs if o.output_type == "execute_result")["data"]
    assert "No bug found" in fixed["text/html"]
    assert "Game review: 4453354" in outputs(tour, "from treeviz.judge.review")["text/html"]
    arena = outputs(tour, "from treeviz.arena")["text/html"]
    assert "12 games" in arena and arena.count("<circle") == 3  # a dot per player


def test_importing_treeviz_pulls_in_no_notebook_machinery() -> None:
    code = (
        "import sys, treeviz; treeviz.Position.from_moves('44')._repr_svg_(); "
        "print(sorted(m for m in ('anywidget', 'IPython', 'nbclient', 'pandas') "
        "if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


# ---------------------------------------------------------------- in a browser
@contextmanager
def offline_page() -> Iterator[tuple[Any, list[str]]]:
    """A Chromium page with the network cut, and the console errors it reports (a
    fresh context of the browser the browser tests share)."""
    context = chromium().new_context(offline=True)
    try:
        requests: list[str] = []
        context.on("request", lambda r: requests.append(r.url))
        page = context.new_page()
        errors: list[str] = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
        try:
            yield page, errors
        finally:
            assert all(u.startswith(("file:", "blob:", "data:")) for u in requests), requests
    finally:
        context.close()


@pytest.mark.browser
def test_an_analysis_report_opens_offline_with_its_whole_tree(tmp_path: Path) -> None:
    out = tmp_path / "analysis.html"
    assert main(["report", "4453", "--agent", "alphabeta:depth=3", "-o", str(out)]) == 0
    res = search(Position.from_moves("4453"), "alphabeta:depth=3")
    drawn = tree_payload(res.trace)["nodes"]
    with offline_page() as (page, errors):
        page.goto(out.as_uri())
        nodes = page.locator(".tv-node")
        assert nodes.count() == len(drawn)
        assert "plays column" in page.locator("h1").inner_text()
        assert page.locator("table tr").count() == 8  # a header and seven columns
        entry = next(d for d in drawn[1:] if any(c["parent"] == d["key"] for c in drawn))
        node = page.locator(f".tv-node[data-key='{entry['key']}']")
        node.click()
        assert f"moves: {entry['moves']}" in page.locator(".tv-panel pre").inner_text()
        below = sum(d["parent"] == entry["key"] for d in drawn)
        node.click()  # a second click folds its children away
        assert nodes.count() <= len(drawn) - below
        assert not errors


@pytest.mark.browser
def test_a_review_report_follows_the_moves(tmp_path: Path) -> None:
    game = tmp_path / "g.json"
    game.write_text(json.dumps({"moves": "4453354"}))
    out = tmp_path / "review.html"
    assert main(["report", str(game), "-o", str(out)]) == 0
    with offline_page() as (page, errors):
        page.goto(out.as_uri())
        assert "Game review: 4453354" in page.locator("h1").inner_text()
        page.locator("table tr").nth(2).click()  # after two moves: two stones
        board = page.locator("#board")
        assert board.locator(f"circle[fill='{STONES['X']}']").count() == 1
        assert board.locator(f"circle[fill='{STONES['O']}']").count() == 1
        assert not errors


@pytest.mark.browser
def test_the_widget_script_renders_as_anywidget_runs_it(tmp_path: Path) -> None:
    """The widget's module, loaded from a blob as anywidget loads it, rendered with a
    model that answers ``get('payload')``."""
    res = search(Position.from_moves("4453"), "mcts:iterations=200")
    payload = tree_payload(res.trace, max_nodes=300)
    esm = report_html.tree_js() + ADAPTER
    page_html = (
        "<div id='w'></div><script type='module'>"
        f"const src = {report_html.script_json(esm)};"
        f"const payload = {report_html.script_json(payload)};"
        "const url = URL.createObjectURL(new Blob([src], {type: 'text/javascript'}));"
        "const mod = await import(url);"
        "mod.default.render({model: {get: () => payload}, "
        "el: document.getElementById('w')});"
        "document.body.dataset.done = '1';</script>"
    )
    path = tmp_path / "widget.html"
    path.write_text(page_html)
    with offline_page() as (page, errors):
        page.goto(path.as_uri())
        page.wait_for_selector("body[data-done='1']")
        assert page.locator("#w .tv-node").count() == len(payload["nodes"])
        page.locator("#w .tv-node").nth(1).click()
        page.get_by_text("Show from here").click()
        assert page.locator("#w .tv-node").count() < len(payload["nodes"])
        assert not errors


def test_a_report_past_its_size_is_refused_in_one_line(
    tmp_path: Path, monkeypatch: Any, capsys: Any
) -> None:
    monkeypatch.setattr(report_html, "REPORT_MAX_BYTES", 10_000)
    out = tmp_path / "a.html"
    assert main(["report", "4453", "--agent", "alphabeta:depth=3", "-o", str(out)]) == 2
    err = capsys.readouterr().err.strip()
    assert "the report would be" in err and len(err.splitlines()) == 1 and not out.exists()
