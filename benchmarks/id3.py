"""ID3 against scikit-learn's entropy tree on the UCI Connect-4 set (67,557 rows).

Run: ``.venv/bin/python benchmarks/id3.py``. Prints medians of ``REPEATS`` full fits
(treeviz: multiway ID3 on the categorical columns; scikit-learn: binary CART splits
with ``criterion="entropy"`` on the one-hot columns, the usual encoding) and their
ratio, then 5-fold accuracy of both on the same shuffled folds, for ``gain`` and
``gain_ratio``. Reading the CSV is timed apart.
"""

from __future__ import annotations

import time

import numpy as np
from sklearn.preprocessing import OneHotEncoder
from sklearn.tree import DecisionTreeClassifier
from timing import median_time

from treeviz.id3 import bundled_path, cross_validate, fit, folds, read_table

REPEATS = 3
FOLDS, SEED = 5, 0


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
    print(f"fit: treeviz {ours:.2f} s ({len(tree.nodes)} nodes), scikit-learn {theirs:.2f} s, "
          f"ratio {ours / theirs:.2f}x")  # fmt: skip
    sk = sklearn_cv(x, y)
    print(f"{FOLDS}-fold accuracy, seed {SEED}: scikit-learn {np.mean(sk):.4f}")
    for criterion in ("gain", "gain_ratio"):
        cv = cross_validate(table, FOLDS, SEED, criterion=criterion)
        print(f"  treeviz {criterion:<10} {cv.mean:.4f}  ({cv.mean - np.mean(sk):+.4f} "
              "vs scikit-learn)")  # fmt: skip


if __name__ == "__main__":
    main()
