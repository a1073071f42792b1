"""Trace files of 2,000,000 nodes: save and load as .npz, JSON and gzipped JSON, beside
Apache Arrow's Feather format (pyarrow) writing and reading the same columns.

Run: ``.venv/bin/python benchmarks/trace_io.py``. The trace is minimax to depth 8 from
the empty board, cut at 2,000,000 recorded nodes. Medians of ``REPEATS``; every load is
checked equal to the trace. Goal: save and load under 1 s each.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pyarrow as pa
import pyarrow.feather as feather
from timing import median_time

from treeviz.agents.registry import search
from treeviz.connect4.board import Position
from treeviz.trace.files import load, save

REPEATS = 3
NODES = 2_000_000


def main() -> None:
    trace = search(Position(), "minimax", depth=8, capacity=NODES).trace
    print(f"trace: {len(trace):,} nodes, fields {', '.join(trace.fields)}")
    with tempfile.TemporaryDirectory() as tmp:
        arrow = Path(tmp) / "t.feather"
        table = pa.table({f: trace.nodes[f] for f in trace.fields})
        a_save = median_time(
            lambda: feather.write_feather(table, arrow, compression="uncompressed"), REPEATS
        )
        a_load = median_time(lambda: feather.read_table(arrow), REPEATS)
        print(
            f"{'feather (pyarrow, peer)':26} save {a_save:6.3f} s  load {a_load:6.3f} s  "
            f"{os.path.getsize(arrow) / 1e6:6.1f} MB"
        )
        for suffix in (".npz", ".json", ".json.gz"):
            path = Path(tmp) / f"t{suffix}"
            s = median_time(lambda p=path: save(trace, p), REPEATS)
            assert load(path) == trace
            ld = median_time(lambda p=path: load(p), REPEATS)
            print(
                f"{'treeviz ' + suffix:26} save {s:6.3f} s  load {ld:6.3f} s  "
                f"{os.path.getsize(path) / 1e6:6.1f} MB  (x{s / a_save:.1f} / "
                f"x{ld / a_load:.1f} feather)"
            )


if __name__ == "__main__":
    main()
