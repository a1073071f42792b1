"""Whether a person's search returns results in 0..1 (1 a win, 0.5 a draw, 0 a loss).

Courses often write MCTS, and sometimes minimax, with such results and hand them up as
``1 - r``: the other side's view of ``r`` is then ``1 - r``, not ``-r``. Read with the
default (negation), a column such a search rates 0.617 for the opponent would be
shown as -0.617 for the root player, a number no search returned and whose sign says
the root player is losing. The evidence is the search's own numbers: every one of
them within 0..1, some strictly between (a win-or-nothing search returning only 0 and
1 says nothing of a draw), and either a four (a game won there: its number must be 0
or 1, a result, for some reading), means over visits (an MCTS: on any other scale
a loss somewhere below would make some mean negative), or backups: in a search that
names no maximiser, more nodes returning the best of their children's ``1 - r`` than
of their ``-r`` (a negamax on results, where no four is in reach).
"""

from __future__ import annotations

import numpy as np

from treeviz.trace.kinds import RESULTS_CENTRE


def results_centre(
    mean: np.ndarray,
    window: tuple[np.ndarray, np.ndarray],
    *,
    four: np.ndarray,
    visits: np.ndarray,
    parent: np.ndarray | None = None,
) -> float:
    """:data:`RESULTS_CENTRE` when the numbers a search returned (``mean`` per node,
    NaN: none) and passed as its window (alpha, beta; infinite: none) are results in
    0..1 (see the module's docs; ``four``: per node, a game won there; ``visits``: the
    calls that returned at each node; ``parent``: each node's, for the backups of a
    search that names no maximiser, None for one that does), else 0."""
    every = np.concatenate((mean, *window))
    every = every[np.isfinite(every)]
    if not len(every) or every.min() < 0 or every.max() > 1:
        return 0.0
    if not ((every > 0) & (every < 1)).any():
        return 0.0
    at_fours = mean[four & np.isfinite(mean)]
    if not np.isin(at_fours, (0.0, 1.0)).all():
        return 0.0
    if len(at_fours) or (visits > 1).any():
        return RESULTS_CENTRE
    return RESULTS_CENTRE if parent is not None and _backed_up_as_results(mean, parent) else 0.0


def _backed_up_as_results(mean: np.ndarray, parent: np.ndarray) -> bool:
    """Whether more nodes with children returned the best of their children's ``1 - r``
    than the best of their ``-r`` (the two agree nowhere but at 0.5 and 0)."""
    kids = np.flatnonzero((parent >= 0) & np.isfinite(mean))
    if not len(kids):
        return False
    up = parent[kids]
    complement = np.full(len(mean), -np.inf)
    negated = np.full(len(mean), -np.inf)
    np.maximum.at(complement, up, 1.0 - mean[kids])
    np.maximum.at(negated, up, -mean[kids])
    inner = np.isfinite(complement) & np.isfinite(mean)
    as_results = int(np.isclose(mean[inner], complement[inner]).sum())
    as_signed = int(np.isclose(mean[inner], negated[inner]).sum())
    return as_results > as_signed
