"""Trace files made for arrays: NumPy's ``.npz``, one ``.npy`` member per node field the
algorithm fills and a ``meta.npy`` holding the rest as JSON text (UTF-8 bytes).

Written uncompressed (``np.savez``): a 2,000,000-node trace saves and loads in a
fraction of a second, where its JSON takes seconds. Read with ``allow_pickle=False``
(no object arrays, nothing executed), after checking the archive's directory (only
known member names, and no member larger than a trace can be, so a small file cannot
expand into gigabytes) and each member's ``.npy`` header (a flat array of plain
numbers, no longer than a trace can be: a header that declares 10^12 elements is
refused before anything is allocated). The nodes then pass the same checks as a JSON
file's (:mod:`treeviz.trace.files`).
"""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path
from typing import Any

import numpy as np

from treeviz.errors import TraceFormatError
from treeviz.safe_io import atomic_write
from treeviz.settings import TRACE_MAX_NODES, TRACE_META_MAX_BYTES
from treeviz.trace.nodes import NODE_DTYPE, Trace

MAGIC = b"PK\x03\x04"  # a zip archive, as every .npz is
META = "meta"
MAX_MEMBER_BYTES = TRACE_MAX_NODES * 8 + 4096  # the widest field, and the .npy header


def save_npz(meta: dict[str, Any], trace: Trace, path: str | Path) -> None:
    """Write ``trace`` (its header ``meta``, without nodes) as an ``.npz`` at ``path``,
    whole or not at all (see :func:`treeviz.safe_io.atomic_write`)."""
    with atomic_write(path) as out:
        write_npz(meta, trace, out)


def write_npz(meta: dict[str, Any], trace: Trace, out: Any) -> None:
    """Write the ``.npz`` of ``trace`` to the binary file ``out``."""
    text = np.frombuffer(json.dumps(meta, separators=(",", ":")).encode(), dtype=np.uint8)
    columns: dict[str, Any] = {f: np.ascontiguousarray(trace.nodes[f]) for f in trace.fields}
    columns[META] = text
    np.savez(out, **columns)


def check_header(archive: zipfile.ZipFile, info: zipfile.ZipInfo, source: str) -> None:
    """Refuse a member whose ``.npy`` header does not describe a flat array of plain
    numbers of at most a trace's length (``meta``: bytes, at most ``TRACE_META_MAX_BYTES``),
    reading the header alone: nothing is allocated for what it declares."""
    name = info.filename[: -len(".npy")]
    meta = name == META
    try:
        with archive.open(info) as member:
            version = np.lib.format.read_magic(member)
            read = HEADER_READERS.get(version)
            if read is None:
                raise ValueError(f"unknown .npy format version {version}")
            shape, _, dtype = read(member)
    except (ValueError, OSError, zipfile.BadZipFile, EOFError, SyntaxError) as exc:
        raise TraceFormatError(
            f"{source}: member {info.filename!r} is not a plain array ({str(exc)[:80]})"
        ) from None
    most = TRACE_META_MAX_BYTES if meta else TRACE_MAX_NODES
    plain = dtype == np.uint8 if meta else (dtype.kind in "iuf" and dtype.itemsize <= 8)
    if not plain or len(shape) != 1:
        what = "UTF-8 bytes" if meta else "numbers"
        raise TraceFormatError(
            f"{source}: trace field {name!r} is not a plain array of {what} "
            f"(its header declares {dtype} of shape {shape})"
        )
    if shape[0] > most:
        raise TraceFormatError(
            f"{source}: trace field {name!r} is longer than a trace's "
            f"({shape[0]:,} items declared, at most {most:,})"
        )


HEADER_READERS = {
    (1, 0): np.lib.format.read_array_header_1_0,
    (2, 0): np.lib.format.read_array_header_2_0,
}


def read_npz(raw: bytes, source: str) -> tuple[dict[str, Any], dict[str, np.ndarray]]:
    """(header, {field: column}) of an ``.npz`` trace; :class:`TraceFormatError` if bad."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(raw))
        infos = archive.infolist()
    except (zipfile.BadZipFile, ValueError, OSError) as exc:
        raise TraceFormatError(f"{source}: not a readable .npz archive ({exc})") from None
    allowed = {f"{name}.npy" for name in (META, *(NODE_DTYPE.names or ()))}
    for info in infos:
        if info.filename not in allowed:
            raise TraceFormatError(f"{source}: member {info.filename[:60]!r} is not a trace field")
        limit = TRACE_META_MAX_BYTES if info.filename == f"{META}.npy" else MAX_MEMBER_BYTES
        if info.file_size > limit:
            raise TraceFormatError(
                f"{source}: member {info.filename!r} is larger than a "
                f"trace's ({info.file_size:,} bytes)"
            )
        check_header(archive, info, source)
    try:
        with np.load(io.BytesIO(raw), allow_pickle=False) as data:
            arrays = {name: data[name] for name in data.files}
    except (ValueError, OSError, zipfile.BadZipFile, EOFError) as exc:
        raise TraceFormatError(f"{source}: a member is not a plain array ({exc})") from None
    if META not in arrays:
        raise TraceFormatError(f"{source}: no {META!r} member: not a treeviz trace")
    text = arrays.pop(META)
    if text.dtype != np.uint8 or text.ndim != 1:
        raise TraceFormatError(f"{source}: member {META!r} must be UTF-8 bytes")
    try:
        header = json.loads(text.tobytes())
    except (ValueError, UnicodeDecodeError) as exc:
        raise TraceFormatError(f"{source}: member {META!r} is not JSON ({str(exc)[:80]})") from None
    if not isinstance(header, dict):
        raise TraceFormatError(f"{source}: member {META!r} must be a JSON object")
    return header, arrays
