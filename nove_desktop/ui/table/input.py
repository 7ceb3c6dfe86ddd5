"""Mouse and keyboard at the table: hotkeys, the HUD buttons, hovering, clicking and dragging
cards."""

from __future__ import annotations

import pygame

from . import paint
from .drag import Drag
from .hooks import TablePart
from .sprites import CardSprite
from .undoing import is_undo_key


class InputMixin(TablePart):
    """A part of :class:`~.scene.TableScene`: its methods work on the scene's state."""

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and getattr(event, "unicode", "") == "?":
            self.advisor.ask()
            return
        if is_undo_key(event):  # before the skip below: Ctrl+Z always means undo
            self.undo()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.log_open:
                self.log_open = False
                return
            self.open_menu()
            return
        if event.type == pygame.MOUSEMOTION:
            self.hover(event.pos)
            self.hover_undo(event.pos)
            if self.drag is not None:
                self.carry(event.pos)
        clicked = event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
        released = event.type == pygame.MOUSEBUTTONUP and event.button == 1
        if clicked and self.click_hud(event.pos):
            return
        if self.animating and (event.type == pygame.KEYDOWN or clicked) and not (self.answering()):
            self.skip_animations()  # the input skips the animations; it is not lost elsewhere
            return
        if event.type == pygame.KEYDOWN and self.key(event.key):
            return
        if clicked and self.click_card(event.pos):
            return
        if released and self.drag is not None:
            self.release(event.pos)
            return
        if self.focus.handle(event):
            return
        if clicked:
            self.table_clicked(event.pos)

    def answering(self) -> bool:
        """A public window still waits for the player at the screen: their keys and clicks go
        to its buttons, even while other seats' answers are being shown."""
        moment = self.moment
        return (
            bool(self.controls)
            and moment is not None
            and moment.moment.public
            and (moment.engine_open)
        )

    def click_hud(self, pos: tuple[int, int]) -> bool:
        for button in self.hud_buttons:
            if button.rect.collidepoint(pos):
                button.activate()
                return True
        return False

    def key(self, key: int) -> bool:
        if key == pygame.K_r:
            self.open_rules()
            return True
        if key == pygame.K_l:
            self.toggle_log()
            return True
        if not self.controls:
            return False
        for widget in self.controls:  # a button's own key (its label shows the letter)
            if widget.hotkey == key and widget.enabled and widget.visible:
                widget.activate()
                return True
        return self.hotkey(key)

    def sprite_at(self, pos: tuple[int, int]) -> CardSprite | None:
        """The topmost card under the mouse."""
        for sprite in reversed(list(self.sprites.values())):
            if paint.card_rect(self, sprite).collidepoint(pos):
                return sprite
        return None

    def hover(self, pos: tuple[int, int]) -> None:
        under = self.sprite_at(pos)
        for sprite in self.sprites.values():
            sprite.hover = sprite is under and self.selectable(sprite.ref) and bool(self.controls)

    def click_card(self, pos: tuple[int, int]) -> bool:
        sprite = self.sprite_at(pos)
        if sprite is None or not self.controls or not self.selectable(sprite.ref):
            return False
        self.focus.keyboard = False  # a mouse player: the next Enter means the likeliest move
        if self.draggable(sprite.ref):
            x, y = paint.to_design(self.app, pos)
            self.drag = Drag(sprite.ref, pos, (x - sprite.pos[0], y - sprite.pos[1]))
            return True  # a click or a drag: the release tells
        self.card_clicked(sprite.ref)
        return True

    # -- drag and drop ---------------------------------------------------------------------------
    def dragged(self) -> CardSprite | None:
        """The card following the mouse, if one is carried."""
        drag = self.drag
        if drag is None or not drag.active:
            return None
        return self.sprites.get(drag.ref)

    def carry(self, pos: tuple[int, int]) -> None:
        """The mouse moved with a card pressed: past the threshold, the card follows it."""
        drag = self.drag
        if drag is None:
            return
        if drag.ref not in self.sprites or not self.controls:
            self.drag = None
            return
        if not drag.active:
            if not drag.carried(pos):
                return
            drag.active = True
            self.drag_started(drag.ref)
        x, y = paint.to_design(self.app, pos)
        self.sprites[drag.ref].motion.snap(x - drag.grab[0], y - drag.grab[1])

    def release(self, pos: tuple[int, int]) -> None:
        """The mouse button came up: a click where the card was pressed, else a drop."""
        drag, self.drag = self.drag, None
        if drag is None or drag.ref not in self.sprites or not self.controls:
            return
        if not drag.active:
            self.card_clicked(drag.ref)
            return
        target = self.drop_target(drag.ref, pos)
        if target is not None:
            self.card_dropped(drag.ref, target)
        self.place_sprites()  # the card glides from the mouse to its slot (new or old)
