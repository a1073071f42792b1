"""A long search leaves the interpreter to other threads: the compiled kernels release
the GIL, so a dashboard server keeps answering other sessions while one searches."""

from __future__ import annotations

import threading
import time

import numpy as np

import treeviz.exact.kernel as S
from treeviz.connect4.board import Position
from treeviz.connect4.tt_order import new_table
from treeviz.exact.book import book_arrays
from treeviz.trace.nodes import C_NODES, NO_PARENT
from treeviz.trace.recorder import Recorder


def test_another_thread_runs_while_the_solver_searches() -> None:
    pos = Position.from_moves("431776671")  # about 8 million nodes without the book
    rec = Recorder(1)
    table = new_table(pos.width * pos.height - pos.ply)
    book = book_arrays(False, pos.width, pos.height)
    out: list[int] = []

    def work() -> None:
        out.append(int(S.solve(np.uint64(pos.current), np.uint64(pos.mask), pos.ply, False,
                               pos.width, pos.height, NO_PARENT, -1, 0, rec.nodes, rec.ctr,
                               table, book, S.NO_FLOOR)))  # fmt: skip

    worker = threading.Thread(target=work)
    worker.start()
    seen = set()
    while worker.is_alive():  # this loop only runs if the search released the GIL
        seen.add(int(rec.ctr[C_NODES]))
        time.sleep(0.005)
    worker.join()
    final = int(rec.ctr[C_NODES])
    assert out == [-2]
    assert any(0 < n < final for n in seen), "the main thread ran during the search"
