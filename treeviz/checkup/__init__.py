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

from treeviz.checkup.findings import Finding
from treeviz.checkup.result import Checkup
from treeviz.checkup.run import checkup

__all__ = ["Checkup", "Finding", "checkup"]
