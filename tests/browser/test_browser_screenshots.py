"""The documentation's screenshots, made here so they never go stale: each dashboard
page at 1280x800 in headless Chromium, once its script run is over, written to
``docs/images/<page>.png`` (the viewport only, at CSS pixels, kept small). A page that
shows nothing until asked is first given what the docs describe: a search run, two
searches compared, a game typed in, a short tournament, a checkup of one of
``examples/buggy/``'s searches. The docs build reads the committed files, so it needs
no browser; every run of this test draws them again from the dashboard as it is.

The same visit makes the look test's checks of each page (``test_browser_look``, one
page load for the docs and both sizes): before anything is asked, at 1280x800 and again
at 800 px wide, each page has no text cut short and no two texts of a chart over each
other, ID3's tree scrolls sideways at 800 px, the alpha-beta sheet is drawn at its
size; Compare's run reads as well at both sizes; their pictures go where the look
test's go. The server's log has no warning, error or stack after it all."""

from __future__ import annotations

import os
import re
import struct
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from local_server import ROOT, fresh_page, serve, settle
from test_browser_look import (
    NARROW,
    WIDE,
    check_compare,
    check_page_narrow,
    check_sheet,
    quiet_log,
    readable,
    resize,
    shots_dir,
)
from test_browser_look import PAGES as LOOKED_AT

from treeviz.agents.registry import search
from treeviz.trace.files import save

pytestmark = pytest.mark.browser

IMAGES = ROOT / "docs" / "images"
WIDTH, HEIGHT = 1280, 800
# relative to the checkout, where the server runs: the page shows the path as given
BUGGY = "examples/buggy/one_sided_gameover.py:choose"
MAX_BYTES = 150_000  # a picture per page in a repository: small, or it is left out
# (image name, path under the server): every page of the app's navigation; the Learn
# page once per exercise
PAGES = (
    ("compare", "compare"),
    ("play", "play"),
    ("review", "review"),
    ("trace", "trace"),
    ("arena", "arena"),
    ("doctor", "doctor"),
    ("id3", "id3"),
    ("learn-predict", "learn?ex=predict"),
    ("learn-alphabeta", "learn?ex=alphabeta"),
    ("learn-puzzles", "learn?ex=puzzles"),
)
GAME = "4443332565"  # a short game with mistakes on both sides (Review, puzzles)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """(URL, the file of its output) of a server with a student's buggy search for the
    Doctor page, as `make app AGENTS=...` names one."""
    env = dict(os.environ, TREEVIZ_AGENTS=BUGGY, TREEVIZ_CLUSTER="", PYTHONUNBUFFERED="1")
    log = tmp_path_factory.mktemp("shots-server") / "server.log"
    with serve(env=env, log=log) as url:
        yield url, log


def png_size(path: Path) -> tuple[int, int]:
    """Width and height from a PNG's header (IHDR), read independently of the
    browser that wrote it."""
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n", f"{path.name} is not a PNG"
    width, height = struct.unpack(">II", head[16:24])
    return width, height


def shoot(page: Any, name: str) -> Path:
    """The viewport as ``docs/images/<name>.png``, checked: a PNG of the window's size
    (CSS pixels) and under ``MAX_BYTES``."""
    path = IMAGES / f"{name}.png"
    page.screenshot(path=str(path), scale="css", animations="disabled")
    assert png_size(path) == (WIDTH, HEIGHT), (name, png_size(path))
    assert path.stat().st_size < MAX_BYTES, f"{name}.png is {path.stat().st_size:,} bytes"
    return path


def run_default_analysis(page: Any, server: str) -> None:
    """The Analyze page's default position searched by the default agent, its tree
    drawn (the root's label starts '#0 ')."""
    page.goto(server)
    settle(page)
    page.locator("[data-testid='stSidebar']").get_by_role("button", name="Run").click()
    page.locator("svg text").filter(has_text=re.compile(r"^#0 ")).first.wait_for(timeout=120_000)
    settle(page)


def sidebar(page: Any) -> Any:
    return page.locator("[data-testid='stSidebar']")


def compare(page: Any) -> None:
    sidebar(page).get_by_role("button", name="Compare").click()
    page.get_by_text("Per column: highlighted").wait_for(timeout=120_000)
    page.locator("[class*='st-key-pair_compare'] svg text").first.wait_for(timeout=120_000)


def review(page: Any) -> None:
    sidebar(page).get_by_text("Move string", exact=True).click()
    settle(page)
    box = sidebar(page).get_by_role("textbox", name="Moves (e.g. 4453...)")
    box.fill(GAME)
    box.press("Enter")
    # the game's review drawn (a settle alone can end before its run begins: the
    # picture was then the page before the game)
    page.get_by_text(re.compile(rf"^Moves {GAME} · result")).wait_for(timeout=120_000)


def trace(page: Any, tmp: Path) -> None:
    """A trace saved as `treeviz analyze --trace` saves one, uploaded."""
    path = tmp / "alphabeta.json.gz"
    save(search("4453", "alphabeta:depth=4").trace, path)
    page.locator("input[type='file']").set_input_files(str(path))
    page.get_by_text("Search tree").first.wait_for(timeout=120_000)


def puzzles(page: Any) -> None:
    page.get_by_text("Move string", exact=True).click()
    settle(page)
    box = page.get_by_role("textbox", name="A game's moves (e.g. 4256454455353323)")
    box.fill(GAME)
    box.press("Enter")
    page.get_by_text(re.compile(r"^Card 1 of \d+ · ")).wait_for(timeout=120_000)  # its deck


def arena(page: Any) -> None:
    sidebar(page).get_by_role("button", name="Run", exact=True).click()
    page.get_by_text("Choose players (or a sweep)").wait_for(state="hidden", timeout=120_000)


def doctor(page: Any) -> None:
    box = sidebar(page).get_by_role("spinbutton", name="Positions per kind", exact=True)
    box.fill("5")
    box.press("Enter")
    settle(page)
    sidebar(page).get_by_role("button", name="Run the checkup").click()
    page.get_by_text(re.compile(r"bugs? found")).first.wait_for(timeout=180_000)


ASK: dict[str, Callable[[Any], None]] = {
    "compare": compare,
    "review": review,
    "arena": arena,
    "doctor": doctor,
    "learn-puzzles": puzzles,
}


def test_a_screenshot_of_each_page(server: tuple[str, Path], tmp_path: Path) -> None:
    url, log = server
    IMAGES.mkdir(parents=True, exist_ok=True)
    # the pages the look test names are the pages here, each checked at both sizes
    assert sorted(path for _, path in PAGES) == sorted(LOOKED_AT)
    assert (WIDTH, HEIGHT) == WIDE
    shots = shots_dir(tmp_path)
    written = []
    with fresh_page(WIDTH, HEIGHT) as page:
        run_default_analysis(page, url)
        written.append(shoot(page, "analyze"))
        for name, path in PAGES:
            page.goto(f"{url}/{path}")
            settle(page)
            looks_readable(page, path, shots)
            check_page_narrow(page, path, shots)
            if name in ASK:
                ASK[name](page)
                settle(page)
            elif name == "trace":
                trace(page, tmp_path)
                settle(page)
            assert not page.locator("[data-testid='stException']").count(), name
            written.append(shoot(page, name))
            if name == "compare":  # its run, as the look test reads it, at both sizes
                check_compare(page, shots, WIDE)
                resize(page, NARROW)
                check_compare(page, shots, NARROW)
                resize(page, WIDE)
    quiet_log(log.read_text(errors="replace"))
    # the pictures the docs show are the ones written now (none left from a page that
    # is gone: every image the docs link is one of these)
    linked = set(re.findall(r"images/([\w-]+)\.png", docs_text()))
    assert linked <= {p.stem for p in written}, sorted(linked - {p.stem for p in written})


def looks_readable(page: Any, path: str, shots: Path) -> None:
    """The look test's checks of page ``path`` at 1280x800, as it opens: its picture
    in ``shots``, nothing cut short or drawn over, the alpha-beta sheet at its size."""
    shot = re.sub(r"\W+", "-", path)
    page.screenshot(path=str(shots / f"{shot}-{WIDTH}x{HEIGHT}.png"))
    readable(page, f"{path} at {(WIDTH, HEIGHT)}")
    if path == "learn?ex=alphabeta":
        check_sheet(page)


def docs_text() -> str:
    return (
        "\n".join(p.read_text() for p in (ROOT / "docs").rglob("*.md"))
        + (ROOT / "README.md").read_text()
    )
