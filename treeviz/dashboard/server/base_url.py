"""Tell Streamlit's front end where the server is, so a deep link asks nothing twice.

Opened at a page's own address (``/play``), Streamlit's front end does not know which
part of the path is the server's and which the page's: it probes
``/play/_stcore/health`` and ``/play/_stcore/host-config`` first (two 404s in the
browser's console on every deep link, streamlit/streamlit#7074), then ``/``. The front
end reads ``window.__streamlit.BACKEND_BASE_URL`` instead when the page defines it
before Streamlit's script runs. :class:`BackendBaseUrl` is an ASGI middleware that puts
that definition at the top of every HTML page the server sends: the server knows the
path it served as the page (``/play``), so the script takes that ending off the
address the browser shows and keeps the rest, which is the server's base, behind a
proxy that adds a prefix too.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, MutableMapping
from functools import partial
from typing import Any

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

HEAD = b"<head>"
# what a page's request must not ask, and its answer must not claim, once edited
DROPPED = {b"accept-encoding", b"if-none-match", b"if-modified-since", b"range", b"if-range"}
VALIDATORS = {b"content-length", b"etag", b"last-modified", b"accept-ranges"}


def base_url_script(page: str) -> bytes:
    """The ``<script>`` that sets ``BACKEND_BASE_URL`` for a page served at the path
    ``page`` below the server's base (``""`` for the main page, ``"play"``).

    ``page`` comes from the request's address, so it is written as a JSON string with
    ``<``, ``>`` and ``&`` escaped: no address can close the script or open another."""
    quoted = json.dumps(page.strip("/"))
    for ch in "<>&":
        quoted = quoted.replace(ch, f"\\u{ord(ch):04x}")
    return (
        "<script>(function(){var page=" + quoted + ",u=new URL(location.href);"
        "var p=u.pathname.replace(/\\/+$/,'');"
        "if(page&&p.slice(-page.length-1)==='/'+page)p=p.slice(0,-page.length-1);"
        "u.pathname=p+'/';u.search='';u.hash='';"
        "window.__streamlit=Object.assign({},window.__streamlit,"
        "{BACKEND_BASE_URL:u.href});})();</script>"
    ).encode()


def page_path(scope: Scope) -> str:
    """The path of the request below the server's base (``root_path`` when mounted
    and Streamlit's ``server.baseUrlPath``)."""
    from streamlit import config

    path = str(scope.get("path", "")).removeprefix(str(scope.get("root_path", "")))
    base = str(config.get_option("server.baseUrlPath") or "").strip("/")
    path = path.strip("/")
    if base and (path == base or path.startswith(base + "/")):
        path = path[len(base) :]
    return path.strip("/")


class HtmlEdit:
    """ASGI middleware that edits every ``text/html`` answer to a GET or HEAD of a
    page: ``edit(page, body)`` gives the new body of the page served at ``page``
    (``""``, ``"play"``); everything else passes through untouched. The page is asked
    for plain and whole (no compression, no validators, no range), so that its text
    can be edited, and sent with its length set anew."""

    def __init__(self, app: ASGIApp, edit: Callable[[str, bytes], bytes]) -> None:
        self.app, self.edit = app, edit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope.get("type") != "http" or scope.get("method") not in ("GET", "HEAD"):
            await self.app(scope, receive, send)
            return
        page = page_path(scope)
        if not _may_be_page(page):  # a file, a websocket, an endpoint: as it comes
            await self.app(scope, receive, send)
            return
        # a page is sent plain (its 8 kB on localhost) so that its text can be edited,
        # and whole: a cached copy validated by its tag would carry another page's path
        headers = [(k, v) for k, v in scope.get("headers", []) if k.lower() not in DROPPED]
        edit = _Injector(send, partial(self.edit, page), scope["method"] == "HEAD")
        await self.app({**scope, "headers": headers}, receive, edit)


class BackendBaseUrl(HtmlEdit):
    """ASGI middleware: every ``text/html`` answer to a GET gets
    :func:`base_url_script` right after its ``<head>``; everything else passes
    through untouched."""

    def __init__(self, app: ASGIApp) -> None:
        super().__init__(app, with_base_url)


def with_base_url(page: str, body: bytes) -> bytes:
    """The HTML ``body`` of the page served at ``page`` with its
    :func:`base_url_script` right after its ``<head>``."""
    return body.replace(HEAD, HEAD + base_url_script(page), 1)


class DefaultPageAlias:
    """ASGI middleware: the default page's own name (``/analyze``) leads to the
    server's base, where Streamlit serves that page (opened by its name, Streamlit says
    "Page not found" and runs the main page). The redirect is relative, so it holds
    behind a proxy's prefix too, and keeps the query (``/analyze?moves=44`` ->
    ``./?moves=44``)."""

    def __init__(self, app: ASGIApp, name: str) -> None:
        self.app, self.name = app, name

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if (
            scope.get("type") != "http"
            or page_path(scope) != self.name
            or scope.get("method") not in ("GET", "HEAD")
        ):
            await self.app(scope, receive, send)
            return
        query = bytes(scope.get("query_string", b"")).decode("latin-1")
        here = "./" if not str(scope.get("path", "")).endswith("/") else "../"
        where = (here + (f"?{query}" if query else "")).encode("latin-1")
        headers = [(b"location", where), (b"cache-control", b"no-cache"), (b"content-length", b"0")]
        await send({"type": "http.response.start", "status": 302, "headers": headers})
        await send({"type": "http.response.body", "body": b""})


class _Injector:
    """The ``send`` of one request: holds an HTML answer's start until its body is
    whole, then sends both, the body edited by ``edit`` and the length set anew (a
    length left as it was would make the server refuse the longer body, or the
    browser wait for bytes that never come)."""

    def __init__(self, send: Send, edit: Callable[[bytes], bytes], head_only: bool) -> None:
        self.send, self.edit, self.head_only = send, edit, head_only
        self.start: Message | None = None
        self.body = b""

    async def __call__(self, message: Message) -> None:
        if message["type"] == "http.response.start":
            if _is_html(message) and not _is_encoded(message):
                self.start = message
                return
        elif message["type"] == "http.response.body" and self.start is not None:
            self.body += message.get("body", b"")
            if message.get("more_body", False):
                return
            await self._send_whole()
            return
        await self.send(message)

    async def _send_whole(self) -> None:
        assert self.start is not None
        body = self.edit(self.body)
        headers = [(k, v) for k, v in self.start.get("headers", []) if k.lower() not in VALIDATORS]
        if not self.head_only:  # a HEAD answer has no body to measure: no length
            headers.append((b"content-length", str(len(body)).encode()))
        else:
            body = b""
        await self.send({**self.start, "headers": headers})
        await self.send({"type": "http.response.body", "body": body})


def _may_be_page(path: str) -> bool:
    """Whether Streamlit may answer ``path`` with its page: not a file (a name with a
    dot: scripts, styles, fonts) nor one of its endpoints (``_stcore/...``)."""
    last = path.rsplit("/", 1)[-1]
    return "." not in last and not path.startswith("_stcore") and "/_stcore" not in path


def _header(message: Message, name: bytes) -> bytes:
    for key, value in message.get("headers", []):
        if key.lower() == name:
            return bytes(value)
    return b""


def _is_html(message: Message) -> bool:
    return _header(message, b"content-type").startswith(b"text/html")


def _is_encoded(message: Message) -> bool:
    """A compressed body (gzip) cannot be edited as text: it passes as it is."""
    return _header(message, b"content-encoding") not in (b"", b"identity")
