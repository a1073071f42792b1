"""The dashboard's look in Chromium: where the answer sits at 1280x800 and at 800 px
wide (bounding boxes, not only text); at 800 px wide with the sidebar open no text cut
short with an ellipsis and no two texts of a chart drawn over each other (tree labels,
the search progress' settle mark and its axis); and a server log without warnings or
stacks after normal use (switching agents, a page away and back). Every other page is
looked at, at 1280x800 and at 800 px wide, by ``test_browser_screenshots`` in the visit
that makes its picture (one page load for both sizes and the docs), with these checks
(:func:`check_page_narrow`); screenshots go to ``TREEVIZ_SHOTS`` (else the test's tmp
path)."""

from __future__ import annotations

import os
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from local_server import Served, clipped, default_app, fresh_page, meeting, settle

from treeviz.connect4.samples import load_sample
from treeviz.dashboard.components.numbers import exact_label
from treeviz.dashboard.components.scroll_fade import SCROLL_FADE_PX
from treeviz.exact.scores import exact_scores
from treeviz.settings import DEFAULT_SAMPLE

pytestmark = pytest.mark.browser

# every page but Analyze, each looked at by test_browser_screenshots at both sizes
PAGES = (
    "compare",
    "play",
    "review",
    "trace",
    "arena",
    "doctor",
    "id3",
    "learn?ex=predict",
    "learn?ex=alphabeta",
    "learn?ex=puzzles",
)
# an MCTS search whose choice settles early (iteration 12 of 400): its mark's label
# lay over the y axis' labels
SETTLES_EARLY = "/?moves=112233&agent=mcts:iterations%3D400,record_iterations%3Dtrue"
WIDE, NARROW = (1280, 800), (800, 1000)


@pytest.fixture(scope="module")
def logged_server() -> Served:
    return default_app()


def shots_dir(tmp_path: Path) -> Path:
    """Where the screenshots go: ``TREEVIZ_SHOTS`` if set, else under the test's tmp
    path (never the checkout)."""
    folder = Path(os.environ.get("TREEVIZ_SHOTS") or tmp_path / "shots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def box(page: Any, selector: str) -> dict[str, float]:
    """The bounding box of the first visible match of ``selector``, in page
    coordinates (the main area scrolls inside the page: its scroll is added)."""
    found = page.locator(f"{selector} >> visible=true").first
    found.wait_for(timeout=60_000)
    b = found.bounding_box()
    scrolled = page.evaluate("document.querySelector('[data-testid=stMain]').scrollTop")
    return {**b, "y": b["y"] + scrolled}


def overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return (
        a["x"] < b["x"] + b["width"]
        and b["x"] < a["x"] + a["width"]
        and a["y"] < b["y"] + b["height"]
        and b["y"] < a["y"] + a["height"]
    )


def tree_top(page: Any) -> float:
    """The top of the tree chart's highest label (the chart's first row)."""
    labels = page.locator("[class*='st-key-analyze_flow'] [data-testid='stColumn'] svg text")
    labels.first.wait_for(timeout=120_000)
    tops = labels.evaluate_all("els => els.map(e => e.getBoundingClientRect().top)")
    scrolled = page.evaluate("document.querySelector('[data-testid=stMain]').scrollTop")
    return min(tops) + scrolled


def answer_blocks(page: Any) -> dict[str, dict[str, float]]:
    return {
        "board": box(page, ".st-key-analyze_board"),
        "verdict": box(page, "[data-testid='verdict-badge']"),
        "table": box(page, "[data-testid='stDataFrame']"),
        "tree": box(page, "[class*='st-key-analyze_flow'] [data-testid='stColumn']"),
    }


def run_default(page: Any, server: str) -> None:
    page.goto(server)
    settle(page)
    page.locator("[data-testid='stSidebar']").get_by_role("button", name="Run").click()
    page.locator("svg text").filter(has_text=re.compile(r"^#0 ")).first.wait_for(timeout=120_000)
    settle(page)


def test_the_answer_is_above_the_fold_and_every_page_is_drawn(
    logged_server: Served, tmp_path: Path
) -> None:
    server, since = logged_server.url, logged_server.logged()
    shots = shots_dir(tmp_path)
    with fresh_page(*WIDE) as page:
        check_wide(page, server, shots)
        resize(page, NARROW)
        check_narrow(page, shots)
        switch_agents(page)
        check_progress(page, server, shots)
    quiet_log(logged_server.said(since))


def quiet_log(said: str) -> None:
    """A server's output ``said`` has no warning, error or stack. (Graphviz's
    fontconfig, which draws the alpha-beta sheet, may warn about the machine's own
    font configuration: not the app's to fix.)"""
    said = "\n".join(line for line in said.splitlines() if not line.startswith("Fontconfig "))
    assert not re.search(r"Traceback|Warning|warning|Error", said), said[-3000:]


def resize(page: Any, size: tuple[int, int]) -> None:
    """The window set to ``size``, the page drawn again at that size."""
    page.set_viewport_size(dict(zip(("width", "height"), size, strict=True)))
    settle(page)


def check_page_narrow(page: Any, name: str, shots: Path) -> None:
    """Page ``name`` (one of :data:`PAGES`, open at 1280x800) at 800 px wide: its
    picture in ``shots``, nothing cut short or drawn over, ID3's tree scrolling
    sideways, the alpha-beta sheet at its size; then back at 1280x800, drawn."""
    resize(page, NARROW)
    shot = re.sub(r"\W+", "-", name)
    page.screenshot(path=str(shots / f"{shot}-{NARROW[0]}x{NARROW[1]}.png"))
    scrolling = readable(page, f"{name} at {NARROW}")
    if name == "id3":  # its tree is wider than its side
        assert scrolling, "the ID3 tree at 800 px fits: nothing checked"
    if name == "learn?ex=alphabeta":
        check_sheet(page)
    resize(page, WIDE)


def check_wide(page: Any, server: str, shots: Path) -> None:
    """At 1280x800, with no scrolling: the board, the verdict, the per-move table and
    the start of the tree; the board carries the exact scores and the agent's values
    over its columns."""
    run_default(page, server)
    page.screenshot(path=str(shots / "analyze-1280x800.png"))
    blocks = answer_blocks(page)
    for name in ("board", "verdict", "table"):
        b = blocks[name]
        assert b["y"] >= 0 and b["y"] + b["height"] <= WIDE[1], (name, b)
        assert b["x"] + b["width"] <= WIDE[0], (name, b)
    assert blocks["tree"]["y"] < WIDE[1] and tree_top(page) < WIDE[1], blocks["tree"]
    texts = page.locator(".st-key-analyze_board svg text").evaluate_all(
        "els => els.map(e => e.textContent)"
    )
    exact = exact_scores(load_sample(DEFAULT_SAMPLE).position())  # the solver's, here
    left = Counter(texts)
    left.subtract(Counter(exact_label(s) for s in exact))
    assert min(left.values()) >= 0, (texts, exact)  # every column's score is over it
    assert not overlap(blocks["board"], blocks["table"])
    assert not overlap(blocks["board"], blocks["verdict"])
    readable(page, "analyze at 1280")
    whole_names(
        page, ["Draw from here", "Analyze this", "Fold children", "PDF", "CSV of every node"]
    )


def check_narrow(page: Any, shots: Path) -> None:
    """At 800 px wide the sides stack: no two of the main blocks overlap and none
    runs past the window's right edge."""
    page.screenshot(path=str(shots / "analyze-800x1000.png"))
    blocks = answer_blocks(page)
    names = list(blocks)
    for i, a in enumerate(names):
        assert blocks[a]["x"] + blocks[a]["width"] <= NARROW[0] + 1, (a, blocks[a])
        for b in names[i + 1 :]:
            assert not overlap(blocks[a], blocks[b]), (a, b, blocks[a], blocks[b])
    assert blocks["board"]["y"] < blocks["verdict"]["y"] < blocks["table"]["y"]
    readable(page, "analyze at 800")  # the tree's labels apart: it scrolls sideways
    # the tree's colour legend: each swatch one line (it wrapped mid-swatch), its ink
    # not its fill ("0.00" was red on red)
    swatches = page.locator("[data-swatch]").evaluate_all("""els => els.map(e => {
        const s = getComputedStyle(e);
        return [e.getBoundingClientRect().height, s.color, s.backgroundColor,
                parseFloat(s.lineHeight) || parseFloat(s.fontSize) * 1.6];
    })""")
    assert len(swatches) >= 5
    for height, ink, fill, line in swatches:
        assert height < 2 * line and ink != fill, swatches
    # a legend's swatches on one line together (one was left alone beside the title)
    rows = page.locator("[data-legend]").evaluate_all("""els => els.map(l =>
        new Set([...l.querySelectorAll('[data-swatch]')]
            .map(e => Math.round(e.getBoundingClientRect().top))).size)""")
    assert rows and set(rows) == {1}, rows


def switch_agents(page: Any) -> None:
    """Normal use that used to log Streamlit's Session State warning with its stack:
    another agent, a page away and back."""
    from playwright.sync_api import expect

    side = page.locator("[data-testid='stSidebar']")
    agent_box = side.get_by_role("combobox", name="Agent", exact=True)
    for agent in ("mcts", "alphabeta"):
        agent_box.click()
        page.get_by_role("option", name=agent, exact=True).click()
        # the agent's spec is written by the server: its run has begun (a settle alone
        # can end before the run does, and the log be read while it still runs)
        spec = side.locator("code").filter(has_text=re.compile(rf"^{agent}(:|$)"))
        expect(spec).to_be_visible(timeout=60_000)
        settle(page)
    page.get_by_role("link", name="Play").click()
    expect(page.get_by_role("heading", name="Play")).to_be_visible(timeout=60_000)
    settle(page)
    page.get_by_role("link", name="Analyze a position").click()
    expect(agent_box).to_be_visible(timeout=60_000)  # Analyze's own: Play has none
    settle(page)


def readable(page: Any, where: str) -> int:
    """Nothing in the main area cut short, no two texts of a chart over each other,
    and a side that scrolls sideways fades out on each side that hides something;
    returns how many sides scroll."""
    assert not clipped(page), (where, clipped(page))
    charts = "[data-testid='stMain'] svg"
    assert not meeting(page, charts), (where, meeting(page, charts))
    return fading_edges(page, where)


# Each side that scrolls sideways: the fade on its left and right edge at its start
# and at its end (the scroll-driven animation's two lengths), put back as it was.
EDGES_JS = """async els => {
    const frame = () => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
    const out = [];
    const scrolls = e => ['auto', 'scroll'].includes(getComputedStyle(e).overflowX)
        && e.scrollWidth > e.clientWidth + 1;
    for (const e of els.filter(scrolls)) {
        const fade = async to => {
            e.scrollLeft = to;
            await frame();  // a scroll timeline moves at the next frame
            const s = getComputedStyle(e);
            return [s.getPropertyValue('--tv-l').trim(), s.getPropertyValue('--tv-r').trim(),
                    s.maskImage !== 'none'];
        };
        const before = e.scrollLeft;
        out.push([await fade(0), await fade(e.scrollWidth)]);
        e.scrollLeft = before;
    }
    return out;
}"""


def fading_edges(page: Any, where: str) -> int:
    """Every side that scrolls sideways fades at the edge that hides something (a
    label cut at the window's edge read as the tree's end): at its start the right
    edge only, at its end the left only. Returns how many sides scroll."""
    # the page's columns, and the tree component's own boxes (a tree, a wide table)
    sides = page.locator(
        "[data-testid='stMain'] :is([data-testid='stColumn'], .tv-tree, .tv-scroll)"
    )
    found = sides.evaluate_all(EDGES_JS)
    fade = f"{SCROLL_FADE_PX}px"
    for start, end in found:
        assert start == ["0px", fade, True] and end == [fade, "0px", True], (where, found)
    return len(found)


def inside(inner: dict[str, float], outer: dict[str, float]) -> bool:
    return (
        outer["x"] - 0.5 <= inner["x"]
        and outer["y"] - 0.5 <= inner["y"]
        and inner["x"] + inner["width"] <= outer["x"] + outer["width"] + 0.5
        and inner["y"] + inner["height"] <= outer["y"] + outer["height"] + 0.5
    )


def whole_names(page: Any, names: list[str]) -> None:
    """Each button named in ``names`` shows its name whole: the text's box inside the
    button's, and the button inside the main area (they were cut to one letter)."""
    main = page.locator("[data-testid='stMain']").bounding_box()
    for name in names:
        button = page.get_by_role("button", name=name, exact=True).first
        button.scroll_into_view_if_needed()
        outer = button.bounding_box()
        text = button.get_by_text(name, exact=True).first.bounding_box()
        assert inside(text, outer) and inside(outer, main), (name, text, outer, main)


def check_progress(page: Any, server: str, shots: Path) -> None:
    """At 800 px wide, an MCTS search that settled early: the settle line's label
    meets none of its chart's texts (the y axis' labels), the two charts' legends
    none; the node panel's and the downloads' buttons show their names whole."""
    from playwright.sync_api import expect

    page.goto(server + SETTLES_EARLY)
    mark = page.locator("svg text").filter(has_text=re.compile(r"^settled at \d"))
    # one on each chart, each drawn after the run: both, before they are read
    expect(mark).to_have_count(2, timeout=120_000)
    settle(page)
    charts = "[class*='st-key-pair_progress'] svg"
    page.locator(charts).first.scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "analyze-mcts-800x1000.png"))
    assert not meeting(page, charts), meeting(page, charts)
    readable(page, "mcts at 800")
    whole_names(
        page,
        ["Draw from here", "Analyze this", "Fold children", "SVG", "GRAPHML", "CSV of every node"],
    )


def check_sheet(page: Any) -> None:
    """The alpha-beta sheet is drawn at its own size (10 pt labels) where it fits, else
    shrunk to its column, never below :data:`READABLE` of its size (a narrower page
    scrolls it rather than shrink it out of reading)."""
    from treeviz.dashboard.pages.learn.alphabeta import READABLE

    sheet = page.locator("[class*='st-key-'][class*='_ab_sheet'] img").first
    sheet.wait_for(timeout=60_000)
    page.wait_for_function("e => e.complete && e.naturalWidth > 0", arg=sheet.element_handle())
    drawn, natural, column = sheet.evaluate(
        "e => [e.getBoundingClientRect().width, e.naturalWidth,"
        " e.closest('[data-testid=stVerticalBlock]').getBoundingClientRect().width]"
    )
    assert drawn >= READABLE * natural - 1, (drawn, natural)
    assert drawn >= natural - 1 or drawn >= min(column, READABLE * natural) - 1, (drawn, column)


def check_compare(page: Any, shots: Path, size: tuple[int, int]) -> None:
    """Compare run (its button pressed) at ``size``: its two trees' labels apart,
    nothing cut short."""
    page.locator("[class*='st-key-pair_compare'] svg text").first.wait_for(timeout=120_000)
    settle(page)
    page.screenshot(path=str(shots / f"compare-run-{size[0]}x{size[1]}.png"))
    readable(page, f"compare run at {size}")
