"""The words of a what-if (:mod:`treeviz.judge.whatif`): how the forced position was
valued, its worth against the first search's (a bound said as a bound, with why),
why the two differ where they may, and where the two lines part.

Values are the original root player's (:mod:`treeviz.judge.whatif_worth`).
"""

from __future__ import annotations

from treeviz.judge.whatif_worth import Plan, Worth, worth_words
from treeviz.trace.nodes import SearchResult

SHOWN_MOVES = 14  # moves of a line written out; a longer one ends in "…"


def difference_text(
    result: SearchResult,
    node: int,
    column: int,
    *,
    first: Worth,
    again: Worth,
    plan: Plan,
    forced: SearchResult | None,
    lines: tuple[list[int], list[int]],
    short: str = "",
) -> str:
    """The what-if in words: what was forced where, how its position was valued, its
    worth now against the first search's, and where the two lines part (``short``: why
    the first search's line ends before its horizon, '' where it does not)."""
    trace = result.trace
    base = trace.kind.base
    path = trace.path_moves(node)
    where = (
        "at the root"
        if node == 0
        else (f"after the move{'s' if len(path) > 1 else ''} {path} from the root")
    )
    chose = result.move
    said = (
        "the agent's choice"
        if node == 0 and column == chose
        else (f"the agent chose column {chose}" if node == 0 else "")
    )
    head = f"Forcing column {column} {where}" + (f" ({said})" if said else "")
    was, now = lines
    if base == "probability":
        reply = f"; it would answer with column {now[1]}" if len(now) > 1 else ""
        return f"{head}: {trace.algorithm} states no values, only chances{reply}."
    value = value_text(result, node, column, first=first, again=again, plan=plan, forced=forced)
    text = f"{head}: {plan.how}. {value}"
    return text if forced is None else f"{text} {line_text(was, now, short)}"


def value_text(
    result: SearchResult,
    node: int,
    column: int,
    *,
    first: Worth,
    again: Worth,
    plan: Plan,
    forced: SearchResult | None,
) -> str:
    """``Value for the root player now: …; in the first search: …`` and, where the two
    differ, why."""
    base = result.trace.kind.base
    now = f"Value for the root player now: {worth_words(again, base)}"
    if first.value is None and first.outcome is None:
        pruned = (
            "pruned" in result.trace.fields
            and int(result.trace.nodes["pruned"][node]) >> (column - 1) & 1
        )
        why = ": a cutoff pruned it there" if pruned else ""
        return f"{now}; the first search had no value for it{why}."
    was = worth_words(first, base)
    if first.bound == "exact" and same(first, again):
        if was == worth_words(again, base):
            return f"{now}, the same as in the first search."
        return f"{now}; in the first search: {was}: the same result."
    text = f"{now}; in the first search: {was}"
    if first.bound != "exact":
        why = f" ({plan.bound_why})" if plan.bound_why else ""
        kept = ", and the new value keeps within that bound" if within(first, again) else ""
        return f"{text}{why}{kept}."
    why = why_text(plan, forced)
    return f"{text}." + (f" {why}" if why else "")


def why_text(plan: Plan, forced: SearchResult | None) -> str:
    """Why the forced value differs from the first search's exact one, in the search's
    terms ('' where nothing known explains it)."""
    parts = []
    if plan.why:
        parts.append(plan.why[0].upper() + plan.why[1:])
    if forced is not None and forced.stats.get("stopped"):
        reached = forced.stats.get("depth_reached")
        at = f": its value is from its pass to depth {reached}" if reached is not None else ""
        parts.append(f"The new search's time budget ran out{at}")
    return ". ".join(parts) + ("." if parts else "")


def same(a: Worth, b: Worth) -> bool:
    """Whether two worths say the same value, or the same proven result where one of
    them knows the result only (a person's win score, a weak solve, MCTS-solver)."""
    if (
        a.outcome is not None
        and b.outcome is not None
        and None in (a.outcome["plies"], b.outcome["plies"])
    ):
        return bool(a.outcome["result"] == b.outcome["result"])
    if a.value is None or b.value is None:
        return a.value is None and b.value is None and a.outcome == b.outcome
    close = abs(float(a.value) - float(b.value)) < 1e-9
    return close and (a.outcome is None) == (b.outcome is None)


def within(bound: Worth, value: Worth) -> bool:
    """Whether ``value`` (exact) keeps within the first search's ``bound``, where both
    are numbers of one scale (heuristic points, or exact scores of proven results)."""
    if bound.value is None or value.value is None or value.bound != "exact":
        return False
    if (bound.outcome is None) != (value.outcome is None):
        return False  # points against an exact score: no common scale
    if bound.bound == "upper":
        return float(value.value) <= float(bound.value)
    return float(value.value) >= float(bound.value)


def move_line(moves: list[int], limit: int = SHOWN_MOVES) -> str:
    """A line of 1-based columns as a move string, cut after ``limit`` moves."""
    return "".join(str(c) for c in moves[:limit]) + ("…" if len(moves) > limit else "")


def line_text(was: list[int], now: list[int], short: str = "") -> str:
    """Where the new line parts from the first search's, in words; ``short``: why the
    first search's line ends before its horizon ('' where it does not)."""
    show = move_line
    if len(was) <= 1:
        return f"The first search had no line below it; the new line is {show(now)}."
    if short:
        return (
            f"The first search's line there, {show(was)}, ends before its horizon "
            f"({short}); the new line is {show(now)}."
        )
    part = next((i for i, (a, b) in enumerate(zip(was, now, strict=False)) if a != b), None)
    if part is None:
        if len(was) == len(now):
            return f"The line is unchanged: {show(now)}."
        return f"The lines agree as far as the shorter goes: first {show(was)}, now {show(now)}."
    return (
        f"The line changed at move {part + 1}: {show(now)} instead of {show(was)} "
        f"(column {now[part]} where the first search expected {was[part]})."
    )
