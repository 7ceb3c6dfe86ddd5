"""The same game on every machine (issue 27, item 3): Hard seats and hints search a fixed number
of simulations, recorded in every save and replay, so a game with Hard seats resumes exactly and
two ``simulate`` runs play the same games.

Every expected answer here comes from an uninterrupted run (the actions the loop itself applied),
never from the save or replay helpers under test. Each check was seen failing with a bug planted
(then reverted):

* ``GameSession.from_save`` ignoring the recorded budget (``session.budgets`` always today's
  defaults): ``test_a_resumed_game_uses_the_budget_it_started_with`` fails (the resumed NOVE game
  plays the heuristic's move where the recorded budget let the search overrule it), and so do
  both cases of ``test_hard_seats_resumed_at_several_positions_play_on_exactly`` (the save's 64
  or 40 simulations replaced by today's default);
* a time budget planted in ``GameSession.decision_request`` (``seconds=0.1``): the resumed NUM-X
  game and the resumed game of the budget test differ from the uninterrupted ones (the same
  plant at 0.01 s: too few deals for the search to overrule, caught by ``overruled``);
* a time budget planted in ``ai.search.hard_budget``: ``test_two_simulate_runs_...`` fails, at
  0.3 s (the former default) on the replays themselves (the two runs' games differ), at 0.01 or
  0.05 s on the recorded budget (so few deals that Hard plays like Normal and the games agree);
  the ``--iterations`` runs are unaffected, as they should be;
* ``parse_budget`` returning what it read unchecked: 8 of the 10 bad budgets load (the other two
  are refused by the shape check before it).
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from nove_desktop import cli
from nove_desktop.ai import decide
from nove_desktop.ai.search import Budget
from nove_desktop.ai.search import budget as search_budget
from nove_desktop.engine.replay import MAX_ITERATIONS, ReplayError, parse
from nove_desktop.games import default_registry
from nove_desktop.session import GameSession, SaveError, SeatConfig

REGISTRY = default_registry()
# Small games (options, seed, simulations per Hard decision) in which the search overrules the
# heuristic several times (NOVE from position 2 on, NUM-X from 27): a budget that is not used
# shows. A full game takes about a second (NOVE, 52 actions) or two (NUM-X, 65) of CPU.
SMALL = {
    "nove": ({"players": 3, "max_rounds": 6}, 6, 64),
    "numx": ({"players": 3, "rounds": 1}, 6, 40),
}
KINDS = ("hard", "hard", "normal")


def hard_session(game_id: str, budgets: dict[str, Budget] | None = None) -> GameSession:
    options, seed, _ = SMALL[game_id]
    game = REGISTRY.get(game_id)
    seats = [SeatConfig(f"{kind} {i}", kind) for i, kind in enumerate(KINDS)]
    return GameSession(game, game.options_from_json(options), seed, seats, budgets=budgets)


def small_budgets(game_id: str) -> dict[str, Budget]:
    small = Budget(iterations=SMALL[game_id][2])
    return {"hard": small, "hint": small}


def play_on(
    session: GameSession, save_at: frozenset[int] | set[int] = frozenset()
) -> tuple[list, dict, int]:
    """Let the AI seats play ``session`` to the end, asking each decision at the session's own
    (recorded) budget: the (seat, action JSON) pairs applied, the saves made (as JSON text went
    to disk) at the positions in ``save_at``, and how often a Hard seat chose otherwise than
    Normal would have."""
    applied, saves, overruled = [], {}, 0
    while not session.over:
        if session.position in save_at:
            saves[session.position] = json.loads(json.dumps(session.to_save()))
        seat = session.decider()
        assert seat is not None  # the game is not over
        request = session.decision_request(seat)
        action = decide(request)
        if request.kind == "hard" and len(request.legal) > 1:
            overruled += action != decide(dataclasses.replace(request, kind="normal"))
        session.apply(seat, action)
        applied.append((seat, action.to_json()))
    return applied, saves, overruled


@pytest.mark.parametrize("game_id", sorted(SMALL))
def test_hard_seats_resumed_at_several_positions_play_on_exactly(game_id: str) -> None:
    """The uninterrupted game is saved (as to disk) at a few positions along the way; each save,
    resumed, plays on to exactly the same end, its Hard seats at the save's recorded budget."""
    budget = SMALL[game_id][2]
    session = hard_session(game_id, small_budgets(game_id))
    positions = {3, 16, 32, 48}
    expected, saves, overruled = play_on(session, positions)
    assert len(expected) > max(positions)
    assert overruled > 1  # the search, not only the heuristic, made some of the choices
    for position in sorted(positions):
        data = saves[position]
        assert data["replay"]["budget"]["hard"] == {"iterations": budget, "seconds": None}
        resumed = GameSession.from_save(data, REGISTRY)
        rest, _, _ = play_on(resumed)
        assert expected[:position] + rest == expected, f"resumed at {position}"


def test_a_resumed_game_uses_the_budget_it_started_with(monkeypatch: pytest.MonkeyPatch) -> None:
    """A save records the budget of today's defaults; the defaults change (an update); Continue
    still plays on with the recorded budget. A save without one (an older version's) falls back
    to today's defaults, which here play differently: so ignoring the record would be seen."""
    budget = SMALL["nove"][2]
    started = dict.fromkeys(range(2, 7), budget)
    later = dict.fromkeys(range(2, 7), 4)  # too few deals to overrule: Hard plays like Normal
    monkeypatch.setitem(search_budget.HARD_ITERATIONS, "nove", started)
    expected, saves, overruled = play_on(hard_session("nove"), {2})
    assert overruled > 0
    data = saves[2]
    assert data["replay"]["budget"]["hard"] == {"iterations": budget, "seconds": None}

    monkeypatch.setitem(search_budget.HARD_ITERATIONS, "nove", later)
    resumed = GameSession.from_save(data, REGISTRY)
    assert resumed.budgets["hard"] == Budget(iterations=budget)
    rest, _, _ = play_on(resumed)
    assert expected[:2] + rest == expected

    old = json.loads(json.dumps(data))
    del old["replay"]["budget"]
    fallback = GameSession.from_save(old, REGISTRY)
    assert fallback.budgets["hard"] == Budget(iterations=4)  # today's default
    assert fallback.to_save()["replay"]["budget"]["hard"]["iterations"] == 4  # kept from now on
    other, _, _ = play_on(fallback)
    assert expected[:2] + other != expected


def simulate(folder: Path, *extra: str) -> dict:
    """One ``simulate`` run through the command's entry point; its replays, file name -> text."""
    argv = ["simulate", "--game", "nove", "--players", "3", "--games", "2", "--seed", "40"]
    argv += ["--seats", "hard,hard,normal", "--max-rounds", "3", "--json"]
    argv += ["--save-replays", str(folder), *extra]
    assert cli.main(argv) == 0
    return {path.name: path.read_text(encoding="utf-8") for path in sorted(folder.iterdir())}


def test_two_simulate_runs_with_hard_seats_write_identical_replays(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # The default budget (no --iterations) is the game's fixed one: a smaller one keeps this quick.
    monkeypatch.setitem(search_budget.HARD_ITERATIONS, "nove", dict.fromkeys(range(2, 7), 64))
    first = simulate(tmp_path / "first")
    second = simulate(tmp_path / "second")
    assert len(first) == 2 and first == second
    replay = json.loads(first["nove-40.json"])
    assert replay["budget"]["hard"] == {"iterations": 64, "seconds": None}
    chosen = simulate(tmp_path / "third", "--iterations", "40")
    assert chosen == simulate(tmp_path / "fourth", "--iterations", "40")
    assert json.loads(chosen["nove-40.json"])["budget"]["hard"]["iterations"] == 40
    capsys.readouterr()
    # The replay command says which budget the game was played with.
    assert cli.main(["replay", str(tmp_path / "third" / "nove-40.json"), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["budget"]["hard"]["iterations"] == 40
    assert cli.main(["replay", str(tmp_path / "third" / "nove-40.json")]) == 0
    assert "AI search budget: Hard 40 simulations, hints " in capsys.readouterr().out


@pytest.mark.parametrize(
    ("flag", "value", "message"),
    [
        ("--iterations", "0", "--iterations must be a whole number from 1 to"),
        ("--iterations", str(MAX_ITERATIONS + 1), "--iterations must be a whole number"),
        ("--seconds", "0", "--seconds must be a number above 0"),
        ("--seconds", "nan", "--seconds must be a number above 0"),
        ("--seconds", "inf", "--seconds must be a number above 0"),
    ],
)
def test_simulate_refuses_a_budget_out_of_range(
    flag: str, value: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["simulate", "--game", "nove", "--players", "3", "--games", "1", flag, value]
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err and len(err.splitlines()) == 1


BAD_BUDGETS = [
    "fast",
    {"hard": {"iterations": 10, "seconds": None}},
    {"hard": {"iterations": 0, "seconds": None}, "hint": {"iterations": 5, "seconds": None}},
    {"hard": {"iterations": True, "seconds": None}, "hint": {"iterations": 5, "seconds": None}},
    {"hard": {"iterations": 10**9, "seconds": None}, "hint": {"iterations": 5, "seconds": None}},
    {"hard": {"iterations": 2.5, "seconds": None}, "hint": {"iterations": 5, "seconds": None}},
    {"hard": {"iterations": None, "seconds": None}, "hint": {"iterations": 5, "seconds": None}},
    {"hard": {"iterations": 10, "seconds": -1}, "hint": {"iterations": 5, "seconds": None}},
    {"hard": {"iterations": 10, "seconds": "1"}, "hint": {"iterations": 5, "seconds": None}},
    {"hard": {"iterations": 10, "clock": 1}, "hint": {"iterations": 5, "seconds": None}},
]


@pytest.mark.parametrize("budget", BAD_BUDGETS)
def test_a_bad_recorded_budget_is_a_clear_error(budget: object) -> None:
    data = hard_session("nove", small_budgets("nove")).to_save()
    data["replay"]["budget"] = budget
    with pytest.raises(SaveError, match="budget"):
        GameSession.from_save(data, REGISTRY)
    with pytest.raises(ReplayError, match="budget"):
        parse(data["replay"])


def test_a_replay_records_a_time_budget_as_such() -> None:
    data = hard_session("nove").to_save()["replay"]
    data["budget"]["hard"] = {"iterations": None, "seconds": 0.3}
    assert parse(data).budget == {
        "hard": {"iterations": None, "seconds": 0.3},
        "hint": data["budget"]["hint"],
    }


def test_the_budget_benchmark_runs(capsys: pytest.CaptureFixture[str]) -> None:
    """``bench/ai_budget.py`` (how the budgets were chosen), on a tiny budget: a smoke run."""
    from bench import ai_budget

    assert ai_budget.main(["--games", "nox", "--decisions", "2", "--hard", "8", "--hint", "8"]) == 0
    assert "| nox | 3 | 8 | " in capsys.readouterr().out
    assert ai_budget.main(["--games", "numx", "--decisions", "2", "--calibrate", "8"]) == 0
    assert "| numx | 4 | 2 | " in capsys.readouterr().out


@pytest.mark.parametrize("game_id", ["nove", "banco", "nox", "kael", "numx"])
def test_every_seat_count_of_every_game_has_its_budgets(game_id: str) -> None:
    """A new game or seat count must get measured budgets (bench/ai_budget.py), not the fallback;
    each lets the search overrule the heuristic (at least 8 deals of 4 candidates), a hint
    searches more than a Hard move, and a larger table never gets more simulations."""
    game = REGISTRY.get(game_id)
    seats = list(range(game.min_players, game.max_players + 1))
    hard, hints = search_budget.HARD_ITERATIONS[game_id], search_budget.HINT_ITERATIONS[game_id]
    assert sorted(hard) == sorted(hints) == seats
    for players in seats:
        assert 32 <= hard[players] < hints[players]
    assert [hard[p] for p in seats] == sorted((hard[p] for p in seats), reverse=True)
    assert [hints[p] for p in seats] == sorted((hints[p] for p in seats), reverse=True)
