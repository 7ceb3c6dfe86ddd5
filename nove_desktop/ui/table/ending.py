"""The end of rounds and games, and leaving: the pass-and-play hand-off, autosave, round summaries,
the game-over ranking, statistics, playing again, the menu, the rules page and the move log."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...i18n import _
from ...storage import SeatResult, WriteRefused
from .hooks import TablePart


class EndingMixin(TablePart):
    """A part of :class:`~.scene.TableScene`: its methods work on the scene's state."""

    def start_handoff(self, seat: int, then: Callable[[], None] | None = None) -> None:
        """The hand-off screen for ``seat``; ``then`` runs once that player has confirmed
        (e.g. a claim picker opened for them in a window)."""
        self.show_controls([])
        self.controls_key = ("handoff", seat)
        self.set_viewer(None)

        def ready() -> None:
            self.set_viewer(seat)
            if then is not None:
                then()

        self.app.scenes.push(
            "handoff",
            player=self.names[seat],
            on_ready=ready,
            on_menu=self.open_menu,
            deck=self.deck,
        )

    # == saving, modals, statistics ==============================================================
    def autosave(self) -> None:
        if not self.session.can_save:
            return  # a game this computer cannot resume (the session keeps it elsewhere)
        ui = {
            "viewer": None if self.pass_and_play else self.viewer,
            "hinted": sorted(self.hinted),
            "game_key": self.game_key,
            "results_seen": self.results_seen,
        }
        try:
            self.app.storage.save_game(self.session.to_save(ui))
        except WriteRefused as exc:  # the player was told once that nothing is saved
            if not exc.told:
                self.app.report_problem(str(exc), exc)
        except Exception as exc:  # a full disk must not stop the game
            self.app.report_problem(
                _(
                    "The game could not be saved. It goes on, but if you "
                    "close the app it cannot be resumed."
                ),
                exc,
            )

    def show_summary(
        self, title: str, columns: list[str], rows: list[list[Any]], note: str = ""
    ) -> None:
        """Open the round summary once the current animations have played."""
        over = self.session.over
        if self.skipping:  # skipped to the results: the game over follows at once
            return

        def opener() -> None:
            self.judge_undo()  # the round is over: the button behind the summary says so
            self.app.scenes.push(
                "round_summary",
                title=title,
                columns=columns,
                rows=rows,
                note=note,
                last=over,
                on_close=self.summary_closed,
            )

        self.pending_modal = opener

    def summary_closed(self) -> None:
        self.modal_open = False

    def show_game_over(self, reason: str) -> None:
        """The final ranking (in the game's score direction) and "play again"."""
        result = self.session.result()

        def opener() -> None:
            self.record_statistics()
            self.keep_replay()
            self.app.scenes.push(
                "game_over",
                names=self.names,
                scores=list(result.scores),
                winners=self.winners(),
                lower_wins=self.game.lower_score_wins,
                reason=reason,
                rounds=result.rounds,
                played_for=self.played_for(result.rounds),
                on_again=self.play_again,
                ranking=self.ranking(),
                details=self.ranking_details(),
                on_leave=self.results_left,
            )

        self.pending_modal = opener

    def results_left(self) -> None:
        """The player left the game over: the finished save no longer offers its results."""
        self.results_seen = True
        self.autosave()

    def play_last(self, seat: int, data: object) -> None:
        """Play a finished game's last move again (the session stops just before it), so that
        its events, the last summary and the game over, show as they did before the app
        closed. The game was perhaps counted already: its key keeps it from counting twice."""
        self.apply(seat, self.game.actions.from_json(data))

    def winners(self) -> list[int]:
        result = self.session.result()
        return [] if result.winner is None else [result.winner]

    def ranking(self) -> list[list[int]] | None:
        """Places, best first (seats sharing a place together); None: by score."""
        return None

    def record_statistics(self) -> None:
        """Each human seat's own result, under its name (in the game's score direction)."""
        if self.stats_recorded or not self.session.human_seats:
            return
        self.stats_recorded = True
        winners = self.winners()
        scores = self.session.result().scores
        seats = [
            SeatResult(
                self.names[seat],
                seat in winners,
                scores[seat],
                seat in self.hinted or self.session.assisted,  # an undo helps too
            )
            for seat in self.session.human_seats
        ]
        try:  # one write for every seat, with the game's key: counted once, whatever happens
            self.app.storage.record_game(
                self.game.id,
                seats,
                lower_is_better=self.game.lower_score_wins,
                game_key=self.game_key,
            )
        except WriteRefused as exc:  # never counted, and never said to be
            if not exc.told:
                self.app.report_problem(str(exc), exc)
        except Exception as exc:
            self.app.report_problem(_("The statistics could not be saved."), exc)

    def keep_replay(self) -> None:
        """A finished game this computer could not autosave (played on a server) keeps its
        replay in the data folder, as an offline game's autosave keeps it."""
        data = self.session.final_replay()
        if data is None:
            return
        name = "-".join(str(data.get(key, "")) for key in ("game", "seed"))
        try:
            self.app.storage.save_replay(data, name)
        except WriteRefused as exc:
            if not exc.told:
                self.app.report_problem(str(exc), exc)
        except Exception as exc:  # a full disk must not stop the game over
            self.app.report_problem(_("The replay of this game could not be saved."), exc)

    def play_again(self) -> None:
        """A new game with the same seats and options (a new deal number). A game on a server
        is started again there: the table closes, back to the room under it."""
        fresh = self.session.play_again()
        if fresh is None:
            stack = self.app.stack
            while stack.top is not None and stack.top is not self:
                stack.pop()  # the game over (and anything else over the table)
            stack.remove(self)
            return
        self.app.scenes.clear_to("title")
        self.app.scenes.push("table", session=fresh)

    # == input ===================================================================================
    def open_menu(self) -> None:
        """The table's menu: pace, animation speed and windows changed during the game (at
        once), or leave."""
        skip = self.skip_to_results if self.humans_out() else None
        self.app.scenes.push("table_menu", on_leave=self.ask_leave, on_skip=skip)

    def ask_leave(self) -> None:
        def leave() -> None:
            self.autosave()
            self.app.scenes.clear_to("title")

        if self.session.over:
            detail = _("The game is over.")
        elif self.coach is not None:
            detail = _("A guided game is not saved: Learn to play starts it again.")
        elif not self.session.can_save:  # a server's game: it goes on there
            detail = _(
                "The game goes on without you: after a while an AI plays for you, until you rejoin."
            )
        elif self.app.storage.can_write("autosave"):
            detail = _("The game is saved: Continue on the title screen resumes it.")
        else:
            detail = _("Nothing can be saved here: the game ends when you leave the table.")
        self.app.scenes.push(
            "confirm",
            question=_("Leave the table?"),
            detail=detail,
            on_yes=leave,
            yes=_("Leave"),
            no=_("Stay"),
        )

    def open_rules(self) -> None:
        self.app.scenes.push("rules", game_id=self.game.id)

    def toggle_log(self) -> None:
        self.log_open = not self.log_open
