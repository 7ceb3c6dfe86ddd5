"""Menu scenes opened by name (``app.scenes``): title, New game, setup, rules, settings, statistics,
dialogs and the round summary, driven headless through App.step."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame
import pytest
from screen_watch import FontsRecorder
from table_helpers import (
    AI,
    ENTER,
    first_legal,
    game_over,
    open_table,
    run_until,
    session_for,
    table_of,
)

from nove_desktop.storage import Storage
from nove_desktop.ui import widgets
from nove_desktop.ui.app import App
from nove_desktop.ui.rules_markup import (
    BlockKind,
    Span,
    parse_rules,
    parse_spans,
    wrap_spans,
)
from nove_desktop.ui.scenes.statistics import DASH
from nove_desktop.ui.tables import has_table

FRAME = 1 / 60


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    application = App(storage=Storage(tmp_path_factory.mktemp("data")), size=(1280, 720))
    yield application
    pygame.quit()


@pytest.fixture(autouse=True)
def clean(app):
    """Every test starts with an empty stack in a 1280x720 window."""
    while len(app.stack):
        app.stack.pop()
    app._resized(1280, 720)
    yield
    while len(app.stack):
        app.stack.pop()


def key(app, name, mod=0):
    event = pygame.event.Event(pygame.KEYDOWN, key=name, mod=mod, unicode="", scancode=0)
    app.step([event], FRAME)


def push(app, name, **options):
    scene = app.scenes.push(name, **options)
    app.step([], FRAME)
    return scene


def click(app, pos):
    app.step(
        [
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos),
            pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos),
        ],
        FRAME,
    )


# -- the markup, without a window -----------------------------------------------------------------
def test_bold_spans_and_an_unmatched_marker():
    assert parse_spans("win **12 points** now") == (
        Span("win "),
        Span("12 points", True),
        Span(" now"),
    )
    assert parse_spans("a ** b") == (Span("a ** b"),)


def test_blocks_of_a_rules_text():
    text = "# Title\n\n## Goal\nfirst line\nsecond line\n\n- one\n- **two**\n\nend"
    blocks = parse_rules(text)
    assert [b.kind for b in blocks] == [
        BlockKind.TITLE,
        BlockKind.SECTION,
        BlockKind.PARAGRAPH,
        BlockKind.BULLET,
        BlockKind.BULLET,
        BlockKind.PARAGRAPH,
    ]
    assert blocks[2].text == "first line second line"
    assert blocks[4].spans == (Span("two", True),)


def test_wrap_keeps_bold_and_width():
    def measure(text, bold):
        return len(text) * (12 if bold else 10)

    spans = parse_spans("aaa bbb **ccc ddd** eee " + "x" * 30)
    lines = wrap_spans(spans, 100, measure)
    assert all(sum(measure(r.text, r.bold) for r in line) <= 100 for line in lines)
    texts = ["".join(r.text for r in line) for line in lines]
    assert texts == ["aaa bbb", "ccc ddd", "eee", "x" * 10, "x" * 10, "x" * 10]
    assert lines[1] == [Span("ccc ddd", True)]
    mixed = wrap_spans(parse_spans("**12** points."), 1000, measure)
    assert mixed == [[Span("12", True), Span(" points.")]]


# -- rules ----------------------------------------------------------------------------------------
def test_rules_scroll_to_the_end_and_back(app):
    scene = push(app, "rules", game_id="nove")
    assert scene.lines[0].text.startswith("NOVE")
    assert scene.max_scroll > 0
    key(app, pygame.K_DOWN)
    assert scene.scroll == scene.line_step
    key(app, pygame.K_PAGEDOWN)
    assert scene.scroll == scene.line_step + scene.page_step
    key(app, pygame.K_END)
    assert scene.scroll == scene.max_scroll
    assert scene.visible_lines()[-1] is scene.lines[-1]
    key(app, pygame.K_DOWN)
    assert scene.scroll == scene.max_scroll
    key(app, pygame.K_HOME)
    assert scene.scroll == 0
    assert scene.visible_lines()[0] is scene.lines[0]
    wheel = pygame.event.Event(
        pygame.MOUSEWHEEL,
        x=0,
        y=-1,
        flipped=False,
        precise_x=0.0,
        precise_y=-1.0,
        touch=False,
        which=0,
    )
    app.step([wheel], FRAME)
    assert scene.scroll == 3 * scene.line_step
    key(app, pygame.K_ESCAPE)
    assert len(app.stack) == 0


def test_rules_lines_fit_the_window(app):
    for size in ((1024, 640), (1920, 1080)):
        app._resized(*size)
        scene = push(app, "rules", game_id="nove")
        assert app.size == size
        right = max(scene.column_x + line.width for line in scene.lines)
        assert right <= scene.track.left
        assert len(scene.visible_lines()) < len(scene.lines)
        key(app, pygame.K_END)
        app.stack.pop()


def test_rules_keep_their_place_when_the_window_changes(app):
    scene = push(app, "rules", game_id="nove")
    key(app, pygame.K_END)
    app._resized(1920, 1080)
    app.step([], FRAME)
    assert scene.scroll == scene.max_scroll > 0


def test_missing_rules_show_a_message(app):
    scene = push(app, "rules", game_id="no-such-game")
    text = " ".join(line.text for line in scene.lines)
    assert "could not be opened" in text
    assert "missing" in text
    key(app, pygame.K_END)
    key(app, pygame.K_ESCAPE)
    assert len(app.stack) == 0


def test_back_button_closes_rules(app):
    push(app, "rules", game_id="nove")
    key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN)
    assert len(app.stack) == 0


# -- settings -------------------------------------------------------------------------------------
def test_settings_apply_and_persist(app):
    scene = push(app, "settings")
    before = app.settings
    key(app, pygame.K_RIGHT)  # animation speed: normal -> fast
    assert app.settings.animation_speed == "fast"
    key(app, pygame.K_DOWN)
    key(app, pygame.K_LEFT)  # AI pace: normal -> slow
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RIGHT)  # reaction windows: 3 s -> 5 s
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RIGHT)  # always take good draws: on -> off
    key(app, pygame.K_DOWN)
    key(app, pygame.K_LEFT)  # volume 70% -> 60%
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RIGHT)  # sound on -> off
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RIGHT)  # hand-off on -> off
    assert scene.focus.focused is scene.handoff
    assert before.animation_speed == "normal"  # replaced, not changed in place

    saved, problem = Storage(app.storage.root).load_settings()
    assert problem is None
    assert saved.animation_speed == "fast"
    assert saved.ai_pace == "slow"
    assert saved.volume == pytest.approx(0.6)
    assert saved.muted is True
    assert saved.handoff is False
    assert saved.window_seconds == 5.0
    assert saved.always_good_draw is False
    assert app.sounds.muted is True
    key(app, pygame.K_ESCAPE)
    assert len(app.stack) == 0


def test_settings_full_screen_round_trip(app):
    scene = push(app, "settings")
    for _ in range(6):
        key(app, pygame.K_DOWN)
    assert scene.focus.focused is scene.fullscreen
    key(app, pygame.K_RIGHT)
    assert scene.fullscreen.value is app.fullscreen
    assert Storage(app.storage.root).load_settings()[0].fullscreen is app.fullscreen
    if app.fullscreen:
        key(app, pygame.K_RIGHT)
        assert app.fullscreen is False
        assert app.size == (1280, 720)
    assert Storage(app.storage.root).load_settings()[0].fullscreen is False


# -- statistics -----------------------------------------------------------------------------------
def test_statistics_show_dashes_then_numbers(app):
    scene = push(app, "statistics")
    assert [row.title for row in scene.rows] == [game.title for game in app.registry]
    assert scene.rows[0].cells == (DASH, DASH, DASH, DASH, DASH)
    app.stack.pop()

    app.storage.record_result("nove", True, 14, player="Ana")
    app.storage.record_result("nove", False, 9, player="Ben")
    app.storage.record_result("nove", True, 12, player="Ana", hinted=True)
    app.storage.record_result("kael", False, 30, lower_is_better=True, player="Ana")
    app.storage.record_result("kael", True, 20, lower_is_better=True, player="Ana")
    scene = push(app, "statistics")
    assert scene.rows[0].cells == ("3", "2", "67%", "14", "1 / 1")  # everybody
    assert scene.rows[1].cells == ("2", "1", "50%", "20", "0")  # Kaël: the lowest is best
    assert scene.who.values == ["", "Ana", "Ben"]
    key(app, pygame.K_RIGHT)  # the player selector has the focus first: Ana
    assert scene.rows[0].cells == ("2", "2", "100%", "14", "1 / 1")
    key(app, pygame.K_RIGHT)  # Ben
    assert scene.rows[0].cells == ("1", "0", "0%", "9", "0")
    assert scene.rows[1].cells == (DASH, DASH, DASH, DASH, DASH)
    key(app, pygame.K_ESCAPE)
    assert len(app.stack) == 0


def test_statistics_problem_is_shown(app):
    path = app.storage.path_of("statistics")
    path.write_text("not json", encoding="utf-8")
    push(app, "statistics")
    assert any(toast.error and "statistics" in toast.text.lower() for toast in app.toasts)
    app.toasts.clear()


# -- choose game -----------------------------------------------------------------------------------
def test_new_game_lists_every_game_and_says_which_tables_are_coming(app, monkeypatch):
    texts: list[str] = []
    monkeypatch.setattr(app, "fonts", FontsRecorder(app.fonts, texts))
    scene = push(app, "choose_game")
    assert [b.game_id for b in scene.game_buttons] == [g.id for g in app.registry]
    for button in scene.game_buttons:
        assert button.enabled == has_table(button.game_id)
    assert scene.game_buttons[0].label == "NOVE"
    assert "12 points" in scene.game_buttons[0].description
    coming = [b for b in scene.game_buttons if not b.enabled]
    assert texts.count("table coming") == len(coming)
    for button in scene.game_buttons:
        if button.enabled:
            assert button.description in texts
    assert scene.focus.focused is scene.game_buttons[0]
    key(app, pygame.K_RETURN)
    assert app.stack.top.name == "setup"
    app.stack.pop()
    if coming:  # a game without a table cannot be started, by click or by keys
        click(app, coming[0].rect.center)
        assert app.stack.top is scene
    key(app, pygame.K_ESCAPE)
    assert len(app.stack) == 0


def test_every_game_with_a_table_opens_its_setup(app):
    scene = push(app, "choose_game")
    for button in [b for b in scene.game_buttons if b.enabled]:
        click(app, button.rect.center)
        setup = app.stack.top
        assert setup.name == "setup" and setup.game.id == button.game_id
        app.stack.pop()


# -- the rules page's game switcher ----------------------------------------------------------------
def test_the_rules_from_the_title_switch_between_every_game(app):
    scene = push(app, "rules", game_id="nove", choose=True)
    titles = [b.label for b in scene.game_buttons]
    assert titles == [g.title for g in app.registry]
    for game in app.registry:
        button = next(b for b in scene.game_buttons if b.label == game.title)
        key(app, pygame.K_END)
        click(app, button.rect.center)
        assert scene.game_id == game.id and scene.scroll == 0
        assert button.selected and sum(b.selected for b in scene.game_buttons) == 1
        assert scene.lines[0].text.upper().startswith(game.title.upper()[:3])
    key(app, pygame.K_ESCAPE)


def test_the_rules_at_a_table_show_that_game_only(app):
    scene = push(app, "rules", game_id="kael")
    assert scene.game_buttons == []
    assert "Ka" in scene.lines[0].text


# -- widgets ---------------------------------------------------------------------------------------
def test_a_click_on_the_drawn_left_arrow_decreases_the_value(app):
    """Defect 5c: the left arrow, clicked exactly where it is drawn, goes back."""
    scene = push(app, "settings")
    choice = scene.ai_pace
    before = choice.index
    h = choice.rect.height
    big = app.fonts.get(max(12, int(h * 0.40)), bold=True)
    value = big.size(choice.describe(choice.value))[0]
    right = choice.rect.right - int(h * 0.6)
    arrow = big.size("\u25c0")[0]
    left_arrow = (right - value - int(h * 0.2) - arrow // 2, choice.rect.centery)
    click(app, left_arrow)
    assert choice.index == (before - 1) % len(choice.values)
    right_arrow = (right + int(h * 0.12) + arrow // 2, choice.rect.centery)
    click(app, right_arrow)
    assert choice.index == before
    app.stack.pop()


@pytest.mark.parametrize("how", ["keyboard", "mouse"])
def test_a_focused_text_field_shows_a_caret(app, monkeypatch, how):
    """Defect 5m: the caret shows in a focused name field, also after a click on it."""
    lines = []
    draw_line = pygame.draw.line

    def recording(surface, colour, start, end, width=1):
        lines.append((start, end))
        return draw_line(surface, colour, start, end, width)

    monkeypatch.setattr(widgets.pygame.time, "get_ticks", lambda: 0)  # the caret's "on" phase
    monkeypatch.setattr(widgets.pygame.draw, "line", recording)
    scene = push(app, "setup", game_id="nove")
    field = scene.names[1]
    if how == "mouse":
        click(app, field.rect.center)
    else:
        while scene.focus.focused is not field:
            key(app, pygame.K_TAB)
    lines.clear()
    app.step([], FRAME)
    assert field.has_focus
    inside = [(a, b) for a, b in lines if field.rect.collidepoint(a) and field.rect.collidepoint(b)]
    assert inside, "no caret drawn in the focused field"
    app.step([pygame.event.Event(pygame.TEXTINPUT, text="x")], FRAME)
    assert field.text.endswith("x")


# -- dialogs and summaries -------------------------------------------------------------------------
def test_quit_says_a_game_is_saved_only_when_one_is(app):
    """Defect 5l."""
    app.storage.delete_game()
    title = push(app, "title")
    title.ask_quit()
    assert app.stack.top.name == "confirm" and "saved" not in app.stack.top.detail
    app.stack.pop()
    session = session_for(app, "nove", ["human", AI, AI])
    app.storage.save_game(session.to_save())
    title.refresh()
    title.ask_quit()
    assert "saved" in app.stack.top.detail
    key(app, pygame.K_ESCAPE)  # "Stay"
    assert app.stack.top is title and app.running
    app.storage.delete_game()


def test_the_last_round_summary_says_see_the_results(app):
    """Defect 5e: "Next round" while the game goes on, "See the results" once it is over."""
    app.settings.animation_speed = "off"
    app.settings.ai_pace = "instant"
    push(app, "title")
    table = open_table(app, session_for(app, "kael", [AI, AI, AI], seed=4))
    seen: list[tuple[object, str, bool]] = []

    def look(app):
        top = app.stack.top
        if getattr(top, "name", "") == "round_summary" and (not seen or seen[-1][0] is not top):
            seen.append((top, top.button.label, table.session.over))
        return game_over(app)

    run_until(app, look, limit=200_000)
    assert len(seen) >= 2
    for _scene, label, over in seen:
        assert label == ("See the results" if over else "Next round")
    assert seen[-1][1] == "See the results"


def test_pass_and_play_never_calls_anyone_you(app, monkeypatch):
    """Defect 5f: with several people at the screen, "You" names nobody: no "I am You", no
    "You's turn"."""
    texts: list[str] = []
    monkeypatch.setattr(app, "fonts", FontsRecorder(app.fonts, texts))
    app.settings.animation_speed = "off"
    app.settings.ai_pace = "instant"
    app.settings.handoff = True
    push(app, "title")
    setup = push(app, "setup", game_id="nove")
    setup.kinds[1].set_value("human")
    key(app, pygame.K_RETURN)  # Start (focused)
    table = table_of(app)
    assert table is not None
    names = [seat.name for seat in table.session.seats]
    assert names[0] == "Player 1" and "You" not in names, (names, app.settings.handoff)
    assert table.pass_and_play, [seat.kind for seat in table.session.seats]
    handoffs = []
    for _ in range(300):
        top = app.stack.top
        if top.name == "handoff":
            handoffs.append(top.ready.label)
            app.step([ENTER], FRAME)
        elif top.name == "round_summary":
            app.step([ENTER], FRAME)
        else:
            if top is table and table.controls and not table.animating:
                first_legal(app, table)
            app.step([], FRAME)
    assert handoffs and "I am Player 1: show my cards" in handoffs, handoffs
    assert not [label for label in handoffs if "You" in label]
    joined = " | ".join(texts)
    assert "I am You" not in joined and "You's" not in joined


# -- every scene at other sizes -------------------------------------------------------------------
@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_scenes_render_at_other_sizes(app, size):
    names: list[tuple[str, dict[str, object]]] = [
        ("rules", {"game_id": "nove", "choose": True}),
        ("settings", {}),
        ("statistics", {}),
        ("choose_game", {}),
        ("title", {}),
        ("setup", {"game_id": "kael"}),
    ]
    for name, options in names:
        app._resized(1280, 720)
        scene = push(app, name, **options)
        app._resized(*size)
        key(app, pygame.K_TAB)
        app.step([], FRAME)
        assert app.size == size
        widgets_shown = [w for w in scene.focus.widgets if w.visible]
        assert all(app.screen.get_rect().contains(w.rect) for w in widgets_shown), name
        app.stack.pop()
