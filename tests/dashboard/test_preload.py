"""Which of Streamlit's files the first page preloads
(:mod:`treeviz.dashboard.server.preload`): the closure of its elements' imports in a
build manifest, less the page's own bundle; checked on made-up manifests against a
brute force, and on the installed Streamlit against its files and ``index.html``."""

from __future__ import annotations

import json
import re
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from treeviz.dashboard.server.preload import (
    ENTRY,
    FIRST_PAGE,
    chunk_files,
    is_source,
    preload_links,
    streamlit_static,
)


def manifest_of(imports: dict[str, list[str]]) -> dict[str, Any]:
    """A manifest whose key ``k`` is the file ``static/js/k.js`` importing ``imports[k]``."""
    return {k: {"file": f"static/js/{k}.js", "imports": v} for k, v in imports.items()}


def reachable(imports: dict[str, list[str]], start: list[str]) -> set[str]:
    """Every key reachable from ``start`` by imports, found by repeating until no
    key is added (a brute force beside the module's stack walk)."""
    found = {k for k in start if k in imports}
    while True:
        more = {i for k in found for i in imports[k] if i in imports} - found
        if not more:
            return found
        found |= more


def test_an_element_brings_its_imports_but_not_the_bundles() -> None:
    imports = {
        ENTRY: ["_runtime", "_react"],
        "_runtime": [],
        "_react": ["_runtime"],
        "../lib/src/components/widgets/Button/Button.tsx": ["_runtime", "_base", ENTRY],
        "_base": ["_react", "_label"],
        "_label": [],
        "../lib/src/components/widgets/Slider/Slider.tsx": ["_label", "_moment"],
        "_moment": [],
    }
    files = chunk_files(manifest_of(imports), ["widgets/Button/Button.tsx", "widgets/Gone.tsx"])
    assert files == [
        "static/js/../lib/src/components/widgets/Button/Button.tsx.js",
        "static/js/_base.js",
        "static/js/_label.js",
    ]


@given(
    st.dictionaries(
        st.sampled_from([f"m{i}" for i in range(12)]),
        st.lists(st.sampled_from([f"m{i}" for i in range(12)] + [ENTRY]), max_size=4),
    ),
    st.lists(st.sampled_from([f"m{i}" for i in range(12)]), max_size=4),
    st.lists(st.sampled_from([f"m{i}" for i in range(12)]), max_size=3),
)
def test_the_files_are_the_closure_less_the_bundles(
    imports: dict[str, list[str]], wanted: list[str], bundle: list[str]
) -> None:
    """Any import graph, cycles too: exactly the keys the wanted elements reach, less
    those the entry reaches, each once."""

    def key(name: str) -> str:  # as the manifest names an element by its source
        return name if name == ENTRY else f"../lib/src/components/{name}"

    graph = {**imports, ENTRY: bundle}
    named = {key(k): [key(i) for i in v] for k, v in graph.items()}
    files = chunk_files(manifest_of(named), wanted)
    expected = reachable(named, [key(k) for k in wanted])
    expected -= reachable(named, [ENTRY])
    assert len(files) == len(set(files))
    assert set(files) == {f"static/js/{k}.js" for k in expected}


def test_the_installed_streamlit_knows_every_element_of_the_first_page() -> None:
    """A Streamlit that renamed one would lose its preload without a word: said here."""
    manifest = json.loads((streamlit_static() / "manifest.json").read_text())
    for source in FIRST_PAGE:
        assert any(is_source(k, source) for k in manifest), source


def test_the_links_name_existing_files_the_page_does_not_load_itself() -> None:
    static = streamlit_static()
    links = preload_links().decode()
    files = re.findall(r'<link rel="modulepreload" crossorigin href="\./([^"]+)">', links)
    assert files and len(re.findall("<link", links)) == len(files) == len(set(files))
    own = set(re.findall(r'(static/js/[^"]+\.js)', (static / "index.html").read_text()))
    for name in files:
        assert (static / name).is_file() and name not in own, name
    assert any("/Button." in f for f in files)  # Run's code, the first the page needs


def test_no_manifest_no_links(tmp_path: Any) -> None:
    assert preload_links(tmp_path) == b""
    (tmp_path / "manifest.json").write_text("{not json")
    assert preload_links(tmp_path) == b""
