"""The kept online seat (``online.json``): written atomically, read back, a damaged file kept
aside like the other data files, and forgotten."""

from __future__ import annotations

from pathlib import Path

from nove_desktop.storage import Storage


def test_the_seat_is_kept_read_back_and_forgotten(tmp_path: Path) -> None:
    store = Storage(tmp_path)
    assert store.load_online().data is None
    store.save_online("192.168.1.20:8765", "K7P2Q", "qGAo9WIsn9CQ5CzdFFNLPI6M", "kael", "Ada")
    data = Storage(tmp_path).load_online().data  # another start of the app
    assert data is not None
    assert (data["address"], data["room"], data["token"], data["game"], data["name"]) == (
        "192.168.1.20:8765",
        "K7P2Q",
        "qGAo9WIsn9CQ5CzdFFNLPI6M",
        "kael",
        "Ada",
    )
    store.forget_online()
    assert store.load_online().data is None
    assert not store.path_of("online").exists()
    store.forget_online()  # nothing to forget: no error


def test_a_damaged_file_is_kept_aside_with_a_message(tmp_path: Path) -> None:
    store = Storage(tmp_path)
    store.path_of("online").write_text("{not json", "utf-8")
    result = store.load_online()
    assert result.data is None and result.kept_aside is not None
    assert result.kept_aside.read_text("utf-8") == "{not json"
    assert "could not be read" in (result.problem or "")
    assert store.load_online().data is None and store.load_online().problem is None


def test_a_file_without_its_token_is_kept_aside(tmp_path: Path) -> None:
    store = Storage(tmp_path)
    store.save_online("h", "K7P2Q", "qGAo9WIsn9CQ5CzdFFNLPI6M", "kael")
    path = store.path_of("online")
    path.write_text(path.read_text("utf-8").replace('"token"', '"tok"'), "utf-8")
    result = Storage(tmp_path).load_online()
    assert result.data is None and result.kept_aside is not None and result.problem
