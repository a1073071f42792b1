"""Fetch the code of the first page's widgets while Streamlit's own code loads.

Streamlit's front end loads each kind of element's code the first time the server
sends one (a button, a select box...): on a first visit those files are asked for
only after the page's own code has run, the websocket has opened and the script has
sent its first elements, one more round trip each, while the page shows skeletons.
:class:`ModulePreload` names them in the page itself, as ``<link
rel="modulepreload">`` before ``</head>``, so the browser fetches them beside
Streamlit's own bundle and has them when the elements arrive.

Which files: those of the elements the first page draws (:data:`FIRST_PAGE`, named
by their source in Streamlit's front end) and everything they import, read from the
installed Streamlit's build manifest (``static/manifest.json``) at the server's
start, less what ``index.html`` already loads. The names carry content hashes that
change with every Streamlit release, so none is written here; an element the
manifest does not know (another Streamlit) is skipped, and without a manifest
nothing is added. (The board is treeviz's own component, whose script comes with
its element: nothing of it to fetch.) The links come from the installed packages
alone: nothing in a request chooses them.
"""

from __future__ import annotations

import html
import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from treeviz.dashboard.server.base_url import ASGIApp, HtmlEdit

# The first page's elements in the order it sends them (the Analyze page: Run and
# Stop, the position's and agent's widgets, the board's component and its buttons,
# markdown with HTML, whose reader of HTML Streamlit imports only when such markdown
# arrives: measured on the first paint's path, 0.2-0.4 s after the last element).
# Heavier code the page sends later (a data frame's grid, a code block's
# highlighter) is left to load when needed: fetched with the rest, it would compete
# with the first paint.
FIRST_PAGE = (
    "widgets/Button/Button.tsx",
    "widgets/Radio/Radio.tsx",
    "widgets/Selectbox/Selectbox.tsx",
    "widgets/Slider/Slider.tsx",
    "widgets/Checkbox/Checkbox.tsx",
    "widgets/NumberInput/NumberInput.tsx",
    "widgets/BidiComponent/BidiComponent.tsx",
    "widgets/ButtonGroup/ButtonGroup.tsx",
    "rehype-raw/index.js",
)
ENTRY = "index.html"  # the manifest's key for the page's own bundle


def streamlit_static() -> Path:
    """The installed Streamlit's front-end folder (``index.html``, ``manifest.json``)."""
    import streamlit

    return Path(streamlit.__file__).resolve().parent / "static"


def _closure(manifest: dict[str, Any], keys: Iterable[str]) -> list[str]:
    """The manifest keys ``keys`` and every key they import, transitively, each once,
    in the order first met (an element before the helpers it imports)."""
    seen: dict[str, None] = {}
    stack = list(reversed(list(keys)))
    while stack:
        key = stack.pop()
        if key in seen or key not in manifest:
            continue
        seen[key] = None
        stack.extend(reversed(manifest[key].get("imports", [])))
    return list(seen)


def is_source(key: str, source: str) -> bool:
    """Whether the manifest's ``key`` is ``source``: the end of a key below
    ``components/`` (``widgets/Button/Button.tsx``, Streamlit's own) or
    ``node_modules/`` (``rehype-raw/index.js``, a library it imports)."""
    return key.endswith(("/components/" + source, "/node_modules/" + source))


def chunk_files(manifest: dict[str, Any], sources: Iterable[str]) -> list[str]:
    """The files (``static/js/...``) the elements ``sources`` need that the page's own
    bundle does not load already, from Streamlit's build ``manifest``. A source is
    the end of a manifest key (:func:`is_source`); one the manifest does not know is
    skipped."""
    loaded = {manifest[k]["file"] for k in _closure(manifest, [ENTRY])}
    wanted = [k for s in sources for k in manifest if is_source(k, s)]
    files = (manifest[k]["file"] for k in _closure(manifest, wanted))
    return [f for f in dict.fromkeys(files) if f.endswith(".js") and f not in loaded]


def preload_links(static: Path | None = None, sources: Iterable[str] = FIRST_PAGE) -> bytes:
    """The ``<link rel="modulepreload">`` tags for :func:`chunk_files` of the
    Streamlit front end in ``static`` (the installed one by default), relative to the
    page as ``index.html``'s own links are, so they hold under a base path too.
    Empty when ``static`` has no readable manifest."""
    try:
        manifest = json.loads(((static or streamlit_static()) / "manifest.json").read_text())
    except (OSError, ValueError):
        return b""
    return b"".join(_link(f) for f in chunk_files(manifest, sources))


def _link(path: str) -> bytes:
    """A preload link for ``path``, relative to the page as ``index.html``'s own links
    are (so it holds under a base path), fetched as the page's module imports are."""
    return f'<link rel="modulepreload" crossorigin href="./{html.escape(path)}">'.encode()


class ModulePreload(HtmlEdit):
    """ASGI middleware: every page the server sends gets :func:`preload_links`
    (computed once, as the server starts) right before its ``</head>``; ``links``
    given: those instead."""

    def __init__(self, app: ASGIApp, links: bytes | None = None) -> None:
        super().__init__(app, self.with_links)
        self.links = preload_links() if links is None else links

    def with_links(self, page: str, body: bytes) -> bytes:
        """``body`` with the links before its ``</head>`` (as it is without one; the
        same for every ``page``)."""
        return body.replace(b"</head>", self.links + b"</head>", 1)
