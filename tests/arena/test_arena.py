"""Arena: openings, schedule, storage, ratings, SPRT, resuming, local and Dask runs."""

from __future__ import annotations

import json
import math
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from treeviz.arena import grid_specs, run_arena, run_sweep
from treeviz.arena.openings import balanced_openings, pick_openings, read_openings
from treeviz.arena.ratings import bradley_terry, elo_of, score_interval, sprt
from treeviz.arena.store import ArenaDatabaseError, Store
from treeviz.arena.tasks import GameTask, play_task, round_robin, schedule
from treeviz.cli.main import main
from treeviz.connect4.board import Position
from treeviz.errors import InvalidParameterError, TreevizError
from treeviz.exact.scores import exact_scores

WEAK, STRONG = "random", "alphabeta:depth=3"


def test_openings_are_even_distinct_and_complete() -> None:
    """Every 4-ply opening scored 0 (by its parent's per-column scores) is there once,
    up to mirroring and move order, and nothing else is."""
    chosen = balanced_openings()
    keys = [min(p.key(), p.mirror_key()) for p in map(Position.from_moves, chosen)]
    assert len(set(keys)) == len(chosen) and all(len(m) == 4 for m in chosen)
    even = set()
    for a in range(1, 8):
        for b in range(1, 8):
            for c in range(1, 8):
                scores = exact_scores(Position.from_moves(f"{a}{b}{c}"))
                assert scores is not None
                for d, s in enumerate(scores, 1):
                    if s == 0:  # the score for O, who moved last: even means 0 too
                        pos = Position.from_moves(f"{a}{b}{c}{d}")
                        even.add(min(pos.key(), pos.mirror_key()))
    assert set(keys) == even


def test_pick_and_read_openings(tmp_path: Path) -> None:
    assert pick_openings(5, 1) == pick_openings(5, 1) != pick_openings(5, 2)
    assert len(set(pick_openings(5, 1))) == 5
    f = tmp_path / "o.txt"
    f.write_text("# mine\n44\n\n4453  # a comment\n")
    assert read_openings(f) == ["44", "4453"]
    f.write_text("44\n4444444\n")
    with pytest.raises(TreevizError, match="line 2"):
        read_openings(f)
    f.write_text("1212121\n")
    with pytest.raises(TreevizError, match="ends the game"):
        read_openings(f)


def test_schedule_swaps_colours_per_opening_and_keys_are_stable() -> None:
    pairs = round_robin(["a", "b", "c"])
    tasks = list(schedule(pairs, games=5, openings=["11", "22"], seed=3))
    assert len(tasks) == 15 and len({t.key for t in tasks}) == 15
    ab = [t for t in tasks if {t.x, t.o} == {"a", "b"}]
    assert [(t.x, t.opening) for t in ab] == [
        ("a", "11"),
        ("b", "11"),
        ("a", "22"),
        ("b", "22"),
        ("a", "11"),
    ]
    # A pair's games do not depend on who else plays in the run.
    alone = list(schedule([("a", "b")], games=5, openings=["11", "22"], seed=3))
    assert [t.key for t in alone] == [t.key for t in ab]
    assert [t.key for t in schedule(pairs, games=5, openings=["11", "22"], seed=4)] != [
        t.key for t in tasks
    ]


def test_a_billion_games_are_scheduled_lazily() -> None:
    """Memory independent of --games: the schedule is a generator whose first games are
    the same as a short run's; a count past any run is one clear error."""
    import itertools
    import tracemalloc

    tracemalloc.start()
    huge = schedule(round_robin(["a", "b", "c"]), games=10**9, openings=["11", "22"], seed=3)
    first = list(itertools.islice(huge, 15))
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert [t.key for t in first] == [
        t.key
        for t in schedule(round_robin(["a", "b", "c"]), games=5, openings=["11", "22"], seed=3)
    ]
    assert peak < 1 << 20
    with pytest.raises(InvalidParameterError, match="games must be an integer in 1"):
        schedule([("a", "b")], games=10**30, openings=["11"], seed=0)


def test_a_game_task_is_reproducible_and_judged() -> None:
    task = GameTask("mcts:iterations=50", WEAK, "4453", seed=7, ply_seconds=2.0)
    one, two = play_task(task), play_task(task)
    assert one["moves"] == two["moves"] and one["moves"].startswith("4453")
    assert one["result"] in ("X", "O", "draw")
    assert len(one["plies"]) == len(one["moves"]) - 4
    pos = Position.from_moves("4453")
    for p in one["plies"]:  # each judged move's score is the exact one of its column
        scores = exact_scores(pos)
        assert scores is not None and p["score"] == scores[p["column"] - 1]
        assert p["best_score"] == max(s for s in scores if s is not None)
        assert (p["class"] == "best") == (p["score"] == p["best_score"])
        pos.play(p["column"] - 1)


# ---------------------------------------------------------------------- the store
def game_dict(key: str, moves: str = "4455", result: str = "unfinished") -> dict[str, Any]:
    return {
        "key": key,
        "x": "a",
        "o": "b",
        "opening": "",
        "seed": 1,
        "moves": moves,
        "result": result,
        "version": "0",
        "plies": [
            {
                "ply": i + 1,
                "player": "XO"[i % 2],
                "spec": "ab"[i % 2],
                "column": int(c),
                "agent_value": 0.5,
                "value_kind": "x",
                "time_s": 0.01,
                "nodes": 3,
                "class": "best",
                "score": 1,
                "best_score": 1,
            }
            for i, c in enumerate(moves)
        ],
    }


def test_store_round_trip_wal_and_no_duplicates(tmp_path: Path) -> None:
    db = tmp_path / "a.db"
    with Store(db) as s:
        assert s.add(game_dict("k1")) == 1
        assert s.add(game_dict("k1", "1111")) is None  # same key: nothing written
        assert s.add(game_dict("k2", "77")) == 2
    with Store(db, create=False) as s:
        assert s.conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        games = s.games()
        assert [(g.key, g.moves) for g in games] == [("k1", "4455"), ("k2", "77")]
        assert [p["column"] for p in games[0].plies] == [4, 4, 5, 5]
        assert s.game(2).plies[1]["player"] == "O"
        with pytest.raises(ArenaDatabaseError, match="no game 3"):
            s.game(3)


def test_foreign_newer_and_damaged_files_are_refused_untouched(tmp_path: Path) -> None:
    foreign = tmp_path / "foreign.db"
    with sqlite3.connect(foreign) as c:
        c.execute("CREATE TABLE t (a)")
    newer = tmp_path / "newer.db"
    Store(newer).close()
    with sqlite3.connect(newer) as c:
        c.execute("PRAGMA user_version = 99")
    text = tmp_path / "notes.db"
    text.write_text("not a database\n" * 100)
    for path, message in (
        (foreign, "not written by treeviz"),
        (newer, "newer treeviz"),
        (text, "not a usable database"),
    ):
        before = path.read_bytes()
        with pytest.raises(ArenaDatabaseError, match=message):
            Store(path)
        assert path.read_bytes() == before
        assert main(["arena", WEAK, STRONG, "--games", "1", "--db", str(path)]) == 2
        assert path.read_bytes() == before
    with pytest.raises(ArenaDatabaseError, match="no arena database"):
        Store(tmp_path / "missing.db", create=False)


@pytest.mark.slow
def test_a_damaged_database_is_refused_and_never_written(tmp_path: Path) -> None:
    db = tmp_path / "d.db"
    run_arena([WEAK, "greedy"], 30, db=str(db), ply_seconds=0)
    with sqlite3.connect(db) as c:  # fold the log back so the file holds every page
        c.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    raw = bytearray(db.read_bytes())
    raw[4096:] = b"\xff" * (len(raw) - 4096)  # every page but the header page
    db.write_bytes(bytes(raw))
    assert main(["arena", WEAK, "greedy", "--games", "31", "--db", str(db)]) == 2
    assert main(["arena", "--db", str(db)]) == 2
    assert db.read_bytes() == bytes(raw)


# ------------------------------------------------------------------------ ratings
def wilson_elo(wins: float, games: float) -> tuple[float, float]:
    """The Elo range of a Wilson 95% interval on a score (an outside formula)."""
    z, p = 1.959964, wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games**2)) / (1 + z * z / games)
    return elo_of(centre - half), elo_of(centre + half)


@pytest.mark.slow
@pytest.mark.parametrize("wins,losses", [(20, 0), (12, 8), (3, 7)])
def test_two_player_ratings_match_the_score_and_its_wilson_interval(wins: int, losses: int) -> None:
    results = [(0, 1, 1.0)] * wins + [(0, 1, 0.0)] * losses
    a, b = bradley_terry(2, results)
    # One virtual draw: the fitted difference is the Elo of the augmented score.
    assert a.rating - b.rating == pytest.approx(elo_of((wins + 0.5) / (wins + losses + 1)))
    assert a.rating == pytest.approx(-b.rating)
    low, high = wilson_elo(wins + 0.5, wins + losses + 1)
    assert 2 * a.low == pytest.approx(low, abs=4) and 2 * a.high == pytest.approx(high, abs=4)
    assert a.low <= a.rating <= a.high


@settings(max_examples=30, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(0, 3), st.integers(0, 3), st.sampled_from([0.0, 0.5, 1.0])),
        min_size=1,
        max_size=40,
    )
)
def test_ratings_are_centred_and_contain_their_estimate(raw: list[Any]) -> None:
    results = [(i, j, s) for i, j, s in raw if i != j]
    ratings = bradley_terry(4, results)
    assert sum(r.rating for r in ratings) == pytest.approx(0, abs=1e-6)
    assert all(r.low <= r.rating <= r.high for r in ratings)
    flipped = bradley_terry(4, [(j, i, 1 - s) for i, j, s in results])  # same games
    for r, f in zip(ratings, flipped, strict=True):
        assert r.rating == pytest.approx(f.rating, abs=1e-3)


def test_more_points_rank_higher() -> None:
    results = [(0, 1, 1.0)] * 6 + [(1, 2, 1.0)] * 6 + [(0, 2, 0.5)] * 2 + [(0, 2, 1.0)] * 4
    ratings = [r.rating for r in bradley_terry(3, results)]
    assert ratings[0] > ratings[1] > ratings[2]


def test_score_interval_and_sprt_decisions() -> None:
    mean, low, high = score_interval([1.0] * 20)
    assert mean == 1.0 and high == 1.0 and 0.8 < low < 0.9
    # Four straight wins are no proof of 100 Elo: a coin does that one time in 16.
    assert sprt([1.0] * 4, 0, 100).decision == "continue"
    assert sprt([1.0] * 30, 0, 50).decision == "H1"
    assert sprt([1.0, 0.0, 0.5, 0.5] * 150, 0, 50).decision == "H0"  # evenly matched
    assert sprt([1.0, 0.0] * 3, 0, 50).decision == "continue"
    assert sprt([0.0] * 30, 0, 50).decision == "H0"
    # The ratio only grows with each further win.
    llrs = [sprt([1.0] * n + [0.5, 0.0], 0, 50).llr for n in range(1, 12)]
    assert llrs == sorted(llrs)


# --------------------------------------------------------------------- arena runs
def test_arena_strong_beats_weak_and_reports(tmp_path: Path) -> None:
    out = run_arena([WEAK, STRONG], 6, db=str(tmp_path / "a.db"), seed=1)
    assert out["games"] == out["played"] == 6
    strong = next(p for p in out["players"] if p["spec"] == STRONG)
    weak = next(p for p in out["players"] if p["spec"] == WEAK)
    assert strong["score"] >= 0.9 and strong["wins"] + strong["draws"] + strong["losses"] == 6
    assert strong["rating"] > weak["rating"] and strong["rating_low"] > weak["rating_high"]
    assert strong["accuracy"] > weak["accuracy"]
    assert strong["nodes_per_move"] > weak["nodes_per_move"]
    (pair,) = out["pairs"]
    assert pair["games"] == 6 and pair["a_wins"] + pair["draws"] + pair["b_wins"] == 6


def test_interrupted_run_resumes_without_duplicates(tmp_path: Path) -> None:
    db = str(tmp_path / "r.db")
    seen: list[str] = []

    def stop_after_three(game: dict[str, Any]) -> None:
        seen.append(game["key"])
        if len(seen) == 3:
            raise KeyboardInterrupt

    specs = [WEAK, "greedy", STRONG]
    with pytest.raises(KeyboardInterrupt):
        run_arena(specs, 3, db=db, seed=5, on_game=stop_after_three, ply_seconds=0)
    with Store(db, create=False) as s:
        first = [(g.key, g.moves) for g in s.games()]
    assert len(first) == 3
    out = run_arena(specs, 3, db=db, seed=5, ply_seconds=0)
    assert out["played"] == 6 and out["games"] == 9
    with Store(db, create=False) as s:
        games = s.games()
    assert [(g.key, g.moves) for g in games[:3]] == first
    assert len({g.key for g in games}) == 9
    assert run_arena(specs, 3, db=db, seed=5, ply_seconds=0)["played"] == 0
    more = run_arena(specs, 4, db=db, seed=5, ply_seconds=0)  # one more game per pair
    assert more["played"] == 3 and more["games"] == 12


def test_sprt_stops_a_decided_match(tmp_path: Path) -> None:
    out = run_arena([STRONG, WEAK], 60, sprt=(0, 100), ply_seconds=0)
    assert out["sprt"]["decision"] == "H1" and out["games"] < 60
    with pytest.raises(TreevizError, match="exactly two"):
        run_arena([WEAK, STRONG, "greedy"], 2, sprt=(0, 100))


def test_sweep_plays_every_grid_point(tmp_path: Path) -> None:
    assert [str(s) for s in grid_specs("mcts", {"c": ["0.5", "2"], "iterations": ["20"]})] == [
        "mcts:iterations=20,c=0.5",
        "mcts:iterations=20,c=2.0",
    ]
    out = run_sweep(
        "mcts",
        {"c": ["0.5", "2"], "iterations": ["20", "40"]},
        against="greedy",
        games=2,
        ply_seconds=0,
        seed=2,
    )
    assert out["games"] == 8 and out["against"] == "greedy"
    assert [s["params"] for s in out["settings"]] == [
        {"c": 0.5, "iterations": 20},
        {"c": 0.5, "iterations": 40},
        {"c": 2.0, "iterations": 20},
        {"c": 2.0, "iterations": 40},
    ]
    for s in out["settings"]:
        assert s["games"] == 2 and s["a_score_low"] <= s["a_score"] <= s["a_score_high"]
        assert s["nodes_per_s_by_stones"] and all(v > 0 for _, v, _ in s["nodes_per_s_by_stones"])
    with pytest.raises(TreevizError, match="c"):
        run_sweep("mcts", {"c": ["-1"]}, against="greedy", games=2)


# ---------------------------------------------------------------------------- CLI
def test_arena_cli_json_report_and_review(tmp_path: Path, capsys: Any) -> None:
    db = str(tmp_path / "c.db")
    assert main(["arena", WEAK, STRONG, "--games", "4", "--db", db, "--json"]) == 0
    played = json.loads(capsys.readouterr().out)
    assert main(["arena", "--db", db, "--json"]) == 0
    stored = json.loads(capsys.readouterr().out)
    assert stored["games"] == 4 and stored["players"] == played["players"]
    for key in (
        "spec",
        "score",
        "wins",
        "draws",
        "losses",
        "rating",
        "rating_low",
        "rating_high",
        "accuracy",
    ):
        assert key in stored["players"][0]
    assert main(["review", db, "--game", "2", "--json"]) == 0
    reviewed = json.loads(capsys.readouterr().out)
    with Store(db, create=False) as s:
        assert reviewed["moves"] == s.game(2).moves
    assert main(["arena", "--db", db]) == 0
    assert "4 games" in capsys.readouterr().out


@pytest.mark.parametrize(
    "argv,quoted",
    [
        (["arena", WEAK, "nosuch", "--games", "2"], "'nosuch'"),
        (["arena", WEAK, STRONG, "--games", "0"], "games='0'"),
        (
            ["arena", WEAK, STRONG, "--games", str(10**30)],
            "games='1000000000000000000000000000000'",
        ),
        (["arena", WEAK, WEAK, "--games", "2"], "'random'"),
        (["arena", WEAK, STRONG], "--games"),
        (["arena", WEAK, STRONG, "--games", "2", "--sprt", "50,0"], "'50,0'"),
        (["arena", WEAK, STRONG, "--games", "2", "--workers", "0"], "--workers 0"),
        (["sweep", "mcts", "--grid", "c", "--against", WEAK, "--games", "2"], "'c'"),
        (
            ["arena", WEAK, STRONG, "--games", "2", "--cluster", "tcp://127.0.0.1:9"],
            "'tcp://127.0.0.1:9'",
        ),
    ],
)
def test_bad_input_is_one_line_and_exit_2(argv: list[str], quoted: str, capsys: Any) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert quoted in err and "\n" not in err


@pytest.mark.parametrize(
    "change, words",
    [
        ("UPDATE plies SET time_s = 'slow' WHERE ply = 5", "has time_s = 'slow', not a number"),
        ("UPDATE games SET moves = x'3434' WHERE id = 1", "game 1 has moves = b'44', not text"),
    ],
)
def test_a_hand_edited_database_names_the_bad_row(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], change: str, words: str
) -> None:
    db = tmp_path / "a.db"
    run_arena([WEAK, "greedy"], 2, db=str(db), seed=1, ply_seconds=0)
    with sqlite3.connect(db) as con:
        con.execute(change)
    for argv in (["arena", "--db", str(db)], ["review", str(db), "--game", "1"]):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert words in err and err.count("\n") == 1, err


def test_a_reader_opens_the_database_read_only(tmp_path: Path) -> None:
    """Reports and reviews open the file read-only, so a database in a read-only folder
    (or not the reader's to change) is read: nothing, not even the journal mode, is
    written. (Root ignores folder permissions, so the connection itself is checked.)"""
    db = tmp_path / "a.db"
    run_arena([WEAK, "greedy"], 2, db=str(db), seed=1, ply_seconds=0)
    with Store(db, create=False) as store:
        assert store.count() == 2 and len(store.games()) == 2
        with pytest.raises(sqlite3.OperationalError, match="readonly"):
            store.conn.execute("CREATE TABLE written (x)")
