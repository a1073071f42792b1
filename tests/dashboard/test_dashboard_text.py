"""User-supplied strings reach the dashboard's Markdown as text: rendered by a
CommonMark renderer with tables, strikethrough and automatic links (as Streamlit's
GitHub-flavoured Markdown does), an escaped string is one paragraph of its own
characters: no image, link, emphasis, code or HTML."""

from __future__ import annotations

import html
import re

from hypothesis import example, given
from hypothesis import strategies as st
from markdown_it import MarkdownIt

from treeviz.dashboard.components.text import ZERO_WIDTH, code, escape_html, escape_markdown

RENDER = MarkdownIt("commonmark", {"linkify": True, "html": True}).enable(
    ["table", "strikethrough", "linkify"]
)
RENDER.linkify.set({"fuzzy_link": False})  # GFM links addresses with www. or a scheme
# What GitHub-flavoured Markdown links in text after escapes are read (Streamlit's
# renderer finds them in the text it shows, where markdown-it looks before escapes).
AUTOLINK = re.compile(r"(?:https?|ftp)://|www\.|[\w.+-]@[\w-]", re.IGNORECASE)

HOSTILE = st.text(st.sampled_from(list("![]()<>`*_~#|:/.@w-+=\\&;'\" xhtp1\n")), max_size=60)


def rendered_text(markdown: str) -> str:
    """The one paragraph ``markdown`` renders to, as text; fails on any other markup."""
    out = RENDER.render(markdown).strip()
    if not out:
        return ""
    match = re.fullmatch(r"<p>(.*)</p>", out, re.DOTALL)
    assert match is not None, out
    assert "<" not in match.group(1), out  # no tag inside: text alone
    shown = html.unescape(match.group(1))
    assert not AUTOLINK.search(shown), shown  # nothing a renderer would turn into a link
    return shown.replace(ZERO_WIDTH, "")


@given(HOSTILE)
@example("![x](http://127.0.0.1:9/i.png) [l](https://e.org) www.e.org a@b.co")
@example("<img src=x onerror=alert(1)> :red[R] $x^2$ `code` **b** # h")
@example("1. item")
@example("- item")
def test_escaped_markdown_is_its_own_text(text: str) -> None:
    assert rendered_text(escape_markdown(text)) == " ".join(text.split())


@given(HOSTILE)
@example("<script>alert(1)</script>![x](http://h/i.png)")
def test_escaped_html_is_its_own_text_inside_html(text: str) -> None:
    out = RENDER.render(f"<span>{escape_html(text)}</span>").strip()
    inner = re.fullmatch(r"<p><span>(.*)</span></p>", out, re.DOTALL)
    flat = " ".join(text.split())
    if not flat:
        return
    assert inner is not None and "<" not in inner.group(1), out
    shown = html.unescape(inner.group(1))
    assert not AUTOLINK.search(shown), shown
    assert shown.replace(ZERO_WIDTH, "") == flat


@given(HOSTILE)
@example("a ``` b")
@example("`x`")
def test_code_shows_the_text_verbatim(text: str) -> None:
    flat = " ".join(text.split())
    out = RENDER.render(code(text)).strip()
    if not flat.strip():
        return
    match = re.fullmatch(r"<p><code>(.*)</code></p>", out, re.DOTALL)
    assert match is not None, out
    assert html.unescape(match.group(1)).strip() == flat.strip()
