"""One sequence of questions put to an agent in a fresh process: what the agent
answers when nothing was asked before, so that two runs of the same sequence tell
whether the agent is deterministic, and one run whether its answers depend on what
it was asked before (state kept between calls) or on the order of the moves.

Run as ``python -m treeviz.checkup.sequence AGENT SECONDS`` with one move string per
line on stdin; it prints one JSON answer per line (:class:`~treeviz.checkup.ask.Answer`).
The agent is the one the person who started the doctor named: the fresh process
loads nothing else.
"""

from __future__ import annotations

import json
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

from treeviz.checkup.ask import Answer, ask
from treeviz.errors import UserAgentError

START_SECONDS = 60.0  # a fresh process's start-up, at most (imports, a first compile)


def fresh_runs(agent: str, seconds: float, sequences: list[list[str]]) -> list[list[Answer]]:
    """The answers to each sequence of move strings, in order, each from a fresh
    process, the processes side by side; :class:`UserAgentError` when a process fails
    as a whole."""
    with ThreadPoolExecutor(len(sequences)) as pool:
        return list(pool.map(lambda moves: _run(agent, seconds, moves), sequences))


def _run(agent: str, seconds: float, moves: list[str]) -> list[Answer]:
    limit = START_SECONDS + len(moves) * (seconds + 1.0)
    try:
        done = subprocess.run(
            [sys.executable, "-m", "treeviz.checkup.sequence", agent, repr(seconds)],
            input="\n".join(moves) + "\n",
            capture_output=True,
            text=True,
            timeout=limit,
        )
    except subprocess.TimeoutExpired:
        raise UserAgentError(
            f"{agent} did not answer {len(moves)} positions in a fresh process within {limit:.0f} s"
        ) from None
    lines = done.stdout.splitlines()
    if done.returncode != 0 or len(lines) != len(moves):
        said = done.stderr.strip().splitlines()[-1:] or ["nothing"]
        raise UserAgentError(f"{agent} failed in a fresh process: {said[0][:200]}")
    return [Answer(**json.loads(line)) for line in lines]


def main() -> int:
    """Answer each move string on stdin, one JSON line each, in order."""
    agent, seconds = sys.argv[1], float(sys.argv[2])
    for line in sys.stdin:
        answer = ask(agent, line.strip(), seconds)
        print(json.dumps(answer.as_dict()), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
