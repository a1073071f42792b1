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
nothing is added. The board's own module (a custom component's, 0.7 MB, asked for
only once its element has arrived and the component's host has loaded) is named too
(:func:`component_links`), from Streamlit's register of components as the first page
is served. The links come from the installed packages alone: nothing in a request
chooses them.
"""

from __future__ import annotations

import html
import importlib
import json
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from treeviz.dashboard.server.base_url import ASGIApp, HtmlEdit

if TYPE_CHECKING:
    from streamlit.components.v2.component_manager import BidiComponentManager

# The first page's elements in the order it sends them (the Analyze page: Run and
# Stop, the position's and agent's widgets, the board's component and its buttons,
# markdown with HTML). Heavier code the page sends later (a data frame's grid, a
# code block's highlighter) is left to load when needed: fetched with the rest, it
# would compete with the first paint.
FIRST_PAGE = (
    "widgets/Button/Button.tsx",
    "widgets/Radio/Radio.tsx",
    "widgets/Selectbox/Selectbox.tsx",
    "widgets/Slider/Slider.tsx",
    "widgets/Checkbox/Checkbox.tsx",
    "widgets/NumberInput/NumberInput.tsx",
    "widgets/BidiComponent/BidiComponent.tsx",
    "widgets/ButtonGroup/ButtonGroup.tsx",
)
ENTRY = "index.html"  # the manifest's key for the page's own bundle
# The custom components the first page draws (the Analyze page's board): the name
# each registers with Streamlit, and the module whose import registers it
FIRST_COMPONENTS = (("streamlit-echarts.streamlit_echarts", "streamlit_echarts"),)
COMPONENT_FILES = "_stcore/bidi-components"  # where Streamlit serves a component's files


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


def chunk_files(manifest: dict[str, Any], sources: Iterable[str]) -> list[str]:
    """The files (``static/js/...``) the elements ``sources`` need that the page's own
    bundle does not load already, from Streamlit's build ``manifest``. A source is
    the end of a manifest key below ``components/`` (``widgets/Button/Button.tsx``);
    one the manifest does not know is skipped."""
    loaded = {manifest[k]["file"] for k in _closure(manifest, [ENTRY])}
    wanted = [k for s in sources for k in manifest if k.endswith("/components/" + s)]
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


def component_links(
    components: Iterable[tuple[str, str]] = FIRST_COMPONENTS,
    manager: BidiComponentManager | None = None,
) -> bytes:
    """The ``<link rel="modulepreload">`` tags for the JavaScript module of each
    custom component in ``components`` (name, module that registers it), at the path
    Streamlit serves it from, as its front end imports it; read from ``manager`` (the
    running server's register by default) once the module is imported. A component
    that is not registered there, or whose code is not a file, is skipped."""
    if manager is None:
        from streamlit.components.v2.get_bidi_component_manager import (
            get_bidi_component_manager,
        )

        manager = get_bidi_component_manager()
    links = []
    for name, module in components:
        importlib.import_module(module)  # the board imports it anyway; this registers it
        definition = manager.get(name)
        url = definition.js_url if definition is not None else None
        if url:
            links.append(_link(f"{COMPONENT_FILES}/{name}/{url}"))
    return b"".join(links)


def _link(path: str) -> bytes:
    """A preload link for ``path``, relative to the page as ``index.html``'s own links
    are (so it holds under a base path), fetched as the page's module imports are."""
    return f'<link rel="modulepreload" crossorigin href="./{html.escape(path)}">'.encode()


class ModulePreload(HtmlEdit):
    """ASGI middleware: every page the server sends gets :func:`preload_links`
    (computed once, as the server starts) and :func:`component_links` (once, as the
    first page is served: the server's register of components exists by then) right
    before its ``</head>``; ``links`` given: those alone."""

    def __init__(self, app: ASGIApp, links: bytes | None = None) -> None:
        super().__init__(app, self.with_links)
        self.links = preload_links() if links is None else links
        self.components: bytes | None = None if links is None else b""

    def with_links(self, page: str, body: bytes) -> bytes:
        """``body`` with the links before its ``</head>`` (as it is without one; the
        same for every ``page``)."""
        if self.components is None:
            self.components = component_links()
        return body.replace(b"</head>", self.links + self.components + b"</head>", 1)
