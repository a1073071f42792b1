"""ID3 against scikit-learn's entropy tree on the UCI Connect-4 set (67,557 rows).

Run: ``.venv/bin/python benchmarks/id3.py``. Prints medians of ``REPEATS`` full fits
(treeviz: multiway ID3 on the categorical columns; scikit-learn: binary CART splits
with ``criterion="entropy"`` on the one-hot columns, the usual encoding) and their
ratio, then 5-fold accuracy of both on the same shuffled folds, for ``gain`` and
``gain_ratio``. Reading the CSV is timed apart.

Then a synthetic table of ``MILLION`` rows (two numeric and three categorical
attributes, a noisy class; seed 0), written to a temporary CSV: reading it, one fit
beside scikit-learn's on the same columns (numeric as they are, categorical one-hot),
and ``treeviz id3 FILE --cv 10`` as a user runs it, with its peak memory.
"""

from __future__ import annotations

import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
from sklearn.preprocessing import OneHotEncoder
from sklearn.tree import DecisionTreeClassifier
from timing import median_time

from treeviz.id3 import bundled_path, cross_validate, fit, folds, read_table

REPEATS = 3
FOLDS, SEED = 5, 0
MILLION = 1_000_000
TREEVIZ = Path(sys.executable).with_name("treeviz")


def sklearn_cv(x: object, y: np.ndarray) -> list[float]:
    out = []
    for test in folds(len(y), FOLDS, SEED):
        train = np.setdiff1d(np.arange(len(y)), test)
        model = DecisionTreeClassifier(criterion="entropy", random_state=0)
        model.fit(x[train], y[train])  # type: ignore[index]
        out.append(float(np.mean(model.predict(x[test]) == y[test])))  # type: ignore[index]
    return out


def main() -> None:
    t = time.perf_counter()
    table = read_table(bundled_path("connect-4"))
    print(f"read connect-4.data: {time.perf_counter() - t:.2f} s, {table.rows} rows")
    x = OneHotEncoder(sparse_output=False).fit_transform(
        np.stack([c.values for c in table.features], axis=1)
    )  # dense: scikit-learn fits sparse input several times slower
    y = table.target.values
    ours = median_time(lambda: fit(table), REPEATS)
    peer = DecisionTreeClassifier(criterion="entropy", random_state=0)
    theirs = median_time(lambda: peer.fit(x, y), REPEATS)
    tree = fit(table)
    print(
        f"fit: treeviz {ours:.2f} s ({len(tree.nodes)} nodes), scikit-learn {theirs:.2f} s, "
        f"ratio {ours / theirs:.2f}x"
    )
    sk = sklearn_cv(x, y)
    print(f"{FOLDS}-fold accuracy, seed {SEED}: scikit-learn {np.mean(sk):.4f}")
    for criterion in ("gain", "gain_ratio"):
        cv = cross_validate(table, k=FOLDS, seed=SEED, criterion=criterion)
        print(
            f"  treeviz {criterion:<10} {cv.mean:.4f}  ({cv.mean - np.mean(sk):+.4f} "
            "vs scikit-learn)"
        )


def write_synthetic(path: Path, rows: int) -> None:
    """A table like the ones users bring: numbers, words, a class with noise."""
    rng = np.random.default_rng(0)
    temp, count = rng.normal(50, 15, rows).round(1), rng.integers(0, 100, rows)
    colour = rng.choice(["red", "green", "blue", "black"], rows)
    flag, letter = rng.choice(["yes", "no"], rows), rng.choice(list("abcdefgh"), rows)
    score = (temp > 55).astype(int) + (colour == "red") + (flag == "yes") + (rng.random(rows) < 0.2)
    label = np.where(score >= 2, "high", "low")
    with path.open("w") as f:
        f.write("temp,count,colour,flag,letter,class\n")
        cells = zip(temp, count, colour, flag, letter, label, strict=True)
        f.writelines(",".join(map(str, row)) + "\n" for row in cells)


def million() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "million.csv"
        write_synthetic(path, MILLION)
        t = time.perf_counter()
        table = read_table(path)
        print(
            f"\nsynthetic table: {table.rows:,} rows x {len(table.features)} attributes, "
            f"read in {time.perf_counter() - t:.2f} s"
        )
        t = time.perf_counter()
        tree = fit(table)
        ours = time.perf_counter() - t
        parts = [c.values[:, None] for c in table.features if c.numeric]
        cats = np.stack([c.values for c in table.features if not c.numeric], axis=1)
        x = np.hstack([*parts, OneHotEncoder(sparse_output=False).fit_transform(cats)])
        t = time.perf_counter()
        DecisionTreeClassifier(criterion="entropy", random_state=0).fit(x, table.target.values)
        theirs = time.perf_counter() - t
        print(
            f"fit: treeviz {ours:.2f} s ({len(tree.nodes):,} nodes, depth {tree.depth}), "
            f"scikit-learn {theirs:.2f} s, ratio {ours / theirs:.2f}x"
        )
        for extra in ([], ["--cv", "10"]):
            before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
            t = time.perf_counter()
            subprocess.run(
                [str(TREEVIZ), "id3", str(path), *extra], check=True, stdout=subprocess.DEVNULL
            )
            peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
            print(
                f"treeviz id3 FILE {' '.join(extra)}: {time.perf_counter() - t:.1f} s, "
                f"peak {max(peak, before) / 2**20:.2f} GiB"
            )


if __name__ == "__main__":
    main()
    million()
