"""A class on one server: ``STUDENTS`` people at once, each in a browser context of its
own (one headless Chromium, Playwright's async API), against one ``streamlit run``
server on localhost, each following the same script on a position of its own:

1. Analyze: open the page, type its position, press Run (the default agent), and
   wait for the heading naming the column chosen.
2. Three view clicks: a child of the root in the tree, each until the node panel
   names it.
3. Play: one move on the board, until the opponent's reply is in the move list.
4. Learn: a teacher's link to a prediction question on its position, answered right,
   until the verdict says so.

Every answer is checked against the same work done in this process (the column
chosen, the node's path, the opponent's reply, the question asked): a page that showed
another student's answer is counted as a mix-up. Times are from the press to the
answer drawn, measured inside the page (:data:`WATCH`), except Play and Learn, timed
from the click to the answer seen by Playwright. The server's memory (its resident
size, children included) is read before the class, after it, and after the tabs are
closed. Last, one student starts a long search and closes the tab: the server's CPU
in the seconds after says whether the search went on.

Run: ``.venv/bin/python benchmarks/class_load.py`` (``--students N``).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import re
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlencode

import psutil
from playwright.async_api import Browser, Page, async_playwright
from playwright.async_api import Error as PlaywrightError

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from dashboard import WATCH
from local_server import CHROMIUM, CHROMIUM_FLAGS, IDLE, serve

from treeviz.agents.registry import search
from treeviz.connect4.board import Position
from treeviz.learn.predict import predict
from treeviz.learn.questions import VALUE
from treeviz.settings import DEFAULT_AGENT, OPPONENT_AGENT

STUDENTS = 30
WAIT_MS = 600_000  # a loaded server answers late, not never
LEARN_SPEC = "alphabeta:depth=2,ordering=left,tt=false"
LONG_SEARCH = "mcts:iterations=none,time_limit=60"


@dataclass
class Seen:
    """What the class's pages answered, and how fast (seconds per kind of action)."""

    times: dict[str, list[float]] = field(default_factory=dict)
    mixups: list[str] = field(default_factory=list)

    def took(self, kind: str, seconds: float) -> None:
        self.times.setdefault(kind, []).append(seconds)


def positions(count: int, seed: int = 0) -> list[str]:
    """``count`` different positions of 4 to 8 random plies, none over."""
    rng, found = random.Random(seed), dict[str, None]()
    while len(found) < count:
        pos = Position()
        for _ in range(rng.randint(4, 8)):
            pos.play(rng.choice(pos.legal_moves()))
            if pos.is_over():
                break
        if not pos.is_over():
            found[pos.moves_string()] = None
    return list(found)


async def timed_click(page: Page, target: Any, selector: str, prefix: str) -> float:
    """Seconds from the mouse press on ``target`` to an element ``selector`` whose
    text starts with ``prefix`` drawn (measured by the page itself). A target redrawn
    while it is found (the page's run drew the tree again) is found again."""
    for attempt in range(5):
        try:
            await target.scroll_into_view_if_needed()
            box = await target.bounding_box()
            break
        except PlaywrightError:
            if attempt == 4:
                raise
            await asyncio.sleep(0.5)
    assert box is not None
    await page.evaluate(WATCH, [selector, prefix])
    await page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    await page.wait_for_function("window.__latency !== null", timeout=WAIT_MS)
    return float(await page.evaluate("window.__latency")) / 1000


async def analyze(page: Page, url: str, moves: str, seen: Seen) -> None:
    """Run the default agent on ``moves`` and click three children of the root."""
    agent = DEFAULT_AGENT.default
    res = search(Position.from_moves(moves), agent)
    await page.goto(url)
    await page.get_by_text("Press Run").first.wait_for(timeout=WAIT_MS)
    side = page.locator("[data-testid='stSidebar']")
    await side.get_by_text("Move string or board").click()
    area = side.locator("textarea")
    await area.fill(moves)
    await area.press("Control+Enter")
    await (
        page.locator("p:has-text('to move') code")
        .filter(has_text=re.compile(f"^{moves}$"))
        .wait_for(timeout=WAIT_MS)
    )
    await idle(page)
    run = side.get_by_role("button", name="Run")
    seen.took("run", await timed_click(page, run, "h3", f"{agent} plays column"))
    heading = await page.locator("h3", has_text="plays column").first.inner_text()
    if not heading.startswith(f"{agent} plays column {res.move}"):
        seen.mixups.append(f"{moves}: Run showed {heading!r}, not column {res.move}")
    for node in [int(k) for k in res.trace.children(0)[:3]]:
        label = page.locator("svg text").filter(has_text=re.compile(rf"^#{node} ")).first
        seen.took("view click", await timed_click(page, label, "p", f"Node #{node} ·"))
        path = res.trace.path_moves(node)
        name = page.locator("strong").filter(has_text=re.compile(rf"^Node #{node}$"))
        panel = page.locator("p", has=name).first
        shown = await panel.locator("code").inner_text()
        if shown != (path or "(root)"):
            seen.mixups.append(f"{moves}: node {node} showed path {shown!r}, not {path!r}")


async def play(page: Page, url: str, column: int, seen: Seen) -> None:
    """One move in column ``column`` on the Play page, until the opponent answers."""
    reply = search(Position.from_moves(str(column)), OPPONENT_AGENT).move
    await page.goto(f"{url}/play")
    await page.get_by_text("X to move (human)").wait_for(timeout=WAIT_MS)
    button = page.get_by_test_id("stButtonGroup").locator("button").nth(column - 1)
    start = time.perf_counter()
    await button.click()
    moves = page.get_by_text(re.compile(r"^Moves \d\d$"))
    await moves.wait_for(timeout=WAIT_MS)
    seen.took("play reply", time.perf_counter() - start)
    shown = await moves.inner_text()
    if shown != f"Moves {column}{reply}":
        seen.mixups.append(f"play {column}: {shown!r}, not 'Moves {column}{reply}'")


async def learn(page: Page, url: str, moves: str, seen: Seen) -> None:
    """A prediction question on ``moves`` opened by a teacher's link, answered right."""
    questions = predict(moves, LEARN_SPEC, every_step=True).questions
    step = next(i for i, q in enumerate(questions) if q.kind == VALUE)
    q = questions[step]
    query = {"ex": "predict", "agent": LEARN_SPEC, "moves": moves, "steps": "all"}
    await page.goto(f"{url}/learn?{urlencode(dict(query, step=str(step)))}")
    await page.get_by_text(q.prompt, exact=True).wait_for(timeout=WAIT_MS)
    choices = page.locator("[class*='st-key-learn_choice_']")
    await choices.get_by_text(q.label(q.answer), exact=True).click()
    await idle(page)
    start = time.perf_counter()
    await page.get_by_role("button", name="Answer", exact=True).click()
    verdict = page.get_by_text(f"Right: {q.label(q.answer)}")
    try:
        await verdict.wait_for(timeout=WAIT_MS)
    except Exception:  # any failure to see it is a mix-up, reported
        seen.mixups.append(f"learn {moves}: no 'Right: {q.label(q.answer)}'")
        return
    seen.took("learn answer", time.perf_counter() - start)


async def idle(page: Page) -> None:
    """Until the page's script run is over (a click during a run can be lost)."""
    await page.locator(IDLE).wait_for(timeout=WAIT_MS)


async def student(browser: Browser, url: str, i: int, moves: str, seen: Seen) -> None:
    """One student's whole script in a context of its own."""
    context = await browser.new_context(viewport={"width": 1500, "height": 1100})
    context.set_default_timeout(WAIT_MS)  # a class loads the pages at once: late, not lost
    context.set_default_navigation_timeout(WAIT_MS)
    try:
        page = await context.new_page()
        await analyze(page, url, moves, seen)
        await play(page, url, 1 + i % 7, seen)
        await learn(page, url, moves, seen)
    finally:
        await context.close()


def server_process() -> psutil.Process:
    """The ``streamlit run`` server this process started."""
    for child in psutil.Process().children(recursive=True):
        if "streamlit" in " ".join(child.cmdline()):
            return child
    raise RuntimeError("no streamlit server among this process's children")


def memory_mb(server: psutil.Process) -> float:
    """The server's resident memory with its children's, in MB."""
    procs = [server, *server.children(recursive=True)]
    return sum(p.memory_info().rss for p in procs) / 1e6


async def tab_closed(browser: Browser, url: str, server: psutil.Process) -> tuple[float, float]:
    """(CPU share of the server while a long search runs, in the 3 s after its tab
    closed): 1.0 is one core busy."""
    context = await browser.new_context()
    page = await context.new_page()
    await page.goto(f"{url}/?moves=4453&agent={quote(LONG_SEARCH)}")
    await page.get_by_text("Searching").first.wait_for(timeout=WAIT_MS)
    running = cpu_share(server, 3.0)
    await context.close()
    await asyncio.sleep(1.0)  # the server hears of it
    return running, cpu_share(server, 3.0)


def cpu_share(server: psutil.Process, seconds: float) -> float:
    """The server's CPU seconds per second over ``seconds``."""
    before = sum(server.cpu_times()[:2])
    time.sleep(seconds)
    return (sum(server.cpu_times()[:2]) - before) / seconds


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1] if len(values) > 1 else values[0]


async def main(students: int) -> None:
    class_positions = positions(students + 1)
    seen = Seen()
    with serve(timeout_s=300) as url:
        server = server_process()
        async with async_playwright() as pw:
            browser = await pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
            warm = Seen()  # one student first: compiles and first imports are not the class's
            await student(browser, url, 0, class_positions[-1], warm)
            before = memory_mb(server)
            start = time.perf_counter()
            await asyncio.gather(
                *(student(browser, url, i, class_positions[i], seen) for i in range(students))
            )
            took = time.perf_counter() - start
            after = memory_mb(server)
            await asyncio.sleep(5.0)
            closed = memory_mb(server)
            running, stopped = await tab_closed(browser, url, server)
            await browser.close()
    print(f"{students} students at once, one server, one Chromium: {took:.0f} s in all")
    for kind, values in seen.times.items():
        print(
            f"  {kind:13} n={len(values):3}  median {statistics.median(values) * 1000:7.0f} ms"
            f"  p95 {p95(values) * 1000:7.0f} ms"
        )
    print(f"  mix-ups: {len(seen.mixups)}")
    for line in seen.mixups[:10]:
        print(f"    {line}")
    print(
        f"  server memory: {before:.0f} MB after one student, {after:.0f} MB after the class "
        f"({(after - before) / students:.1f} MB per student), {closed:.0f} MB with the tabs closed"
    )
    print(
        f"  a long search: server CPU {running:.2f} while it runs, "
        f"{stopped:.2f} once its tab closed"
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=STUDENTS)
    asyncio.run(main(parser.parse_args().students))
