"""The middleware that tells Streamlit's front end where the server is
(:mod:`treeviz.dashboard.server.base_url`), driven as an ASGI server would drive it."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from treeviz.dashboard.server.base_url import BackendBaseUrl, DefaultPageAlias, base_url_script
from treeviz.dashboard.server.preload import ModulePreload

PAGE = b"<!DOCTYPE html><html><head><title>t</title></head><body></body></html>"


def run_alone(app_call: Coroutine[Any, Any, None]) -> None:
    """Run one ASGI call to its end on a loop of its own thread.

    A worker that ran the browser tests keeps Playwright's loop running in the
    main thread, where ``asyncio.run`` refuses to start another.
    """
    with ThreadPoolExecutor(max_workers=1) as pool:
        pool.submit(asyncio.run, app_call).result()


def run(
    path: str,
    content_type: bytes,
    chunks: list[bytes],
    method: str = "GET",
    encoding: bytes | None = None,
    middleware: Callable[[Any], Any] = BackendBaseUrl,
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Send one request through ``middleware`` to an app answering with ``chunks``;
    returns the scope the app saw and the messages the server was sent."""
    seen: dict[str, Any] = {}
    sent: list[dict[str, Any]] = []

    async def inner(scope: Any, receive: Any, send: Any) -> None:
        seen.update(scope)
        headers = [
            (b"content-type", content_type),
            (b"etag", b'"abc"'),
            (b"content-length", str(sum(map(len, chunks))).encode()),
        ]
        if encoding:
            headers.append((b"content-encoding", encoding))
        await send({"type": "http.response.start", "status": 200, "headers": headers})
        for i, chunk in enumerate(chunks):
            await send(
                {"type": "http.response.body", "body": chunk, "more_body": i < len(chunks) - 1}
            )

    async def receive() -> dict[str, Any]:
        return {"type": "http.request"}

    async def send(message: Any) -> None:
        sent.append(message)

    scope = {
        "type": "http",
        "method": method,
        "path": path,
        "root_path": "",
        "headers": [
            (b"accept-encoding", b"gzip"),
            (b"if-none-match", b'"abc"'),
            (b"host", b"localhost"),
        ],
    }
    run_alone(middleware(inner)(scope, receive, send))
    return seen, sent


def headers_of(message: dict[str, Any]) -> dict[bytes, bytes]:
    return dict(message["headers"])


def test_a_page_gets_the_script_first_in_its_head_and_its_length_anew() -> None:
    seen, sent = run("/play", b"text/html; charset=utf-8", [PAGE[:20], PAGE[20:]])
    body = b"".join(m.get("body", b"") for m in sent[1:])
    script = base_url_script("play")
    assert body == PAGE.replace(b"<head>", b"<head>" + script)
    head = headers_of(sent[0])
    assert int(head[b"content-length"]) == len(body)
    assert b"etag" not in head  # a copy cached for one page must not serve another
    asked = dict(seen["headers"])
    assert b"accept-encoding" not in asked and b"if-none-match" not in asked
    assert asked[b"host"] == b"localhost"


LINKS = b'<link rel="modulepreload" crossorigin href="./static/js/a.js">'


def preloading(app: Any) -> Any:
    """The preload middleware with fixed links (the installed Streamlit's are
    tested in test_preload.py), under the base-url one as the server stacks them."""
    return BackendBaseUrl(ModulePreload(app, links=LINKS))


def test_a_page_gets_the_preload_links_last_in_its_head_and_its_length_anew() -> None:
    """Both edits, a body sent in pieces, one length for the whole: a length left as
    the file's would cut the page short or make the browser wait for the rest."""
    page = b"<html><head><title>t</title></head><body></body></html>"
    _, sent = run(
        "/learn", b"text/html", [page[:10], page[10:30], page[30:]], middleware=preloading
    )
    body = b"".join(m.get("body", b"") for m in sent[1:])
    script = base_url_script("learn")
    assert body == page.replace(b"<head>", b"<head>" + script).replace(
        b"</head>", LINKS + b"</head>"
    )
    assert int(headers_of(sent[0])[b"content-length"]) == len(body)
    assert [m.get("more_body", False) for m in sent[1:]] == [False]


def test_files_are_not_given_preload_links() -> None:
    _, sent = run("/static/js/index.js", b"text/html", [PAGE], middleware=preloading)
    assert sent[1]["body"] == PAGE


def test_files_and_endpoints_pass_as_they_come() -> None:
    for path in (
        "/static/js/index.js",
        "/_stcore/health",
        "/play/_stcore/host-config",
        "/favicon.png",
    ):
        seen, sent = run(path, b"text/html", [PAGE])
        assert dict(seen["headers"])[b"accept-encoding"] == b"gzip", path
        assert sent[1]["body"] == PAGE and headers_of(sent[0])[b"etag"] == b'"abc"', path


def test_other_answers_to_a_page_path_are_untouched() -> None:
    for kind, enc in ((b"application/json", None), (b"text/html", b"gzip")):
        _, sent = run("/play", kind, [PAGE], encoding=enc)
        assert sent[1]["body"] == PAGE and int(headers_of(sent[0])[b"content-length"]) == len(PAGE)


def test_a_head_request_gets_no_body_and_no_false_length() -> None:
    _, sent = run("/review", b"text/html", [b""], method="HEAD")
    assert b"content-length" not in headers_of(sent[0]) and sent[1]["body"] == b""


@given(st.text(max_size=40))
def test_no_address_can_leave_the_script(page: str) -> None:
    """Whatever path a visitor types, the script holds it as one JSON string: no
    ``<`` that could close the script, and it reads back as the path."""
    script = base_url_script(page).decode()
    inner = script.removeprefix("<script>").removesuffix("</script>")
    assert "<" not in inner and ">" not in inner.replace("=>", "")
    quoted = re.search(r'var page=("(?:[^"\\]|\\.)*")', inner)
    assert quoted is not None and json.loads(quoted.group(1)) == page.strip("/")


def test_the_default_pages_name_leads_to_the_base_with_its_query() -> None:
    """``/analyze?moves=44`` -> ``./?moves=44`` (relative: a proxy's prefix holds);
    other pages, files and other methods go on to Streamlit."""
    called: list[str] = []

    async def inner(scope: Any, receive: Any, send: Any) -> None:
        called.append(scope["path"])

    def ask(path: str, query: bytes = b"", method: str = "GET") -> list[dict[str, Any]]:
        sent: list[dict[str, Any]] = []

        async def send(message: Any) -> None:
            sent.append(message)

        async def receive() -> dict[str, Any]:
            return {"type": "http.request"}

        scope = {
            "type": "http",
            "method": method,
            "path": path,
            "root_path": "",
            "query_string": query,
            "headers": [],
        }
        run_alone(DefaultPageAlias(inner, name="analyze")(scope, receive, send))
        return sent

    for path, query, where in (
        ("/analyze", b"moves=44", b"./?moves=44"),
        ("/analyze/", b"", b"../"),
        ("/analyze", b"", b"./"),
    ):
        start = ask(path, query)[0]
        assert start["status"] == 302 and headers_of(start)[b"location"] == where
    assert called == []
    for path, method in (
        ("/play", "GET"),
        ("/analyzer", "GET"),
        ("/analyze", "POST"),
        ("/static/analyze.js", "GET"),
    ):
        assert ask(path, method=method) == []
    assert called == ["/play", "/analyzer", "/analyze", "/static/analyze.js"]
