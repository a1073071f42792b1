"""The dashboard in a real browser: Debian's Chromium via Playwright against
``streamlit run`` on localhost, started and stopped here."""

from __future__ import annotations

import re
import struct
from pathlib import Path
from typing import Any
from urllib.parse import quote

import numpy as np
import pandas as pd
import pytest
from local_server import default_app, fresh_page, meeting, settle, wait_idle

from treeviz.agents.registry import search
from treeviz.connect4.board import Position
from treeviz.draw.style import BOARD_FRAME, SELECTED_FILL, WIN_RING
from treeviz.trace.files import load

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def server() -> str:
    return default_app().url


SAMPLE = "Greedy walks into a loss"


def open_page(page: Any, server: str) -> Any:
    """Open the dashboard and wait for it; returns the sidebar."""
    page.goto(server)
    page.get_by_text("Press Run").first.wait_for(timeout=120_000)
    return page.locator("[data-testid='stSidebar']")


def node_text(page: Any, node: int) -> Any:
    """The tree's SVG label of trace node ``node`` (labels start with ``#id ``)."""
    return page.locator("svg text").filter(has_text=re.compile(rf"^#{node} "))


def test_run_click_collapse_download_and_reload(server: str, tmp_path: Path) -> None:

    from treeviz.connect4.samples import load_samples

    moves = next(s.moves for s in load_samples().values() if s.name == SAMPLE)
    trace = search(Position.from_moves(moves), "alphabeta", depth=4).trace
    node = int(trace.children(0)[0])
    kids = [int(k) for k in trace.children(node)]
    with fresh_page(shot=tmp_path / "last.png") as page:
        check_run_click_collapse(page, server, trace, node, kids, tmp_path)


def check_run_click_collapse(
    page: Any, server: str, trace: Any, node: int, kids: list[int], tmp_path: Path
) -> None:
    from playwright.sync_api import expect

    page.goto(server)
    side = page.locator("[data-testid='stSidebar']")
    page.get_by_text("Press Run").first.wait_for(timeout=120_000)
    # a viewer's toolbar: its menu drawn, and no Deploy button beside it
    page.locator("[data-testid='stMainMenu']").wait_for(timeout=30_000)
    expect(page.locator("[data-testid='stAppDeployButton']")).to_have_count(0)
    side.get_by_role("combobox", name="Sample", exact=True).click()
    page.get_by_role("option", name=SAMPLE).click()
    slider = side.get_by_role("slider")
    slider.focus()
    # one key at a time, each drawn before the next: on a loaded machine the value read
    # lagged the keys, and a loop reading it went on to depth 1
    for depth in range(int(slider.get_attribute("aria-valuetext") or 4) - 1, 3, -1):
        slider.press("ArrowLeft")
        expect(slider).to_have_attribute("aria-valuetext", str(depth))
    # the slider sends its value a moment after the last key: Run clicked before the
    # server had it searched at depth 5 (898 nodes, not 381) on a loaded machine
    expect(side.get_by_text("alphabeta:depth=4")).to_be_visible(timeout=60_000)
    wait_idle(page)
    side.get_by_role("button", name="Run").click()
    expect(node_text(page, 0)).to_be_visible(timeout=120_000)
    for k in kids:
        expect(node_text(page, k)).to_be_visible()
    page.screenshot(path=str(tmp_path / "tree.png"), full_page=True)
    check_the_wheel_scrolls_past(page, node_text(page, 0))
    node_text(page, node).click()  # selects the node: its children stay in view
    path = trace.path_moves(node)
    expect(page.get_by_text(f"Node #{node} · path from the root: {path}")).to_be_visible(
        timeout=30_000
    )
    for k in kids:
        expect(node_text(page, k)).to_be_visible()
    # the selected node's label marked, and no other (the root's was marked before)
    expect(page.locator(f"svg g[data-key='{node}'] rect[fill='{SELECTED_FILL}']")).to_have_count(1)
    expect(page.locator(f"svg [fill='{SELECTED_FILL}']")).to_have_count(1)
    # the icicle outlines the node chosen in the tree, answered in the browser too
    expect(page.locator(f"canvas.treeviz-icicle[data-selected='{node}']")).to_have_count(1)
    check_the_panel_beside(page, trace, node)
    wait_idle(page)
    page.get_by_role("button", name="What if? here").click()  # the section below follows
    expect(page.get_by_text(f"Force a column at node #{node} (after {path})")).to_be_visible()
    wait_idle(page)
    page.get_by_role("button", name="Fold children").click()  # folding is asked for
    for k in kids:
        expect(node_text(page, k)).to_have_count(0, timeout=10_000)
    page.screenshot(path=str(tmp_path / "collapsed.png"), full_page=True)
    wait_idle(page)
    page.get_by_role("button", name="Unfold children").click()
    expect(node_text(page, kids[-1])).to_be_visible(timeout=10_000)
    wait_idle(page)
    choose_child_row(page, trace, node, 1)  # drill down through the children table
    child = int(trace.children(node)[1])
    panel = f"Node #{child} · path from the root: {trace.path_moves(child)}"
    expect(page.get_by_text(panel)).to_be_visible(timeout=30_000)
    expect(node_text(page, child)).to_be_visible()
    per_node = download(page, "CSV of every node", tmp_path / "nodes.csv")  # the whole trace
    table = pd.read_csv(per_node)
    assert list(table["node"]) == list(range(len(trace))), "one row per recorded node"
    assert list(table["parent"].fillna(-1).astype(int)) == list(trace.nodes["parent"])
    png = download(page, "PNG", tmp_path / "tree.png").read_bytes()
    width, height = struct.unpack(">II", png[16:24])
    assert 100 < width <= 4_000 and height > 100, (width, height)  # sized for reading
    saved = download(page, "JSON", tmp_path / "trace.json")
    page.get_by_role("link", name="Explore a trace file").click()
    # the trace page's own run over: the analysis's heading and tree, which the file
    # draws again, no longer on screen (they stay until that run replaces them)
    expect(page.get_by_text("No trace loaded yet.")).to_be_visible(timeout=60_000)
    wait_idle(page)
    expect(page.get_by_text("alphabeta plays column")).to_have_count(0)
    page.locator("input[type='file']").set_input_files(str(saved))
    expect(page.get_by_text("alphabeta plays column").first).to_be_visible(timeout=60_000)
    expect(node_text(page, node)).to_be_visible(timeout=30_000)
    back = load(saved)  # the same search as the page ran (times differ)
    assert back.params == trace.params and np.array_equal(back.nodes, trace.nodes)


def download(page: Any, button: str, to: Path) -> Path:
    """Click the download button named ``button`` once the app is idle (a click during
    a rerun is lost) and save what comes to ``to``."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    for attempt in range(3):
        wait_idle(page)
        try:
            with page.expect_download(timeout=60_000) as info:
                page.get_by_role("button", name=button, exact=True).click()
            break
        except PlaywrightTimeout:
            if attempt == 2:
                raise
    info.value.save_as(to)
    return to


def check_the_wheel_scrolls_past(page: Any, label: Any) -> None:
    """The mouse wheel over a tree scrolls the page, as over the rest of it, and leaves
    the tree's scale alone: ``label`` (a node's, under the pointer, where a zoom would
    keep it) moves down with the page as the wheel goes up, its size unchanged."""
    label.scroll_into_view_if_needed()  # below the board: the page above it can scroll
    before = label.bounding_box()
    page.mouse.move(before["x"] + before["width"] / 2, before["y"] + before["height"] / 2)
    page.mouse.wheel(0, -200)
    after = label.bounding_box()
    for _ in range(100):  # a smooth scroll ends within a few frames
        if after["y"] > before["y"] + 100:
            break
        page.wait_for_timeout(100)
        after = label.bounding_box()
    assert after["y"] > before["y"] + 100, (before, after)  # the page scrolled
    assert abs(after["height"] - before["height"]) < 1, (before, after)  # not zoomed
    label.scroll_into_view_if_needed()


def check_the_panel_beside(page: Any, trace: Any, node: int) -> None:
    """The selected node's panel sits beside the tree, level with it (it was screens
    away), its board drawn with round discs, its facts in words."""
    label = node_text(page, node).first.bounding_box()
    heading = page.get_by_text(f"Node #{node} · path from the root").bounding_box()
    assert heading["x"] > label["x"] + label["width"], (heading, label)  # to its right
    assert abs(heading["y"] - label["y"]) < 900, (heading, label)  # within a screen
    disc = page.locator("td[data-last='1']").last.bounding_box()  # the panel's board
    assert abs(disc["width"] - disc["height"]) < 1, disc  # round, not oval
    facts = page.locator("[data-facts]").last.inner_text()  # the panel's facts table
    assert "static eval (side to move)" in facts and "_" not in facts, facts


def choose_child_row(page: Any, trace: Any, node: int, row: int) -> None:
    """Choose row ``row`` of the children table of ``node`` (rows in the search's
    order), checking the table lists the children with the nodes below each."""
    grid = page.locator("[data-kids]").last  # the panel's children table
    grid.scroll_into_view_if_needed()
    text = grid.inner_text()
    sizes = trace.subtree_sizes()
    for k in trace.children(node):
        assert f"{int(k)}" in text and f"{int(sizes[k]) - 1}" in text, text
    grid.locator("tbody tr").nth(row).click()


BIG_NUMBER = re.compile(r"(?<![\d.])[-+−]?\d{6,}")  # 100000 or more, digits only


def test_no_internal_sentinel_reaches_the_page(server: str, tmp_path: Path) -> None:
    """Alpha-beta at depth 3 on 3344 finds wins (stored internally as 1000000 - plies)
    and MCTS leaves columns unvisited: the page shows words and exact scores instead.
    The position is typed; each search is then opened by its link (a slider set by
    keys could lose a key to a rerun; the agents' widgets are walked by other tests)."""
    from playwright.sync_api import expect

    with fresh_page(shot=tmp_path / "sentinels.png") as page:
        side = open_page(page, server)
        side.get_by_text("Move string or board").click()
        area = side.locator("textarea")
        area.fill("3344")
        area.press("Control+Enter")
        status = page.locator("p:has-text('to move') code")  # the position, as taken
        expect(status).to_have_text("3344", timeout=60_000)
        for spec in ("alphabeta:depth=3", "mcts:iterations=40"):
            agent = spec.split(":")[0]
            page.goto(f"{server}/?moves=3344&agent={quote(spec)}")
            heading = page.get_by_text(f"{agent} plays column").first
            expect(heading).to_be_visible(timeout=120_000)
            expect(side.locator("code").filter(has_text=spec)).to_be_visible()
            expect(node_text(page, 0)).to_be_visible(timeout=60_000)
            wait_idle(page)
            labels = " ".join(t or "" for t in page.locator("svg text").all_text_contents())
            text = page.locator("body").inner_text() + labels
            assert re.search(r"\bwin \d", labels) or agent == "mcts", labels
            assert "win@" not in text and ">=" not in text  # words: "win in 3 plies", ≥
            expect(page.get_by_text("That is best").first).to_be_visible()  # the verdict
            assert not BIG_NUMBER.findall(text), BIG_NUMBER.findall(text)[:5]


def open_replay(page: Any, server: str, sample: str | None) -> Any:
    """Run the default agent on ``sample`` (None: the page's first), turn the replay
    on; returns its slider, focused."""
    from playwright.sync_api import expect

    side = open_page(page, server)
    if sample is not None:
        side.get_by_role("combobox", name="Sample", exact=True).click()
        page.get_by_role("option", name=sample).click()
    side.get_by_role("button", name="Run").click()
    expect(node_text(page, 0).first).to_be_visible(timeout=120_000)
    page.get_by_text("Replay the search step by step").click()
    slider = page.get_by_role("slider", name="Nodes created")
    expect(slider).to_be_visible(timeout=30_000)
    slider.focus()
    return slider


def test_replay_and_compare(server: str, tmp_path: Path) -> None:
    """The replay slider moves the tree back to its first node; the comparison draws
    two verdicts and two trees."""
    from playwright.sync_api import expect

    with fresh_page(shot=tmp_path / "replay-compare.png") as page:
        slider = open_replay(page, server, None)
        slider.press("Home")
        expect(page.get_by_text(re.compile(r"^1 of [\d,]+ nodes"))).to_be_visible(timeout=30_000)
        page.get_by_role("link", name="Compare two searches").click()
        page.get_by_role("button", name="Compare").click()
        expect(page.get_by_text("A: alphabeta:depth=3")).to_be_visible(timeout=120_000)
        expect(page.get_by_text("B: alphabeta:depth=7")).to_be_visible()
        expect(node_text(page, 0)).to_have_count(2, timeout=60_000)
        wait_idle(page)
        node_text(page, 1).nth(1).click()  # B's tree answers a click too
        picked = page.get_by_text(re.compile(r"^Node #1 · path from the root"))
        expect(picked).to_be_visible(timeout=30_000)
        expect(page.get_by_text("Statistics side by side")).to_be_visible()
        wait_idle(page)
        # a reason about another node than #1, whose panel B shows already (a click
        # that did nothing would then pass)
        reasons = re.compile(r"→ node #(?!1$)[1-9]\d*$")
        reason = page.get_by_role("button", name=reasons).last
        node = int(reason.inner_text().rsplit("#", 1)[1])
        reason.click()  # Compare's reason buttons did nothing
        chosen = page.get_by_text(re.compile(rf"^Node #{node} · path from the root"))
        expect(chosen.last).to_be_visible(timeout=30_000)


def test_stop_button_stops_a_long_search(server: str, tmp_path: Path) -> None:
    """A depth-42 minimax runs; Stop ends it, the page says so and keeps working."""
    from playwright.sync_api import expect

    with fresh_page(shot=tmp_path / "stop.png") as page:
        side = open_page(page, server)
        side.get_by_role("combobox", name="Agent", exact=True).click()
        page.get_by_role("option", name="minimax", exact=True).click()
        # The spec under the widgets is drawn by the server: wait for it rather
        # than for a fixed time (a rerun still under way can reset the widgets).
        expect(side.locator("code").filter(has_text="minimax")).to_be_visible()
        slider = side.get_by_role("slider").first
        slider.focus()
        slider.press("End")  # depth 42: far beyond any budget
        expect(slider).to_have_attribute("aria-valuetext", "42")
        expect(side.get_by_text("minimax:depth=42")).to_be_visible(timeout=30_000)
        side.get_by_role("button", name="Run").click()
        expect(page.get_by_text("Searching…").first).to_be_visible(timeout=60_000)
        side.get_by_role("button", name="Stop").click()
        expect(page.get_by_text("Stopped. Press Run")).to_be_visible(timeout=30_000)
        wait_idle(page)  # the rerun after Stop is over: a click now is kept
        side.get_by_role("button", name="Run").click()  # still usable
        expect(page.get_by_text("Searching…").first).to_be_visible(timeout=60_000)
        side.get_by_role("button", name="Stop").click()
        # the first Stop's words may stay on screen through this search: its progress
        # gone is what shows this Stop ended it
        expect(page.get_by_text("Searching…")).to_have_count(0, timeout=30_000)
        expect(page.get_by_text("Stopped. Press Run")).to_be_visible(timeout=30_000)


def test_a_bad_upload_is_refused_and_the_page_recovers(server: str, tmp_path: Path) -> None:
    from playwright.sync_api import expect

    good = tmp_path / "good.json"
    from treeviz.agents.registry import search
    from treeviz.trace.files import save

    save(search(Position.from_moves("4453"), "greedy").trace, good)
    bad = tmp_path / "bad.json"
    bad.write_text("[" * 50_000)
    with fresh_page(shot=tmp_path / "upload.png") as page:
        open_page(page, server)
        page.get_by_role("link", name="Explore a trace file").click()
        page.locator("input[type='file']").set_input_files(str(bad))
        expect(page.get_by_text("nested too deeply")).to_be_visible(timeout=60_000)
        page.locator("input[type='file']").set_input_files(str(good))
        expect(page.get_by_text("greedy plays column").first).to_be_visible(timeout=60_000)
        expect(page.get_by_text("nested too deeply")).to_have_count(0)
        # the trace page asks the solver: a verdict, not "unknown" (4453 is solved)
        judged = re.compile(r"That is (best|an? (inaccuracy|mistake|blunder))")
        expect(page.get_by_text(judged).first).to_be_visible(timeout=60_000)


def test_play_a_game_then_open_a_ply_from_its_review(server: str, tmp_path: Path) -> None:
    """Human (X) against alpha-beta on the Play page: click columns until the game is
    over, review it, and open one of its plies in the analysis view."""
    from playwright.sync_api import expect

    with fresh_page(shot=tmp_path / "play-review.png") as page:
        page.goto(f"{server}/play")
        expect(page.get_by_text("X to move (human)")).to_be_visible(timeout=120_000)
        picker = page.get_by_test_id("stButtonGroup")
        banner = page.get_by_text(re.compile(r"^(X|O) wins|^Draw"))
        for ply in range(1, 43, 2):  # always the leftmost open column
            if banner.count():
                break
            # the agent answers: the move list grows by two (or the game ends)
            answered = page.get_by_text(re.compile(rf"^Moves \d{{{ply + 1}}}$"))
            if ply == 1:  # the first move by a click on the board itself
                click_board_until(page, "play_board", 1, answered.or_(banner).first)
            else:
                picker.locator("button").first.click()
            expect(answered.or_(banner).first).to_be_visible(timeout=60_000)
            wait_idle(page)  # the run that drew the answer over: a click now is kept
        expect(banner.first).to_be_visible(timeout=30_000)
        if not page.get_by_text(re.compile(r"^Draw")).count():  # the winning four ringed
            # (drawn in the same run as the banner, maybe a moment later: wait for it)
            ringed = page.locator(f"svg path[stroke='{WIN_RING}']")
            expect(ringed.nth(3)).to_be_attached(timeout=30_000)
        page.get_by_role("button", name="Review this game").click()
        expect(page.get_by_text("Review a game").first).to_be_visible(timeout=60_000)
        expect(page.get_by_text(re.compile(r"^Moves \d+ · result"))).to_be_visible(timeout=120_000)
        # the players as typed, accuracy in percent (it read "X: ? . O: ?" and 0.2857)
        expect(page.get_by_text(re.compile(r"X: human · O: alphabeta:depth=4"))).to_be_visible()
        summary = page.locator("[data-testid='stDataFrame']").first.locator("table").first
        expect(summary).to_contain_text(re.compile(r"\d+%"))
        step_through_the_review(page)
        page.get_by_role("button", name=re.compile("Open the position before")).click()
        heading = page.get_by_text(re.compile(r"plays column \d")).first
        expect(heading).to_be_visible(timeout=120_000)


def step_through_the_review(page: Any) -> None:
    """Lichess's keys walk the game on the board beside the graph: Home to the start,
    the arrows a move at a time (the last move dotted); a move-list row jumps there."""
    from playwright.sync_api import expect

    page.get_by_text("Review a game").first.click()  # focus on the page, not a field
    discs = page.locator("td[data-last='1']")
    page.keyboard.press("Home")
    expect(page.get_by_text("Start · before the first move")).to_be_visible(timeout=30_000)
    expect(discs).to_have_count(0)
    for key, ply in (("ArrowRight", 1), ("ArrowRight", 2), ("ArrowLeft", 1)):
        wait_idle(page)
        page.keyboard.press(key)
        who = "X plays 1" if ply == 1 else "O plays"
        expect(page.get_by_text(re.compile(rf"^{ply}\. {who}"))).to_be_visible(timeout=30_000)
        expect(discs).to_have_count(1)
    wait_idle(page)
    grid = page.locator("[data-testid='stDataFrame']").last  # the move list
    grid.scroll_into_view_if_needed()
    box = grid.bounding_box()
    page.mouse.click(box["x"] + 14, box["y"] + 35 * 3 + 17)  # the third row: ply 3
    expect(page.get_by_text(re.compile(r"^3\. X plays 1"))).to_be_visible(timeout=30_000)


def test_decision_tree_page_draws_clicks_and_downloads(server: str, tmp_path: Path) -> None:
    """The weather tree: its root splits on Weather; clicking a node shows its rule;
    the SVG download is the drawn tree."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
    from playwright.sync_api import expect

    with fresh_page(shot=tmp_path / "id3.png") as page:
        page.goto(f"{server}/id3")
        root = page.locator("svg text").filter(has_text=re.compile(r"^#0 root Weather\?"))
        expect(root).to_be_visible(timeout=120_000)
        legend = page.locator("[data-legend]").filter(has_text="Class predicted")
        # every colour named, each in a swatch of its own
        expect(legend).to_contain_text("yes")
        expect(legend).to_contain_text("no")
        overcast = page.locator("svg text").filter(has_text=re.compile(r"overcast → yes"))
        panel = page.get_by_text(re.compile(r"Node #\d+: Weather = overcast"))
        for _ in range(3):  # a click while the chart is still being laid out is lost
            overcast.first.click()
            try:
                expect(panel).to_be_visible(timeout=15_000)
                break
            except AssertionError:
                continue
        expect(panel).to_be_visible(timeout=15_000)
        saved = tmp_path / "tree.svg"
        for attempt in range(3):  # a click during the node click's rerun can be lost
            wait_idle(page)
            try:
                with page.expect_download(timeout=30_000) as info:
                    page.get_by_role("button", name="SVG").click()
                break
            except PlaywrightTimeout:
                if attempt == 2:
                    raise
        info.value.save_as(saved)
        text = saved.read_text()
        assert text.lstrip().startswith("<?xml") and "Weather" in text


def test_connect4_tree_shows_its_progress_and_says_blank(server: str, tmp_path: Path) -> None:
    """The UCI Connect-4 set (67,557 rows): its cross-validation says how far it is and
    how long is left (a bare spinner for half a minute before), and the tree's tests
    read "blank" where the data writes "b"."""
    from playwright.sync_api import expect

    with fresh_page(shot=tmp_path / "id3-connect4.png") as page:
        # what the server sends: a busy browser may skip drawing a short-lived bar
        frames: list[bytes] = []
        page.on(
            "websocket",
            lambda ws: ws.on(
                "framereceived", lambda f: frames.append(f if isinstance(f, bytes) else f.encode())
            ),
        )
        page.goto(f"{server}/id3")
        expect(page.locator("svg text").first).to_be_visible(timeout=120_000)
        wait_idle(page)
        page.locator("[data-testid='stSidebar'] [data-testid='stSelectbox']").first.click()
        page.get_by_role("option", name="connect-4", exact=True).click()
        # drawn only by the connect-4 run, after its cross-validation: the weather
        # page's "5-fold accuracy" and root stay on screen until that run replaces them
        follow = page.get_by_text("Follow a position down the tree")
        expect(follow).to_be_visible(timeout=180_000)
        expect(page.get_by_text("5-fold accuracy")).to_be_visible()
        # the tree component draws in the page after the run: the weather tree's labels
        # stay until it has drawn connect-4's, whose tests read "blank" (the data's "b")
        blank = page.locator("svg text").filter(has_text=re.compile(r"= blank( |…|$)"))
        expect(blank.first).to_be_visible(timeout=60_000)
        wait_idle(page)
        sent = b"".join(frames).decode("utf-8", "replace")
        folds = re.findall(r"fold (\d) of 5 done, about \d+ s left", sent)
        # the bar says how many folds; on a starved machine the server may merge the
        # fold-by-fold updates into the next one, so those are checked when they came
        assert "Cross-validating: 5 folds" in sent or folds, sent[-300:]
        assert all(1 <= int(f) <= 5 for f in folds)
        labels = page.locator("svg text").all_text_contents()
        assert labels[0].startswith("#0 root ") and "Weather" not in labels[0], labels[:20]
        assert not any(re.search(r"= b( |$)", t) for t in labels), labels[:20]
        # a new width draws the tree again: connect-4's, not the first tree of its box
        page.set_viewport_size({"width": 1100, "height": 1100})
        settle(page)
        again = page.locator("svg text").all_text_contents()
        assert again[0].startswith("#0 root ") and not any("Weather" in t for t in again)
        assert any(re.search(r"= blank( |…|$)", t) for t in again), again[:20]


LONG_SPEC = "mcts:iterations=40,seed=7,rollout=smart"


def test_arena_tournament_on_two_workers_then_a_game_in_review(server: str, tmp_path: Path) -> None:
    """Four players, one game per pair on two local worker processes: the cross table
    and the ratings chart appear, and a stored game opens in the Review page."""
    from playwright.sync_api import expect

    with fresh_page(shot=tmp_path / "arena.png") as page:
        page.goto(f"{server}/arena")
        expect(page.get_by_text("Choose players")).to_be_visible(timeout=120_000)
        side = page.locator("[data-testid='stSidebar']")
        players = side.get_by_label("Players (one agent spec per line)")
        players.fill(f"random\ngreedy\nalphabeta:depth=3\n{LONG_SPEC}")
        players.press("Control+Enter")
        # drawn by the server (6 pairs, 4 games each): it has the players, its run is
        # over before anything else is typed (a value typed during a rerun is reset)
        expect(side.get_by_text(re.compile(r"^24 games scheduled"))).to_be_visible()
        for attempt in range(3):  # typed again if a rerun reset them all the same
            for name, value in (("Games per pair", "1"), ("Local worker processes", "2")):
                wait_idle(page)
                box = side.get_by_role("spinbutton", name=name, exact=True)
                box.fill(value)
                box.press("Enter")
            try:  # drawn by the server: once it says 6 and the run is over, it has both
                expect(side.get_by_text(re.compile(r"^6 games scheduled"))).to_be_visible()
                wait_idle(page)
                expect(box).to_have_value("2")  # the workers, typed last
                break
            except AssertionError:
                if attempt == 2:
                    raise
        side.get_by_role("button", name="Run").click()
        expect(page.get_by_text(re.compile(r"^6 games stored"))).to_be_visible(timeout=180_000)
        expect(page.get_by_text("Cross table (row's score against column)")).to_be_visible()
        chart = page.locator("[data-testid='stVegaLiteChart']").first
        expect(chart).to_be_visible()
        # the rating bars name each player whole (they read "mcts:iterations=4...")
        expect(chart.locator("svg text").filter(has_text=LONG_SPEC)).to_have_count(1)
        page.get_by_role("button", name="Open this game in the Review page").click()
        expect(page.get_by_text(re.compile(r"^Moves \d+ · result"))).to_be_visible(timeout=120_000)


def test_replay_steps_back_with_the_arrow_keys(server: str, tmp_path: Path) -> None:
    """Stepping the replay back one node at a time with ArrowLeft redraws the tree each
    time: it used to end in "BidiComponent Error: Cannot read properties of null
    (reading '__edge')" in place of the tree."""
    from playwright.sync_api import expect

    with fresh_page(shot=tmp_path / "replay-arrows.png") as page:
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        slider = open_replay(page, server, SAMPLE)
        for _ in range(8):
            before = slider.get_attribute("aria-valuetext")
            slider.press("ArrowLeft")
            expect(slider).not_to_have_attribute("aria-valuetext", before or "", timeout=30_000)
            wait_idle(page)
            # the slider and the caption count the same thing: nodes
            shown = int((slider.get_attribute("aria-valuetext") or "0").replace(",", ""))
            expect(page.get_by_text(re.compile(rf"^{shown:,} of [\d,]+ nodes"))).to_be_visible(
                timeout=30_000
            )
        expect(page.get_by_text("BidiComponent Error")).to_have_count(0)
        expect(page.get_by_text("Cannot read properties")).to_have_count(0)
        assert not [e for e in errors if "__edge" in e], errors


def test_an_analysis_survives_a_visit_to_another_page(server: str, tmp_path: Path) -> None:
    """Run an analysis, open Play and name a player, come back: the position, the agent
    and its result are still there, and so is Play's player (all were forgotten)."""
    from playwright.sync_api import expect

    with fresh_page(shot=tmp_path / "come-back.png") as page:
        side = open_page(page, server)
        side.get_by_role("combobox", name="Sample", exact=True).click()
        page.get_by_role("option", name=SAMPLE).click()
        side.get_by_role("button", name="Run").click()
        expect(node_text(page, 0).first).to_be_visible(timeout=120_000)
        heading = page.get_by_role("heading", name=re.compile("plays column")).inner_text()
        wait_idle(page)
        page.get_by_role("link", name="Play").click()
        expect(page.get_by_role("heading", name="Play")).to_be_visible(timeout=60_000)
        o_player = side.get_by_label("O plays (agent spec or human)")
        o_player.fill("greedy")
        o_player.press("Enter")
        wait_idle(page)
        page.get_by_role("link", name="Analyze a position").click()
        expect(page.get_by_role("heading", name=heading)).to_be_visible(timeout=60_000)
        expect(node_text(page, 0).first).to_be_visible(timeout=60_000)
        from treeviz.connect4.samples import load_samples

        moves = next(s.moves for s in load_samples().values() if s.name == SAMPLE)
        expect(page.get_by_text(moves, exact=True).first).to_be_visible()  # the same position
        wait_idle(page)
        page.get_by_role("link", name="Play").click()  # and Play kept its players
        expect(side.get_by_label("O plays (agent spec or human)")).to_have_value(
            "greedy", timeout=60_000
        )
        wait_idle(page)
        page.get_by_role("link", name="Analyze a position").click()
        status = page.locator("p:has-text('to move') code")
        expect(status).to_have_text(moves, timeout=60_000)
        wait_idle(page)
        played = page.locator("p:has-text('to move') code", has_text=re.compile(f"^{moves}4$"))
        click_board_until(page, "analyze_board", 4, played)  # a click on the board plays
        expect(status).to_have_text(moves + "4", timeout=30_000)


def play_on_the_board(page: Any, key: str, column: int) -> None:
    """Click the bottom hole of ``column`` (1-based) on the board chart ``key``: its
    frame (the plot, drawn in the board's colour) holds 7 columns of 6 holes,
    wherever the notes around it (scores over it, a bar beside it) put it."""
    svg = page.locator(f".st-key-{key} svg").first
    svg.wait_for(timeout=60_000)
    frame = page.locator(f".st-key-{key} svg [fill='{BOARD_FRAME}']").first
    box = frame.bounding_box()
    x = box["x"] + (column - 0.5) * box["width"] / 7
    y = box["y"] + box["height"] - box["height"] / 12
    page.mouse.click(x, y)


def click_board_until(page: Any, key: str, column: int, shown: Any) -> None:
    """Click ``column`` on board ``key`` until ``shown`` appears, each click once the
    app's run is over. A click made during a run is on a board that run replaces (its
    key names the position), and can be lost. A kept click's answer can take seconds
    on a loaded machine (an agent's move): it is waited for long enough that a click
    again cannot play a second move."""
    from playwright.sync_api import expect

    for _ in range(3):
        wait_idle(page)
        play_on_the_board(page, key, column)
        try:
            expect(shown).to_be_visible(timeout=15_000)
            return
        except AssertionError:
            continue


def test_back_and_forward_walk_the_selected_nodes(server: str, tmp_path: Path) -> None:
    """A shared link opens its analysis; each node chosen is a step of the browser's
    history: Back returns to the node before, Forward to the one after, in the page
    as it is (Streamlit reruns it with the entry's query; a reload raced with that
    run and came back at the node it left)."""
    from playwright.sync_api import expect

    trace = search(Position.from_moves("4453"), "alphabeta", depth=3).trace
    first, second = (int(k) for k in trace.children(0)[:2])
    with fresh_page(shot=tmp_path / "history.png") as page:
        page.goto(f"{server}/?moves=4453&agent=alphabeta:depth=3")
        expect(node_text(page, 0).first).to_be_visible(timeout=120_000)
        for node in (first, second):
            wait_idle(page)
            node_text(page, node).first.click()
            expect(page.get_by_text(f"Node #{node} ·")).to_be_visible(timeout=30_000)
            expect(page).to_have_url(re.compile(rf"node={node}$"), timeout=10_000)
        page.evaluate("window.__samePage = true")
        for move, node in ((page.go_back, first), (page.go_back, 0), (page.go_forward, first)):
            wait_idle(page)
            move()  # Streamlit reruns the page with the entry's query
            expect(page.get_by_text(f"Node #{node} ·")).to_be_visible(timeout=60_000)
            expect(node_text(page, first).first).to_be_visible(timeout=60_000)
            expect(page).to_have_url(re.compile(rf"node={node}$"), timeout=10_000)
        assert page.evaluate("window.__samePage === true")  # never reloaded


def test_a_deep_view_draws_no_label_over_another(server: str, tmp_path: Path) -> None:
    """Alpha-beta to depth 6 shown 6 levels deep: 500 nodes drawn at once overlapped;
    now nodes fold past the rows the chart has, and no two labels overlap."""
    from playwright.sync_api import expect

    with fresh_page(shot=tmp_path / "deep-view.png") as page:
        page.goto(f"{server}/?moves=4453&agent=alphabeta:depth=6")
        expect(node_text(page, 0).first).to_be_visible(timeout=120_000)
        wait_idle(page)
        drawing = page.get_by_text(re.compile(r"^Drawing \d+ of [\d,]+ recorded"))
        shallow = drawing.inner_text()  # the view 3 levels deep, as drawn
        shown = page.locator("[data-testid='stSlider']", has_text="Depth shown")
        slider = shown.get_by_role("slider")
        slider.focus()
        for _ in range(3):
            slider.press("ArrowRight")
        expect(slider).to_have_attribute("aria-valuetext", "6")
        # the component writes this line as it draws: the 3-level view's stays until
        # the deeper view is drawn
        expect(drawing).not_to_have_text(shallow, timeout=60_000)
        settle(page)  # the chart of the deeper view drawn
        count = page.locator("svg text").filter(has_text=re.compile(r"^#\d+ ")).count()
        overlaps = meeting(page, "[data-testid='stMain'] svg")  # any two texts of a chart
        assert count > 30 and overlaps == [], overlaps[:5]
        said = page.get_by_text(re.compile(r"^Drawing \d+ of")).inner_text()
        assert said.startswith(f"Drawing {count} of "), (said, count)  # the labels drawn
        assert page.locator("svg text").filter(has_text="▸").count() > 0  # folded, marked


def test_tables_read_as_words_and_compare_starts_from_the_analysis(
    server: str, tmp_path: Path
) -> None:
    """The per-move table of MCTS as a person reads it: headers in words, no "None", no
    column that says nothing (the rounding is drawn on the grid's canvas: tested on
    the styled table); Compare opens on the position being analysed."""
    from playwright.sync_api import expect

    with fresh_page(shot=tmp_path / "presentation.png") as page:
        page.goto(f"{server}/?moves=4453&agent=mcts:iterations=400,seed=3")
        expect(node_text(page, 0).first).to_be_visible(timeout=120_000)
        wait_idle(page)
        table = page.locator("[data-testid='stDataFrame']").first.locator("table").first
        text = table.inner_text()
        # the grid's accessible copy: headers as shown (wide tables: the first columns)
        assert "share of visits" in text and "UCT (Q + exploration)" in text, text[:300]
        assert "None" not in text and "_" not in text, text[:300]
        assert "cutoffs below" not in text  # MCTS makes no cutoffs: the column is left out
        page.get_by_role("link", name="Compare two searches").click()
        expect(page.get_by_role("heading", name="Compare two searches")).to_be_visible(
            timeout=60_000
        )
        wait_idle(page)  # Compare's run over: Analyze's boards, kept until then, are gone
        last = page.locator("td[data-last='1']")
        expect(last).to_have_count(1, timeout=30_000)
        discs = last.evaluate("""td => [...td.closest('table').querySelectorAll('td')]
            .filter(c => ['rgb(214, 39, 40)', 'rgb(242, 197, 0)']
            .includes(getComputedStyle(c).backgroundColor)).length""")
        assert discs == 3  # 4453: four discs, the last one dotted (drawn as a gradient)
        page.get_by_role("button", name="Compare").click()
        expect(page.get_by_text("Statistics side by side")).to_be_visible(timeout=120_000)


def test_go_to_a_node_a_reason_then_a_new_search_starts_at_its_root(
    server: str, tmp_path: Path
) -> None:
    """Go to a node by its moves; a reason's button selects its node; a new search
    then starts from its own root (it showed the old trace's node, alone)."""
    from playwright.sync_api import expect

    trace = search(Position.from_moves("4453"), "alphabeta", depth=3).trace
    deep = int(trace.children(int(trace.children(0)[2]))[1])
    with fresh_page(shot=tmp_path / "goto-reason-new.png") as page:
        page.goto(f"{server}/?moves=4453&agent=alphabeta:depth=3")
        expect(node_text(page, 0).first).to_be_visible(timeout=120_000)
        wait_idle(page)
        box = page.get_by_placeholder("#id or moves")
        box.fill(trace.path_moves(deep))
        box.press("Enter")
        panel = f"Node #{deep} · path from the root: {trace.path_moves(deep)}"
        expect(page.get_by_text(panel)).to_be_visible(timeout=30_000)
        expect(node_text(page, deep).first).to_be_visible()
        wait_idle(page)
        # a reason about another node than the one shown (its panel is on screen)
        reason = page.get_by_role("button", name=re.compile(rf"→ node #(?!{deep}$)\d+$")).first
        node = int(reason.inner_text().rsplit("#", 1)[1])
        reason.click()
        expect(page.get_by_text(f"Node #{node} ·")).to_be_visible(timeout=30_000)
        expect(node_text(page, node).first).to_be_visible()
        wait_idle(page)
        status = page.locator("p:has-text('to move') code")
        played = page.locator("p:has-text('to move') code", has_text=re.compile("^44531$"))
        click_board_until(page, "analyze_board", 1, played)
        wait_idle(page)
        page.locator("[data-testid='stSidebar']").get_by_role("button", name="Run").click()
        expect(status).to_have_text("44531")
        fresh = search(Position.from_moves("44531"), "alphabeta", depth=3).trace
        drawn = page.get_by_text(re.compile(rf"^Drawing \d+ of {len(fresh):,} recorded"))
        expect(drawn).to_be_visible(timeout=60_000)
        expect(page.get_by_text("Node #0 · path from the root: (root)")).to_be_visible()
