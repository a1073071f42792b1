"""Reading what users hand us, bounded: a file, a pipe or a device (``/dev/zero`` has
no size to check first) is read in chunks and refused once it passes its cap, so the
memory a reader holds never exceeds the cap by more than one chunk."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO, TextIO

from treeviz.errors import InputTooLargeError

CHUNK = 1 << 20


def read_bounded(source: str | Path | BinaryIO, cap: int, what: str) -> bytes:
    """The bytes of ``source`` (a path, ``"-"`` for standard input, or an open binary
    stream), at most ``cap`` of them: :class:`InputTooLargeError` naming ``what`` and
    the cap past it. OSError (a missing file, a folder) passes through."""
    if isinstance(source, (str, Path)) and str(source) == "-":
        return _read(stdin_bytes(), cap, what)
    if isinstance(source, (str, Path)):
        with Path(source).open("rb") as stream:
            return _read(stream, cap, what)
    return _read(source, cap, what)


def read_text_bounded(source: str | Path | BinaryIO, cap: int, what: str) -> str:
    """:func:`read_bounded` decoded as UTF-8 (bad bytes replaced)."""
    return read_bounded(source, cap, what).decode("utf-8", errors="replace")


def line_batches(stream: BinaryIO, cap: int, size: int = 1 << 16) -> Iterator[list[str]]:
    """The lines of ``stream`` without their newlines, in batches of what has arrived:
    a program that writes a line and waits for its answer gets each line as a batch of
    its own, a file gives thousands a batch. A line longer than ``cap`` bytes raises
    :class:`InputTooLargeError` naming its number (nothing after it is read)."""
    read = getattr(stream, "read1", stream.read)  # read1: what has arrived, up to size
    carry, number = b"", 0
    while data := read(size):
        lines = (carry + data).split(b"\n")
        carry = lines.pop()
        if max(len(carry), max(map(len, lines), default=0)) > cap:  # find which ("\r" is free)
            for extra, line in enumerate([*lines, carry]):
                if len(line.rstrip(b"\r")) > cap:
                    raise InputTooLargeError(f"line {number + extra + 1} is longer than "
                                             f"{cap:,} bytes: not a move string")  # fmt: skip
        number += len(lines)
        if lines:
            yield [line.decode("utf-8", errors="replace").rstrip("\r") for line in lines]
    if carry:
        yield [carry.decode("utf-8", errors="replace").rstrip("\r")]


def stdin_bytes() -> BinaryIO:
    """Standard input as bytes (a text stream standing in for it, as in a notebook or
    a test, is read as UTF-8)."""
    raw = getattr(sys.stdin, "buffer", None)
    return raw if raw is not None else _EncodedText(sys.stdin)  # type: ignore[return-value]


class _EncodedText:
    """The read side of a binary stream over a text stream (sizes count characters)."""

    def __init__(self, text: TextIO) -> None:
        self.text = text

    def read(self, n: int = -1) -> bytes:
        return self.text.read(n).encode()

    def readline(self, n: int = -1) -> bytes:
        return self.text.readline(n).encode()


def _read(stream: BinaryIO, cap: int, what: str) -> bytes:
    parts, held = [], 0
    while chunk := stream.read(min(CHUNK, cap + 1 - held)):
        parts.append(chunk)
        held += len(chunk)
        if held > cap:
            raise InputTooLargeError(f"{what} is larger than {_size(cap)}, the limit")
    return b"".join(parts)


def _size(n: int) -> str:
    return f"{n >> 20} MiB" if n >= 1 << 20 else f"{n >> 10} KiB" if n >= 1 << 10 else f"{n} B"
