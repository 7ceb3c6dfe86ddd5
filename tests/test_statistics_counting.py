"""Statistics count games: a pass-and-play game counts once for everybody (and once for each
player under their name), and a game whose key was counted is never counted again. Expected
numbers are written out by hand."""

from __future__ import annotations

import json

from nove_desktop.storage import SeatResult, Storage


def test_a_two_human_game_counts_once_for_everybody_and_once_per_player(tmp_path):
    storage = Storage(tmp_path)
    storage.record_game(
        "nove", [SeatResult("Ana", True, 14), SeatResult("Ben", False, 9, True)], game_key="g1"
    )
    raw = json.loads((tmp_path / "statistics.json").read_text())["games"]["nove"]
    assert (raw["played"], raw["won"], raw["best_score"]) == (1, 1, 14)
    assert raw["hinted"] == {"played": 1, "won": 0}  # Ben asked for help and did not win
    assert raw["players"]["Ana"]["played"] == 1 and raw["players"]["Ana"]["won"] == 1
    assert raw["players"]["Ben"]["played"] == 1 and raw["players"]["Ben"]["won"] == 0
    assert raw["players"]["Ben"]["hinted"] == {"played": 1, "won": 0}


def test_the_lowest_score_is_everybodys_best_in_kael(tmp_path):
    storage = Storage(tmp_path)
    storage.record_game(
        "kael", [SeatResult("Ana", False, 40), SeatResult("Ben", True, 12)], lower_is_better=True
    )
    stats, _problem = storage.load_statistics()
    assert stats["kael"].best_score == 12


def test_a_game_key_counts_once(tmp_path):
    storage = Storage(tmp_path)
    first, _p = storage.record_game("nox", [SeatResult("Ana", True, 30)], game_key="k")
    again, _p = storage.record_game("nox", [SeatResult("Ana", True, 30)], game_key="k")
    assert first is not None and again is None
    assert Storage(tmp_path).load_statistics()[0]["nox"].played == 1
    storage.record_game("nox", [SeatResult("Ana", False, 3)], game_key="other")
    assert Storage(tmp_path).load_statistics()[0]["nox"].played == 2


def test_single_seat_results_keep_the_counted_keys(tmp_path):
    storage = Storage(tmp_path)
    storage.record_game("nox", [SeatResult("Ana", True, 30)], game_key="k")
    storage.record_result("nove", True, 12, player="Ana")
    again, _p = storage.record_game("nox", [SeatResult("Ana", True, 30)], game_key="k")
    assert again is None
