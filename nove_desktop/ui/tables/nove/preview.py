"""What each joker option would score this round: NOVE's joker choice shows it on its buttons.

No pygame here. The engine plays the choice on a sample of the position (the session's: a
state the player cannot tell from the true one); later choosers are assumed to take their
first option (the default of spec 5.4). The points are read from this round's scoring event,
never from whatever the state holds afterwards: when scoring ends the round, the next deal
comes from the hidden draw pile, and an instant win there would replace the state's summary
of the round (the preview would then tell something of the next deal).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ....engine.events import Event
from ....engine.game import Game
from ....games.nove.actions import ChooseJoker
from ....games.nove.events import RoundScored
from ....games.nove.state import NoveState, Phase


def joker_points(
    game: Game[Any, NoveState], sample: NoveState, seat: int, legal: Sequence[ChooseJoker]
) -> dict[str, int]:
    """Points ``seat`` would score this round with each of its ``legal`` joker options."""
    out: dict[str, int] = {}
    for action in legal:
        state = sample.copy()
        events: list[Event] = list(game.apply(state, seat, action))
        while state.phase == Phase.CHOOSE_JOKER:
            other = game.to_act(state)[0]
            events += game.apply(state, other, game.legal_actions(state, other)[0])
        scored = next((e for e in events if isinstance(e, RoundScored)), None)
        rows = scored.rows if scored is not None else ()
        out[action.option] = next((row.points for row in rows if row.seat == seat), 0)
    return out
