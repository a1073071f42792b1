"""Trace files made for arrays: NumPy's ``.npz``, one ``.npy`` member per node field the
algorithm fills and a ``meta.npy`` holding the rest as JSON text (UTF-8 bytes).

Written uncompressed (``np.savez``): a 2,000,000-node trace saves and loads in a
fraction of a second, where its JSON takes seconds. Read with ``allow_pickle=False``
(no object arrays, nothing executed), after checking the archive's directory: only
known member names, and no member larger than a trace can be, so a small file cannot
expand into gigabytes. The nodes then pass the same checks as a JSON file's
(:func:`treeviz.trace.files.check_nodes`).
"""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path
from typing import Any

import numpy as np

from treeviz.errors import TraceFormatError
from treeviz.reading import atomic_write
from treeviz.settings import TRACE_MAX_NODES
from treeviz.trace.nodes import NODE_DTYPE, Trace

MAGIC = b"PK\x03\x04"  # a zip archive, as every .npz is
META = "meta"
MAX_META_BYTES = 64 << 20  # settings, counters and extras (an MCTS log) as JSON
MAX_MEMBER_BYTES = TRACE_MAX_NODES * 8 + 4096  # the widest field, and the .npy header


def save_npz(meta: dict[str, Any], trace: Trace, path: str | Path) -> None:
    """Write ``trace`` (its header ``meta``, without nodes) as an ``.npz`` at ``path``,
    whole or not at all (see :func:`treeviz.reading.atomic_write`)."""
    with atomic_write(path) as out:
        write_npz(meta, trace, out)


def write_npz(meta: dict[str, Any], trace: Trace, out: Any) -> None:
    """Write the ``.npz`` of ``trace`` to the binary file ``out``."""
    text = np.frombuffer(json.dumps(meta, separators=(",", ":")).encode(), dtype=np.uint8)
    columns: dict[str, Any] = {f: np.ascontiguousarray(trace.nodes[f]) for f in trace.fields}
    columns[META] = text
    np.savez(out, **columns)


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
        limit = MAX_META_BYTES if info.filename == f"{META}.npy" else MAX_MEMBER_BYTES
        if info.file_size > limit:
            raise TraceFormatError(f"{source}: member {info.filename!r} is larger than a "
                                   f"trace's ({info.file_size:,} bytes)")  # fmt: skip
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
