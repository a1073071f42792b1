"""Round trips to the server, against the work they do: an agent's reply in Play, a
Review step, a Learn answer, each beside the floor (a bare Streamlit page's rerun).

Headless Chromium (Playwright) drives one ``streamlit run`` server of the dashboard
and, in the same run, a second one serving a bare page (a button and a counter: the
floor, what any rerun costs). Each figure is timed inside the page, from the mouse
press to the first animation frame in which the app's script has stopped running
(``data-test-script-state="notRunning"`` on ``stApp``, Streamlit's running indicator
gone) and the expected text is drawn: the move list with the agent's reply, the
ply stepped to, the score with one more answer, the counter one higher
(:func:`dashboard.click_until`). The clicks are made once the page is idle.

Beside each, the work itself, timed here in Python on the same inputs (warm): the
agent's search of that position, the board of the ply stepped to, the answer marked
and the tree revealed. Printed per kind, medians of REPEATS: work, total, and
overhead = total - work - floor.

Before the first figure the dashboard's server is left to finish its warm-up (its
compiles in a background thread): until it uses under 5% of a core for a second.

Run: ``.venv/bin/python benchmarks/round_trips.py [REPEATS] [--root CHECKOUT]`` (default
9; ``--root``: serve another checkout's ``app.py``, e.g. ``git archive`` of the commit
before, to compare in the same minutes).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, sync_playwright

from treeviz.connect4.board import Position
from treeviz.dashboard.components.board import board_html
from treeviz.games.game import AgentPlayer
from treeviz.learn.predict import predict
from treeviz.settings import OPPONENT_AGENT

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from dashboard import click_until
from local_server import CHROMIUM, CHROMIUM_FLAGS, IDLE, serve, wait_idle

PREFERRED = (4, 3, 5, 2, 6, 1, 7)  # the human's columns, tried in this order
MARKDOWN = f"{IDLE} [data-testid='stMarkdownContainer']"  # settled: drawn, run over
LEARN_AGENT = "alphabeta:depth=2,ordering=left,tt=false"
LEARN_MOVES = "4453"
BARE_PAGE = """import streamlit as st
st.session_state.setdefault("runs", 0)
if st.button("Again"):
    st.session_state.runs += 1
st.markdown(f"Runs {st.session_state.runs}")
"""


def server_pid(url: str) -> int:
    """The process of the ``streamlit run`` serving ``url`` (started by :func:`serve`)."""
    port = url.rsplit(":", 1)[1].split("/")[0]
    for proc in Path("/proc").iterdir():
        try:
            args = (proc / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if b"streamlit" in b" ".join(args) and port.encode() in args:
            return int(proc.name)
    raise RuntimeError(f"no server process for {url}")


def cpu_seconds(pid: int) -> float:
    """User and system CPU seconds used so far by process ``pid``."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def wait_quiet(url: str, limit_s: float = 300) -> float:
    """Until the server of ``url`` uses under 5% of a core over a second (its warm-up
    done); returns the seconds waited."""
    pid, t0 = server_pid(url), time.perf_counter()
    while time.perf_counter() - t0 < limit_s:
        before = cpu_seconds(pid)
        time.sleep(1.0)
        if cpu_seconds(pid) - before < 0.05:
            break
    return time.perf_counter() - t0


def timed(work: Callable[[], Any], times: int = 3) -> float:
    """The fastest of ``times`` calls of ``work``, in seconds (the work, warm)."""
    best = float("inf")
    for _ in range(times):
        t0 = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - t0)
    return best


class Received:
    """What the server sent the page over its websocket, counted as it arrives, and
    per click (load does not change it: it is what a round trip makes the browser
    draw again)."""

    def __init__(self) -> None:
        self.messages = 0
        self.bytes = 0
        self.clicks: list[tuple[int, int]] = []  # (messages, bytes) after each click

    def attach(self, page: Page) -> None:
        """Count what ``page``'s websockets receive from now on."""
        page.on("websocket", lambda ws: ws.on("framereceived", self._count))

    def _count(self, payload: str | bytes) -> None:
        self.messages += 1
        self.bytes += len(payload)


RECEIVED = Received()


def settled_click(page: Page, target: Any, prefix: str) -> float:
    """Seconds from pressing ``target`` (once the page is idle) to the run over and a
    markdown text starting with ``prefix`` drawn; what the server sent for the click
    (until the page is idle again) goes to :data:`RECEIVED`."""
    wait_idle(page)
    before = RECEIVED.messages, RECEIVED.bytes
    seconds = click_until(page, target, MARKDOWN, prefix)
    wait_idle(page)
    RECEIVED.clicks.append((RECEIVED.messages - before[0], RECEIVED.bytes - before[1]))
    return seconds


@contextmanager
def bare_server() -> Iterator[str]:
    """A server of :data:`BARE_PAGE` while the context is open."""
    with tempfile.TemporaryDirectory() as folder:
        script = Path(folder) / "bare.py"
        script.write_text(BARE_PAGE)
        with serve(script=script) as url:
            yield url


def floor(page: Page, url: str, repeats: int) -> list[float]:
    """The bare page's rerun: Again pressed, the counter one higher."""
    page.goto(url)
    page.get_by_text("Runs 0").wait_for(timeout=60_000)
    button = page.get_by_role("button", name="Again")
    return [settled_click(page, button, f"Runs {i + 1}") for i in range(repeats)]


def human_move(pos: Position, agent: AgentPlayer) -> tuple[int, str] | None:
    """A column (1..7) for the human that neither ends the game nor lets the agent's
    reply end it, and the moves after that reply (None: there is none)."""
    for col in PREFERRED:
        if not pos.can_play(col - 1):
            continue
        after = Position.from_moves(pos.moves_string() + str(col))
        if after.is_over():
            continue
        reply = agent.choose(after, after.ply + 1).column
        if not Position.from_moves(after.moves_string() + str(reply)).is_over():
            return col, after.moves_string() + str(reply)
    return None


def play(page: Page, url: str, repeats: int) -> tuple[list[float], list[float]]:
    """Human (X) against Play's opponent: (work, total) per reply, from clicking a
    column to the move list with the agent's reply drawn; the work is the agent's
    search of the position it answered, timed here."""
    agent = AgentPlayer(OPPONENT_AGENT, 0)  # the page's player, seed 0 as its games
    page.goto(f"{url}/play")
    page.get_by_text("X to move (human)").wait_for(timeout=120_000)
    pos, work, total = Position(), [], []
    while len(total) < repeats:
        found = human_move(pos, agent)
        if found is None:
            raise RuntimeError(f"no safe move left in {pos.moves_string()!r}")
        col, moves = found
        asked = Position.from_moves(moves[:-1])
        work.append(timed(lambda asked=asked: agent.choose(asked, asked.ply + 1)))
        picker = page.get_by_test_id("stButtonGroup").get_by_role(
            "radio", name=str(col), exact=True
        )
        total.append(settled_click(page, picker, f"Moves {moves}"))
        pos = Position.from_moves(moves)
    return work, total


def review(page: Page, repeats: int) -> tuple[list[float], list[float], str]:
    """The game just played, reviewed: (work, total, moves) per step back, from
    pressing the left arrow to the ply stepped to described; the work is that ply's
    board, drawn here."""
    page.get_by_role("link", name="Review a game").click()
    heading = page.locator(MARKDOWN).filter(has_text="· result").first
    heading.wait_for(timeout=300_000)  # the review made once, with a progress bar
    played = heading.inner_text().split()[1]
    left = page.locator("[class*='st-key-review_left'] button").first
    work, total = [], []
    for step in range(repeats):
        at = len(played) - 1 - step
        player = "X" if at % 2 == 1 else "O"
        work.append(timed(lambda at=at: board_html(Position.from_moves(played[:at]), 26)))
        total.append(settled_click(page, left, f"{at}. {player} plays {played[at - 1]}"))
    return work, total, played


def learn(page: Page, url: str, repeats: int) -> tuple[list[float], list[float]]:
    """Predict the search, every step asked, each answered right: (work, total) per
    answer, from pressing Answer to the score with one more answer drawn; the work
    is the answer marked and the tree revealed, timed here on the same search."""
    page.goto(f"{url}/learn?ex=predict&agent={LEARN_AGENT}&moves={LEARN_MOVES}&steps=all")
    questions = predict(LEARN_MOVES, LEARN_AGENT, every_step=True).questions
    choices = page.locator("[class*='st-key-learn_choice_']")
    answer = page.get_by_role("button", name="Answer", exact=True)
    total = []
    for i, question in enumerate(questions[:repeats]):
        wait_idle(page)
        page.get_by_text(question.prompt, exact=True).wait_for(timeout=120_000)
        choices.get_by_text(question.label(question.answer), exact=True).click()
        total.append(settled_click(page, answer, f"Score {i + 1} / {i + 1}"))
    return learn_work(repeats), total


def learn_work(repeats: int) -> list[float]:
    """Each answer's own work in Python: marked, and the tree as the learner sees it."""
    session = predict(LEARN_MOVES, LEARN_AGENT, every_step=True)
    work = []
    for question in session.questions[:repeats]:
        t0 = time.perf_counter()
        session.answer(question.answer)
        session.shown()
        work.append(time.perf_counter() - t0)
    return work


def line(name: str, work: list[float], total: list[float], floor_s: float) -> str:
    """One kind's medians in milliseconds, and what each of its clicks received."""
    w, t = statistics.median(work), statistics.median(total)
    sent = RECEIVED.clicks[-len(total) :]
    messages = statistics.median(m for m, _ in sent)
    kb = statistics.median(b for _, b in sent) / 1000
    return (
        f"{name:<26} work {w * 1000:7.1f} ms  total {t * 1000:7.1f} ms  overhead "
        f"{(t - w - floor_s) * 1000:7.1f} ms  (totals {min(total) * 1000:.0f}-"
        f"{max(total) * 1000:.0f} ms, n={len(total)}; received {messages:.0f} messages, "
        f"{kb:.1f} kB)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("repeats", type=int, nargs="?", default=9)
    parser.add_argument("--root", type=Path, default=None, help="the checkout to serve")
    args = parser.parse_args()
    n = args.repeats
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    AgentPlayer(OPPONENT_AGENT, 0).choose(Position(), 1)  # compile outside the timings
    app = None if args.root is None else args.root.resolve() / "app.py"
    with bare_server() as bare, serve(script=app) as url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        page = browser.new_page(viewport={"width": 1500, "height": 1100})
        RECEIVED.attach(page)
        page.goto(url)  # the first visit starts the warm-up
        page.get_by_text("Press Run").first.wait_for(timeout=120_000)
        print(f"server quiet after {wait_quiet(url):.0f} s")
        floors = floor(page, bare, n)
        floor_s = statistics.median(floors)
        lines = [line("floor (bare Streamlit rerun)", [0.0] * n, floors, floor_s)]
        lines.append(line("Play: agent's reply", *play(page, url, n), floor_s))
        work, total, played = review(page, n)
        lines.append(line(f"Review: a step ({len(played)} plies)", work, total, floor_s))
        lines.append(line("Learn: an answer", *learn(page, url, n), floor_s))
        browser.close()
    print("\n".join(lines))
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
