"""ID3: textbook trees, gains by hand, properties, the Connect-4 set against
scikit-learn and the exact solver, exports read back, and bad tables."""

from __future__ import annotations

import json
import math
import xml.etree.ElementTree as ET
from pathlib import Path

import networkx as nx
import numpy as np
import pygraphviz
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from treeviz.cli.main import main
from treeviz.id3 import bundled_path, cross_validate, fit, folds, parse_table, read_table
from treeviz.id3.draw import drawn, exact_class, export_tree, position_row, row_position


def h(*ps: float) -> float:
    """Entropy of a distribution, by the textbook formula."""
    return -sum(p * math.log2(p) for p in ps if p)


def test_weather_root_is_weather_with_quinlans_gain() -> None:
    table = read_table(bundled_path("weather"))
    assert table.ignored == ["ID"]  # a row id is never a feature
    tree = fit(table)
    root = tree.nodes[0]
    assert tree.feature(root) == "Weather" and tree.accuracy(table) == 1.0
    # 9 yes / 5 no; sunny 2/3, overcast 4/0, rainy 3/2 (Quinlan's play-tennis)
    gain = h(9 / 14, 5 / 14) - (5 / 14 * h(2 / 5, 3 / 5) + 5 / 14 * h(3 / 5, 2 / 5))
    assert root.gain == pytest.approx(gain) and round(gain, 3) == 0.247
    sunny = next(tree.nodes[c] for c in root.children if tree.nodes[c].branch == "sunny")
    assert tree.feature(sunny) == "Humidity" and sunny.threshold is not None


def test_gain_ratio_follows_c45s_rule_of_at_least_average_gain() -> None:
    """Plain gain ratio would put Temp at the weather root (a lopsided cut has a tiny
    split information); C4.5 ratios only the splits of at least average gain, and
    Weather's ratio is the best of those: the textbook C4.5 tree."""
    table = read_table(bundled_path("weather"))
    tree = fit(table, criterion="gain_ratio")
    root = tree.nodes[0]
    gain = h(9 / 14, 5 / 14) - (5 / 14 * h(2 / 5, 3 / 5) + 5 / 14 * h(3 / 5, 2 / 5))
    assert tree.feature(root) == "Weather"
    assert root.gain == pytest.approx(gain / h(5 / 14, 4 / 14, 5 / 14))  # the ratio
    rainy = next(tree.nodes[c] for c in root.children if tree.nodes[c].branch == "rainy")
    assert tree.feature(rainy) == "Windy" and tree.accuracy(table) == 1.0


def test_restaurant_root_is_patrons() -> None:
    table = read_table(bundled_path("restaurant"), ignore=["ID"])
    tree = fit(table)
    assert tree.feature(tree.nodes[0]) == "Pat" and tree.accuracy(table) == 1.0
    # AIMA: Patrons has gain 1 - (2/12 * 0 + 4/12 * 0 + 6/12 * H(2/6, 4/6)) = 0.541
    assert tree.nodes[0].gain == pytest.approx(1 - 0.5 * h(1 / 3, 2 / 3))


def test_gains_and_thresholds_by_hand() -> None:
    text = "A,B,N,y\na,x,1,p\na,y,2,p\nb,x,3,q\nb,y,4,q\nb,x,5,q\n"
    table = parse_table(text, name="t")
    tree = fit(table)
    base = h(2 / 5, 3 / 5)
    assert tree.feature(tree.nodes[0]) == "A"  # A and N both separate perfectly: A is first
    assert tree.nodes[0].gain == pytest.approx(base)
    only_n = fit(parse_table(text, name="t", ignore=["A"]))
    root = only_n.nodes[0]
    assert only_n.feature(root) == "N" and root.threshold == 2.5
    ratio = fit(parse_table(text, name="t"), criterion="gain_ratio")
    # A splits 2/3 (split info H(.4,.6)); N's best cut also 2/3; both ratio 1: A first
    assert ratio.nodes[0].gain == pytest.approx(1.0)
    shallow = fit(table, max_depth=0)
    assert len(shallow.nodes) == 1 and table.classes[shallow.nodes[0].prediction] == "q"


def test_an_unseen_value_gets_the_parents_majority() -> None:
    text = "A,B,y\na,u,p\na,v,q\nb,u,q\nb,u,q\nc,v,p\nc,v,p\n"
    tree = fit(parse_table(text, name="t"))
    for node in tree.nodes:
        if node.empty:
            assert node.prediction == tree.nodes[node.parent].prediction and node.samples == 0


Rows = tuple[list[list[str]], list[str], list[int]]
tables = st.integers(2, 40).flatmap(
    lambda n: st.tuples(
        st.lists(st.lists(st.sampled_from("abc"), min_size=3, max_size=3), min_size=n, max_size=n),
        st.lists(st.sampled_from("PQR"), min_size=n, max_size=n),
        st.lists(st.integers(0, 9), min_size=n, max_size=n),
    )
)


@settings(max_examples=60, deadline=None)
@given(tables)
def test_consistent_tables_are_learned_exactly(data: Rows) -> None:
    rows, labels, nums = data
    # the label is a function of the features, so a full tree fits every row
    seen: dict[tuple[object, ...], str] = {}
    ys = [seen.setdefault((*r, x), y) for r, y, x in zip(rows, labels, nums, strict=True)]
    if len(set(ys)) < 2:
        return  # one class is refused as a table (tested elsewhere)
    body = (",".join([*r, str(x), y]) for r, x, y in zip(rows, nums, ys, strict=True))
    lines = ["c1,c2,c3,n,y", *body]
    table = parse_table("\n".join(lines), name="t")
    tree = fit(table)
    assert tree.accuracy(table) == 1.0
    for node in tree.nodes:  # counts add up; leaves are pure or cannot be split
        if node.children:
            kids = sum(tree.nodes[c].counts for c in node.children)
            assert (kids == node.counts).all()
    assert fit(table).as_dict() == tree.as_dict()  # deterministic


def test_folds_cover_every_row_once() -> None:
    parts = folds(103, 5, seed=4)
    joined = np.sort(np.concatenate(parts))
    assert (joined == np.arange(103)).all() and {len(p) for p in parts} <= {20, 21}
    assert [list(p) for p in folds(103, 5, 4)] == [list(p) for p in parts]


@pytest.fixture(scope="module")
def connect4() -> object:
    return read_table(bundled_path("connect-4"))


@pytest.mark.slow
def test_connect4_layout_and_exact_labels(connect4: object) -> None:
    table = connect4
    assert [c.name for c in table.features][:3] == ["a1", "a2", "a3"]  # type: ignore[attr-defined]
    assert table.rows == 67557 and table.classes == ["draw", "loss", "win"]  # type: ignore[attr-defined]
    rng = np.random.default_rng(7)
    for i in rng.choice(table.rows, 12, replace=False):  # type: ignore[attr-defined]
        row = {c.name: c.levels[c.values[i]] for c in table.features}  # type: ignore[attr-defined]
        pos = row_position(row)
        assert pos.ply == 8 and position_row(pos) == row
        assert exact_class(pos) == table.classes[table.target.values[i]]  # type: ignore[attr-defined]


@pytest.mark.slow
def test_connect4_accuracy_beside_scikit_learn(connect4: object) -> None:
    """5-fold accuracy on the same folds: ID3 no worse than scikit-learn's entropy tree
    (one-hot features) by more than 2 points."""
    from sklearn.preprocessing import OneHotEncoder
    from sklearn.tree import DecisionTreeClassifier

    table = connect4
    ours = cross_validate(table, k=5, seed=0)  # type: ignore[arg-type]
    x = np.stack([c.values for c in table.features], axis=1)  # type: ignore[attr-defined]
    # dense float32, the tree's own dtype: the same splits and scores as a sparse
    # matrix, ten times sooner (sparse input takes scikit-learn's slow path)
    x = OneHotEncoder(sparse_output=False, dtype=np.float32).fit_transform(x)
    y = table.target.values  # type: ignore[attr-defined]
    theirs = []
    for test in folds(len(y), 5, seed=0):
        train = np.setdiff1d(np.arange(len(y)), test)
        model = DecisionTreeClassifier(criterion="entropy", random_state=0)
        theirs.append(float(np.mean(model.fit(x[train], y[train]).predict(x[test]) == y[test])))
    assert ours.mean >= np.mean(theirs) - 0.02, (ours.scores, theirs)
    assert ours.mean > 0.70  # well above the 65.8% majority class


def test_every_export_format_reads_back(tmp_path: Path) -> None:
    tree = fit(read_table(bundled_path("restaurant")))
    entries = [d for d in drawn(tree) if d.kind == "node"]
    for fmt in ("svg", "png", "pdf", "dot", "graphml", "json"):
        out = tmp_path / f"tree.{fmt}"
        assert export_tree(tree, out, title="t")[0] == fmt
        data = out.read_bytes()
        if fmt == "svg":
            groups = [
                g
                for g in ET.fromstring(data).iter("{http://www.w3.org/2000/svg}g")
                if g.get("class") == "node"
            ]
            assert len(groups) == len(entries) == len(tree.nodes)
        elif fmt == "png":
            assert data[:8] == b"\x89PNG\r\n\x1a\n"
        elif fmt == "pdf":
            assert data[:5] == b"%PDF-"
        elif fmt == "dot":
            g = pygraphviz.AGraph(string=data.decode())
            assert g.number_of_nodes() == len(tree.nodes)
            assert g.number_of_edges() == len(tree.nodes) - 1
        elif fmt == "graphml":
            g = nx.read_graphml(out)
            assert g.number_of_nodes() == len(tree.nodes)
            assert g.nodes["0"]["attribute"] == "Pat" and g.nodes["0"]["samples"] == 12
        else:
            assert json.loads(data) == tree.as_dict()


def test_cli_json_rules_and_cv(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["id3", "weather", "--json", "--cv", "3", "--seed", "1"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["root"]["attribute"] == "Weather" and data["train_accuracy"] == 1.0
    assert len(data["cv_folds"]) == 3 and data["cv_accuracy"] == pytest.approx(
        sum(data["cv_folds"]) / 3, abs=1e-5
    )
    assert {"nodes", "depth", "leaves"} <= set(data)
    assert main(["id3", str(bundled_path("iris")), "--max-depth", "2"]) == 0
    out = capsys.readouterr().out
    assert "petallength <= 2.45: Iris-setosa" in out and "depth 2" in out
    headerless = tmp_path / "w.data"
    headerless.write_text("\n".join(bundled_path("weather").read_text().splitlines()[1:]))
    assert main(["id3", str(headerless), "--json"]) == 0  # no header: col1..col6
    assert json.loads(capsys.readouterr().out)["target"] == "col6"


@pytest.mark.parametrize(
    ("content", "argv", "message"),
    [
        (None, ["id3", "/nonexistent/table.csv"], "cannot read"),
        ("a,b\n1,x\n2,y\n", ["--target", "c"], "has no column 'c'"),
        ("a,b\n1,x\n2,y\n", ["--ignore", "zz"], "has no column 'zz'"),
        ("a,b,c\n1,2,x\n3,4\n", [], "row 3 has 2 fields"),
        ("a,b\n1,x\n2,x\n", [], "has one class"),
        ("\n\n", [], "is empty"),
        ("outlook,play\n", [], "has a header but no rows"),
        ("a,b\n1,x\n2,y\n", ["--cv", "1"], "--cv 1"),
        ("a,b\n1,x\n2,y\n", ["--cv", "5"], "--cv 5"),
    ],
)
def test_bad_tables_are_one_line_exit_2(
    content: str | None,
    argv: list[str],
    message: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    if content is not None:
        path = tmp_path / "t.csv"
        path.write_text(content)
        argv = ["id3", str(path), *argv]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1, err


def test_a_spreadsheet_export_reads_like_plain_csv() -> None:
    """A byte-order mark, CRLF line ends and spaces after commas change nothing."""
    from treeviz.id3.table import parse_table

    plain = "Outlook,Windy,Play\nsunny,no,yes\nrainy,yes,no\nsunny,yes,yes\n"
    exported = "\ufeff" + plain.replace(",", ", ").replace("\n", "\r\n")
    a, b = parse_table(plain), parse_table(exported)
    assert [c.name for c in b.features] == [c.name for c in a.features] == ["Outlook", "Windy"]
    assert b.target.levels == a.target.levels == ["no", "yes"]
    assert all(x.levels == y.levels for x, y in zip(a.features, b.features, strict=True))
