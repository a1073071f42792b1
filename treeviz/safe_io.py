"""Files in and out.

Reading what users hand us, bounded: a file, a pipe or a device (``/dev/zero`` has
no size to check first) is read in chunks and refused once it passes its cap, so the
memory a reader holds never exceeds the cap by more than one chunk.

Writing whole or not at all: every file the project writes goes to a temporary file
beside its target, synced, then renamed over it, so a crash, a kill or a full disk
midway leaves the old file as it was (never a truncated one).
"""

from __future__ import annotations

import errno
import os
import secrets
import stat
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any, BinaryIO, TextIO

from treeviz.errors import InputTooLargeError
from treeviz.settings import show_value

CHUNK = 1 << 20
TEMP_NAME_PART = 100  # characters of a target's name kept in its temporary file's name


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
                    raise InputTooLargeError(
                        f"line {number + extra + 1} is longer than {cap:,} bytes: not a move string"
                    )
        number += len(lines)
        if lines:
            yield [line.decode("utf-8", errors="replace").rstrip("\r") for line in lines]
    if carry:
        yield [carry.decode("utf-8", errors="replace").rstrip("\r")]


def versioned_json(
    text: str | bytes,
    source: str,
    kind: str,
    *,
    cap: int,
    fmt: str,
    version: int,
    field: str,
    shape: type,
    error: type[Exception],
) -> dict[str, Any]:
    """A project file's JSON object (``kind``: "game", "deck"...): at most ``cap`` bytes,
    a ``field`` of type ``shape`` in it, its ``format`` (default ``fmt``) ours and its
    ``version`` (default ``version``) at most ours; ``error`` naming ``source`` and what
    is wrong otherwise."""
    import json

    if len(text) > cap:
        raise error(f"{source} is larger than {cap >> 10} kB: not a {kind}")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise error(f"{source} is not JSON (truncated or not a {kind} file)") from None
    what = "string" if shape is str else shape.__name__  # "list", "dict"
    if not isinstance(data, dict) or not isinstance(data.get(field), shape):
        raise error(f"{source} has no {field!r} {what}: not a {kind} file")
    found, number = data.get("format", fmt), data.get("version", version)
    if found != fmt or type(number) is not int or number > version:
        raise error(
            f"{source} is {show_value(found)} version {show_value(number)}; this "
            f"treeviz reads {fmt!r} up to version {version}"
        )
    return data


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


@contextmanager
def atomic_write(
    path: str | Path, mode: str = "wb", encoding: str | None = None
) -> Iterator[IO[Any]]:
    """A file open for writing (``mode`` ``"wb"`` or ``"w"``) whose contents replace
    ``path`` only when the block ends without an exception; see :func:`atomic_path`."""
    if mode not in ("wb", "w"):
        raise ValueError(f"atomic_write writes a whole file: mode 'wb' or 'w', not {mode!r}")
    with atomic_path(path) as temp, open(temp, mode, encoding=encoding) as out:
        yield out


@contextmanager
def atomic_path(path: str | Path) -> Iterator[Path]:
    """A temporary path beside ``path``, ending in the same suffixes (for libraries
    that take a name, not a file), to write in the block. When the block ends, the
    temporary file is synced to disk and renamed over ``path``: a reader sees the old
    file or the new one, whole. On any exception (OSError such as a full disk,
    KeyboardInterrupt) the temporary file is removed, ``path`` left untouched, and the
    exception passes through. As with ``open``, a file this process may not write is
    refused (PermissionError, before the block); the new file has the mode of the one
    it replaces, or the mode ``open`` would give a new one (0666 less the umask). A
    symlink is written through; an existing device or pipe (``/dev/null``) is written
    in place, as it cannot be replaced."""
    if os.path.exists(path) and not os.path.isfile(path):
        yield Path(path)
        return
    target = Path(os.path.realpath(path))
    if target.exists() and not os.access(target, os.W_OK):  # as open() would refuse
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(path))
    temp = _create_beside(target)
    try:
        yield temp
        _sync(temp)
        if target.exists():  # keep a private file private, a shared one shared
            os.chmod(temp, stat.S_IMODE(target.stat().st_mode))
        os.replace(temp, target)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise


def _create_beside(target: Path) -> Path:
    """A new, empty, hidden file in ``target``'s folder whose name ends in ``target``'s
    name. Created by ``os.open`` with 0666 rather than by ``mkstemp`` (0600), so the
    umask applies as for any new file."""
    while True:
        temp = target.with_name(f".tmp-{secrets.token_hex(4)}-{target.name[-TEMP_NAME_PART:]}")
        try:
            os.close(os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666))
        except FileExistsError:  # another writer's temporary file: draw another name
            continue
        return temp


def _sync(path: Path) -> None:
    """Flush ``path``'s data to the disk, so the rename never lands before the bytes."""
    fd = os.open(path, os.O_RDWR)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
