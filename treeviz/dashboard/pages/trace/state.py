"""The "Explore a trace file" page's state: the file last read (each is read once), the
result it carried, its tree view and its widgets' keys."""

from __future__ import annotations

from treeviz.dashboard.components.tree_view import TreeView

VIEW = TreeView("upload")  # the uploaded trace's result
UPLOAD_SEEN = "upload_seen"  # the trace file last read (each is read once)
UPLOADED = "uploaded"  # the result of the trace file explored
FILE = "trace_file"  # the uploader
EXACT = "trace_exact"  # the exact scores' switch
