"""Exports read back: each format parsed by an independent reader."""

from __future__ import annotations

import io
import re
import struct
from pathlib import Path
from xml.etree import ElementTree

import networkx as nx
import numpy as np
import pandas as pd
import pygraphviz
import pytest

from treeviz.agents.registry import search
from treeviz.cli.main import main
from treeviz.connect4.board import Position
from treeviz.draw.export import (
    ExportLimitError,
    ExportOptions,
    export,
    export_bytes,
    selection_of,
    to_dot,
)
from treeviz.draw.view import selection_graph
from treeviz.settings import EXPORT_MAX_NODES
from treeviz.trace.analysis import result_of
from treeviz.trace.files import load
from treeviz.trace.nodes import NO_VALUE, ON_PV, WIN, SearchResult
from treeviz.trace.values import node_value

SVG = "{http://www.w3.org/2000/svg}"
WHOLE = ExportOptions(depth=None)  # every node of a trace


@pytest.fixture(scope="module")
def alphabeta() -> SearchResult:
    return search(Position.from_moves("4453"), "alphabeta", depth=3)


@pytest.fixture(scope="module")
def mcts() -> SearchResult:
    return search(Position.from_moves("4453"), "mcts", iterations=400, seed=3)


def drawn_names(res: SearchResult, opts: ExportOptions) -> set[str]:
    """DOT names of everything a selection draws."""
    sel = selection_of(res.trace, opts)
    names = {f"n{i}" for i in sel.ids} | {f"more{p}" for p in sel.more}
    return names | {f"pruned{i}" for i in sel.stubs}


@pytest.mark.parametrize("opts", [ExportOptions(depth=2), ExportOptions(depth=None, top_k=2)])
def test_svg_has_one_group_per_selected_node(alphabeta: SearchResult, opts: ExportOptions) -> None:
    root = ElementTree.fromstring(export_bytes(alphabeta.trace, "svg", opts))
    groups = [g for g in root.iter(f"{SVG}g") if g.get("class") == "node"]
    titles = {g.find(f"{SVG}title").text for g in groups}  # type: ignore[union-attr]
    assert len(groups) == len(titles) == len(drawn_names(alphabeta, opts))
    assert titles == drawn_names(alphabeta, opts)


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    w, h = struct.unpack(">II", data[16:24])
    return int(w), int(h)


def test_png_size_follows_the_dpi(mcts: SearchResult) -> None:
    opts = ExportOptions(depth=2, top_k=3)
    svg = ElementTree.fromstring(export_bytes(mcts.trace, "svg", opts))
    width_pt = float(svg.get("width", "").removesuffix("pt"))
    for dpi in (72, 150):
        w, _ = png_size(export_bytes(mcts.trace, "png", ExportOptions(depth=2, top_k=3, dpi=dpi)))
        assert abs(w - width_pt * dpi / 72) <= 3


def test_pdf_has_one_page(alphabeta: SearchResult) -> None:
    data = export_bytes(alphabeta.trace, "pdf", ExportOptions(depth=2))
    assert data.startswith(b"%PDF-")
    assert len(re.findall(rb"/Type\s*/Page\b(?!s)", data)) == 1


def test_dot_parses_back_with_the_same_nodes_and_edges(alphabeta: SearchResult) -> None:
    opts = ExportOptions(depth=2, top_k=3)
    graph = pygraphviz.AGraph(string=export_bytes(alphabeta.trace, "dot", opts).decode())
    assert set(graph.nodes()) == drawn_names(alphabeta, opts)
    sel = selection_of(alphabeta.trace, opts)
    expected = {
        (f"n{u}", f"n{v}" if isinstance(v, int) else v.replace(":", ""))
        for u, v in selection_graph(sel).edges()
    }
    assert set(graph.edges()) == expected


def test_graphml_keeps_nodes_edges_and_attributes(mcts: SearchResult) -> None:
    opts = ExportOptions(depth=3, top_k=3)
    g = nx.read_graphml(io.BytesIO(export_bytes(mcts.trace, "graphml", opts)))
    want = selection_graph(selection_of(mcts.trace, opts))
    assert set(g.nodes) == {str(n) for n in want.nodes}
    assert {(u, v) for u, v in g.edges} == {(str(u), str(v)) for u, v in want.edges}
    for n, attrs in want.nodes(data=True):
        got = g.nodes[str(n)]
        for key in ("kind", "label", "visits", "value_sum", "move", "path"):
            if key in attrs:
                assert (
                    got[key] == pytest.approx(attrs[key])
                    if key == "value_sum"
                    else got[key] == attrs[key]
                )


def test_csv_has_one_readable_row_per_node(alphabeta: SearchResult) -> None:
    """The CSV is the whole trace, node by node: parents, columns and depths rebuild
    the tree, values read as the panel's, and no internal sentinel is written."""
    trace = alphabeta.trace
    raw = export_bytes(trace, "csv", WHOLE)
    df = pd.read_csv(io.BytesIO(raw))
    assert len(df) == len(trace) and list(df["node"]) == list(range(len(trace)))
    kids = df["parent"].notna()
    assert (df.loc[kids, "parent"].astype(int) == trace.nodes["parent"][1:]).all()
    assert (df.loc[kids, "column"].astype(int) == trace.nodes["move"][1:] + 1).all()
    assert pd.isna(df.loc[0, "column"]) and (df["depth"] == trace.nodes["depth"]).all()
    for i in range(len(trace)):  # words where the number does not say it all
        v, words = node_value(trace, i), df.loc[i, "value in words"]
        assert words == v.text if v.outcome or v.value is None else pd.isna(words)
        assert (
            pd.isna(df.loc[i, "value (root player)"])
            if v.value is None
            else df.loc[i, "value (root player)"] == v.value
        )
    assert str(WIN - 1) not in raw.decode() and str(int(NO_VALUE)) not in raw.decode()
    best = df.loc[df["parent"] == 0, "value (root player)"].max()
    assert best == df.loc[0, "value (root player)"]  # the root takes its best child's value


def test_csv_holds_the_view_as_the_diagrams_do(alphabeta: SearchResult, tmp_path: Path) -> None:
    """``export -o x.csv --depth 2 --top 3`` writes the nodes the GraphML of the same
    view holds (an independent reader of the other format), and ``--depth -1`` every
    node of the trace."""
    trace = tmp_path / "t.json"
    export(alphabeta.trace, trace)
    view = ["--depth", "2", "--top", "3", "--root", str(int(alphabeta.trace.children(0)[0]))]
    for fmt in ("csv", "graphml"):
        assert main(["export", str(trace), "-o", str(tmp_path / f"v.{fmt}"), *view]) == 0
    graph = nx.read_graphml(tmp_path / "v.graphml")
    drawn = {int(n) for n in graph.nodes if n.isdigit()}
    rows = pd.read_csv(tmp_path / "v.csv")
    assert set(rows["node"]) == drawn and len(rows) == len(drawn) < len(alphabeta.trace)
    assert main(["export", str(trace), "-o", str(tmp_path / "all.csv"), "--depth", "-1"]) == 0
    assert len(pd.read_csv(tmp_path / "all.csv")) == len(alphabeta.trace)


def test_csv_writes_a_game_over_in_words() -> None:
    """A*'s goal nodes store a win as their heuristic, h and f (about -1,000,000):
    the CSV writes -inf (game over) there and the plain numbers elsewhere; a node
    A* never expanded has no search order."""
    trace = search(Position.from_moves("3344"), "astar").trace
    raw = export_bytes(trace, "csv", WHOLE)
    df = pd.read_csv(io.BytesIO(raw), dtype=str, keep_default_na=False)
    assert not re.search(r"\d{6,}", df.to_csv(index=False))
    over = np.abs(trace.nodes["h"].astype(np.int64)) >= WIN - 1_000
    assert over.any() and not over.all()
    assert set(df.loc[over, "h (estimate to go)"]) == {"-inf (game over)"}
    assert list(df.loc[~over, "h (estimate to go)"]) == [str(v) for v in trace.nodes["h"][~over]]
    never = trace.nodes["order"] < 0
    assert never.any() and set(df.loc[never, "search order"]) == {""}


@pytest.mark.parametrize("name", ["t.json", "t.json.gz"])
def test_json_loads_back_equal(mcts: SearchResult, tmp_path: Path, name: str) -> None:
    assert export(mcts.trace, tmp_path / name) == "json"
    back = load(tmp_path / name)
    assert back == mcts.trace
    assert result_of(back).moves == mcts.moves


def test_oversized_selection_is_refused_before_drawing() -> None:
    big = search(Position(), "mcts", iterations=EXPORT_MAX_NODES + 500, seed=1)
    with pytest.raises(ExportLimitError, match=r"at most 5,000.*depth.*top-k.*root"):
        export_bytes(big.trace, "svg", ExportOptions(depth=None))
    assert export_bytes(big.trace, "svg", ExportOptions(depth=None, top_k=1)).startswith(b"<?xml")


def test_boards_drawn_in_small_trees_only(alphabeta: SearchResult) -> None:
    small = selection_of(alphabeta.trace, ExportOptions(depth=1))
    cells = to_dot(small, boards=True).count("BGCOLOR=") - 5  # 5 legend swatches
    assert cells == 42 * len(small.ids)
    large = selection_of(alphabeta.trace, ExportOptions(depth=None))
    assert len(large) > 50 and to_dot(large, boards=True).count("BGCOLOR=") == 5


def test_cli_export_and_analyze_export(
    alphabeta: SearchResult, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    trace = tmp_path / "t.json"
    export(alphabeta.trace, trace)
    for suffix in ("svg", "png", "pdf", "dot", "graphml", "csv"):
        out = tmp_path / f"tree.{suffix}"
        assert main(["export", str(trace), "-o", str(out), "--depth", "2", "--top", "3"]) == 0
        assert out.stat().st_size > 0
    assert main(["export", str(trace), "-o", str(tmp_path / "x"), "--format", "dot"]) == 0
    assert (tmp_path / "x").read_text().startswith("digraph")
    capsys.readouterr()
    assert main(["export", str(trace), "-o", str(tmp_path / "t.xyz")]) == 2
    assert main(["export", str(trace), "-o", str(tmp_path / "t.svg"), "--root", "99999"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 2 and "t.xyz" in err[0] and "99999" in err[1]
    out = tmp_path / "a.svg"
    argv = ["analyze", "4453", "--depth", "3", "--export", str(out), "--view-depth", "1"]
    assert main(argv) == 0
    groups = [g for g in ElementTree.parse(out).iter(f"{SVG}g") if g.get("class") == "node"]
    sel = selection_of(alphabeta.trace, ExportOptions(depth=1))
    assert len(groups) == len(sel)


def test_mcts_edges_as_wide_as_their_visits(mcts: SearchResult) -> None:
    sel = selection_of(mcts.trace, ExportOptions(depth=2))
    dot = pygraphviz.AGraph(string=to_dot(sel))
    visits = mcts.trace.nodes["visits"]
    below_root = [i for i in sel.ids if i != sel.root]
    busiest = max(below_root, key=lambda i: int(visits[i]))
    widths = {
        int(v[1:]): float(dot.get_edge(u, v).attr["penwidth"])
        for u, v in dot.edges()
        if v.startswith("n")
    }
    assert widths[busiest] == pytest.approx(5.5)
    order = sorted(below_root, key=lambda i: int(visits[i]))
    plain = [widths[i] for i in order if not mcts.trace.nodes["flags"][i] & ON_PV]  # PV: bold
    assert plain == sorted(plain) and plain[0] < plain[-1]


def test_a_parameter_of_any_length_draws(tmp_path: Path) -> None:
    """A trace file may carry a 100,000-character parameter (or agent name): the title
    is shortened instead of failing Graphviz (DotError)."""
    trace = search(Position.from_moves("4453"), "greedy").trace
    trace.params["note"] = "x" * 100_000
    trace.algorithm = "y" * 100_000
    svg = export_bytes(trace, "svg", ExportOptions(depth=1)).decode()
    assert "<svg" in svg and "note=xxx" in svg and "x" * 120 not in svg
    assert len(svg) < 50_000


@pytest.mark.slow
def test_a_wide_tree_is_laid_out_to_read_down_the_page(alphabeta: SearchResult) -> None:
    """Hundreds of boxes side by side made a PNG tens of thousands of pixels wide: past
    a dozen entries on a level the levels run left to right, so the image reads down."""
    narrow = ExportOptions(depth=1)
    wide = ExportOptions(depth=3)
    assert "rankdir=TB" in export_bytes(alphabeta.trace, "dot", narrow).decode()
    assert "rankdir=LR" in export_bytes(alphabeta.trace, "dot", wide).decode()
    png = export_bytes(alphabeta.trace, "png", wide)
    width, height = struct.unpack(">II", png[16:24])
    assert width < 2_500 < height


def test_a_title_writes_settings_as_a_spec_does() -> None:
    """A report's and a diagram's title wrote Python's ``True``; a spec writes ``true``,
    and the title's settings parse back as the agent's own."""
    from treeviz import search_game
    from treeviz.agents.any_game.registry import game_spec
    from treeviz.draw.export import title_of

    pytest.importorskip("pyspiel")
    res = search_game("tic_tac_toe", None, "alphabeta:depth=2")
    settings = title_of(res.trace).rsplit(" · ", 1)[1].replace(", ", ",")
    assert "True" not in settings and "ordering=true" in settings
    assert game_spec(f"alphabeta:{settings}").kwargs == res.trace.params
