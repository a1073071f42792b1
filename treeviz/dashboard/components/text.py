"""User-supplied strings shown as text: a player's name, a spec, a file name or a CSV
label reaches Markdown (captions, headers, messages) only escaped, so it can neither
load an image from another host nor draw a link, a colour or an icon."""

from __future__ import annotations

import re
from typing import Any

import streamlit as st

# Every ASCII punctuation mark may be backslash-escaped in CommonMark; escaping them
# all (":" included, for Streamlit's ``:red[...]`` and ``:icon:`` directives, and "."
# so that no bare address is turned into a link) leaves no markup to interpret.
_PUNCTUATION = re.compile(r"""([!-/:-@\[-`{-~])""")


# The renderer turns addresses in plain text into links after escapes are read
# ("http\://x" is still a link): a zero-width space splits each marker it looks for.
_AUTOLINK = re.compile(r"(?<=:)(?=//)|(?<=www)(?=\.)|(?<=@)", re.IGNORECASE)
ZERO_WIDTH = "\u200b"


def _flat(text: object) -> str:
    """``text`` on one line, with no address that a renderer would link."""
    return _AUTOLINK.sub(ZERO_WIDTH, " ".join(str(text).split()))


def escape_markdown(text: object) -> str:
    """``text`` as Markdown that shows exactly its characters (line breaks as spaces),
    none of them markup, no address a link."""
    return _PUNCTUATION.sub(r"\\\1", _flat(text))


def escape_html(text: object) -> str:
    """``text`` for Markdown that allows HTML: every punctuation mark (``<``, ``&`` and
    quotes among them) as a numeric character reference, which both HTML and Markdown
    show as the character itself, never as markup."""
    return _PUNCTUATION.sub(lambda m: f"&#{ord(m.group(1))};", _flat(text))


def code(text: object) -> str:
    """``text`` as inline code: shown verbatim, whatever backticks it holds."""
    flat = " ".join(str(text).split())
    fence = "`" * (max((len(m) for m in re.findall(r"`+", flat)), default=0) + 1)
    pad = " " if flat.startswith("`") or flat.endswith("`") else ""
    return f"{fence}{pad}{flat}{pad}{fence}"


def error(message: object, where: Any = None) -> None:
    """``st.error`` showing ``message`` (an exception's or a composed message, which
    may quote what a visitor sent) as text; ``where`` is a container (the page)."""
    (where or st).error(escape_markdown(message))


def sentence(words: str) -> str:
    """``words`` as a sentence: a capital first, a full stop last (not escaped)."""
    return f"{words[:1].upper()}{words[1:]}."
