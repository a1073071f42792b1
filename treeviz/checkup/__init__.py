"""The doctor: finds the bugs in a person's own search and proves each with the
shortest position that shows it.

A seeded battery of positions by kind (:mod:`.battery`: wins at once, blocks, edge
columns, endgames, transpositions, forced wins in 3 and 5 plies and losses in 4
(:mod:`.tactics`), and positions by phase) is put to the agent (:mod:`.ask`, here or
on Dask workers); its horizon is measured from the answers (:mod:`.horizon`); each
answer is judged by the checks that a correct search of the horizon it states passes
(:mod:`.checks`); each failed check becomes a finding (:mod:`.findings`) proved by the
shortest position that still fails (:mod:`.shrink`), naming its cause where the
positions tell causes apart (:mod:`.directions`, :mod:`.causes`); a traced search is
also checked inside (:mod:`.inside`), into the same list of findings; :mod:`.run`
runs it all and :mod:`.result` says it in words and HTML. What lies beyond the
agent's horizon is its strength, reported apart.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from treeviz.checkup.findings import Finding
    from treeviz.checkup.result import Checkup
    from treeviz.checkup.run import checkup

# Imported on first use (PEP 562), as ``treeviz``'s names are: a fresh process of the
# doctor (``python -m treeviz.checkup.sequence``) imports this package first, and needs
# none of them (importing them ran the doctor's whole import chain in every such
# process, and had runpy warn that the module it was about to run was imported already).
_WHERE = {
    "Checkup": "treeviz.checkup.result",
    "Finding": "treeviz.checkup.findings",
    "checkup": "treeviz.checkup.run",
}
__all__ = ["Checkup", "Finding", "checkup"]


def __getattr__(name: str) -> Any:
    """Import a public name from its module the first time it is used."""
    if name not in _WHERE:
        raise AttributeError(f"module 'treeviz.checkup' has no attribute {name!r}")
    value = getattr(import_module(_WHERE[name]), name)
    globals()[name] = value
    return value
