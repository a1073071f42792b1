"""What a visitor's browser keeps across a reload: a visitor id in a cookie, and the
server's store of what each visitor's pages asked to keep under that id.

Why a cookie and a server-side store, not the URL alone: a game in progress with its
players, a deck with its schedule are too long for an address, and an address is shared
on purpose (a link sent to a class must not carry one student's game). Why not
Streamlit's session: it ends with the tab's connection, and a reload opens a new one.

- :class:`VisitorCookie`, an ASGI middleware: an HTTP answer to a request without a
  valid :data:`COOKIE` sets one, ``secrets.token_urlsafe(16)`` (128 random bits, so no
  visitor can guess another's), ``HttpOnly`` (no script reads it), ``SameSite=Strict``
  (no other site's page sends it), its path the server's base path, ``Secure`` when
  the request came over https. The script reads it from ``st.context.cookies``
  (:func:`visitor_id`), sent with the websocket's opening request.
- :class:`KeptStore`: per visitor, per name, JSON text of plain data (move strings,
  spec texts, small dicts), bounded: :data:`MAX_VISITORS` visitors, the least recently
  seen forgotten first, and :data:`MAX_VISITOR_CHARS` characters each, so at most
  :data:`MAX_VISITORS` x :data:`MAX_VISITOR_CHARS` = 32 million characters in all
  (about 32 MB; a game and a deck in progress take a few kB). Values go in as JSON and
  come out as new objects: nothing is pickled, no two sessions share an object.

Two tabs of one browser share its id: each run keeps the state of the page it shows,
so a game played in one tab and a deck in another both come back; of one page shown
in two tabs, the one that ran last.

A request without the cookie (cookies off, ``AppTest``) has no id: nothing is kept and
nothing restored, the dashboard works as it does without this module.
"""

from __future__ import annotations

import json
import re
import secrets
import threading
from collections import OrderedDict
from typing import Any, TypeGuard

from starlette.requests import cookie_parser

from treeviz.dashboard.server.base_url import ASGIApp, Message, Receive, Scope, Send

COOKIE = "treeviz_visitor"
TOKEN_BYTES = 16  # 128 random bits: 22 characters of URL-safe base64
TOKEN = re.compile(r"[A-Za-z0-9_-]{22}")
MAX_VISITORS = 512  # visitors kept at once; the least recently seen goes first
MAX_VISITOR_CHARS = 64_000  # JSON characters kept per visitor, all names together


def new_token() -> str:
    """A fresh visitor id."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def valid_token(text: object) -> TypeGuard[str]:
    """Whether ``text`` has the shape of an id :func:`new_token` makes (anything else
    a browser sends is ignored, never stored; AppTest's cookies are no text at all)."""
    return isinstance(text, str) and TOKEN.fullmatch(text) is not None


def cookie_path(scope: Scope) -> str:
    """The server's base path (``/``, or ``/prefix/`` behind a proxy or with
    ``server.baseUrlPath``): the cookie is sent to every page below it."""
    from streamlit import config

    parts = [str(scope.get("root_path", "")), str(config.get_option("server.baseUrlPath") or "")]
    inner = "/".join(p.strip("/") for p in parts if p.strip("/"))
    return f"/{inner}/" if inner else "/"


def set_cookie_header(scope: Scope) -> bytes:
    """The ``Set-Cookie`` value giving the browser of ``scope``'s request a new id."""
    flags = f"HttpOnly; SameSite=Strict; Path={cookie_path(scope)}"
    if scope.get("scheme") == "https":
        flags += "; Secure"
    return f"{COOKIE}={new_token()}; {flags}".encode("latin-1")


def request_token(scope: Scope) -> str | None:
    """The visitor id a request's ``Cookie`` header carries (None: none, or not one of
    ours)."""
    for name, value in scope.get("headers", []):
        if name.lower() == b"cookie":
            found = cookie_parser(bytes(value).decode("latin-1")).get(COOKIE)
            if valid_token(found):
                return found
    return None


class VisitorCookie:
    """ASGI middleware: the answer to an HTTP request without a visitor id sets one
    (:func:`set_cookie_header`); requests that have one, and websockets, pass as they
    are."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope.get("type") != "http" or request_token(scope) is not None:
            await self.app(scope, receive, send)
            return
        cookie = set_cookie_header(scope)

        async def send_with_cookie(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [*message.get("headers", []), (b"set-cookie", cookie)]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_cookie)


class KeptStore:
    """Plain data kept per visitor and name, bounded (the module's docstring); safe to
    use from every session's thread."""

    def __init__(self, *, visitors: int = MAX_VISITORS, chars: int = MAX_VISITOR_CHARS) -> None:
        self.visitors, self.chars = visitors, chars
        self._kept: OrderedDict[str, dict[str, str]] = OrderedDict()
        self._lock = threading.Lock()

    def put(self, visitor: str, name: str, value: Any) -> bool:
        """Keep ``value`` (JSON-able plain data) as ``visitor``'s ``name``. A value that
        would take the visitor past the cap is not kept, and the one it replaces is
        dropped (a reload must not bring back an older state). Returns whether kept."""
        text = json.dumps(value, separators=(",", ":"))
        with self._lock:
            mine = self._kept.pop(visitor, {})
            mine.pop(name, None)
            fits = len(text) + sum(map(len, mine.values())) <= self.chars
            if fits:
                mine[name] = text
            self._kept[visitor] = mine  # the most recently seen, last
            while len(self._kept) > self.visitors:
                self._kept.popitem(last=False)
        return fits

    def get(self, visitor: str, name: str) -> Any:
        """A new copy of what ``visitor`` kept as ``name`` (None: nothing)."""
        with self._lock:
            mine = self._kept.get(visitor)
            if mine is None or name not in mine:
                return None
            self._kept.move_to_end(visitor)
            text = mine[name]
        return json.loads(text)

    def drop(self, visitor: str, name: str) -> None:
        """Forget ``visitor``'s ``name``."""
        with self._lock:
            self._kept.get(visitor, {}).pop(name, None)


STORE = KeptStore()  # the server's one store, shared by every session


def visitor_id() -> str | None:
    """The id of the browser this run serves (None: it sent none; then nothing is
    kept for it)."""
    import streamlit as st

    found = st.context.cookies.get(COOKIE)
    return found if valid_token(found) else None
