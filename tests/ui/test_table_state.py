"""The table's shared state (ui/table/state.py) declares, for the type checker only, the methods
one part of the scene calls on another. mypy trusts those declarations: a method renamed or
removed from its part would still type-check everywhere and fail only when called. This test
reads the declarations from the source and checks each against the real scene."""

from __future__ import annotations

import ast
import inspect

from nove_desktop.ui.table import state
from nove_desktop.ui.table.scene import TableScene
from nove_desktop.ui.table.state import TableState


def declared_methods() -> dict[str, str]:
    """Method name -> the module its group comment names (``# turns.py``), as written in the
    ``if TYPE_CHECKING`` block of ``TableState``."""
    source = inspect.getsource(state)
    lines = source.splitlines()
    tree = ast.parse(source)
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "TableState")
    block = next(n for n in cls.body if isinstance(n, ast.If))
    out: dict[str, str] = {}
    for node in block.body:
        assert isinstance(node, ast.FunctionDef)
        first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
        above = [ln.strip() for ln in lines[: first - 1] if ln.strip().startswith("# ")]
        out[node.name] = above[-1].removeprefix("# ").removesuffix(".py")
    return out


def test_every_declared_method_is_defined_by_the_part_named() -> None:
    declared = declared_methods()
    assert len(declared) > 20  # the block was read
    for name, module in declared.items():
        assert name not in vars(TableState), f"{name} exists at run time in TableState"
        owners = [k.__module__ for k in TableScene.__mro__ if name in vars(k)]
        # The coach may wrap a part's method; the part named must still define it.
        assert f"nove_desktop.ui.table.{module}" in owners, f"{name}: defined in {owners}"


def test_the_state_adds_only_class_attributes_at_run_time() -> None:
    own = {k for k in vars(TableState) if not k.startswith("__")}
    assert own == {
        "game_id",
        "deck",
        "clockwise",
        "seat_area",
        "own_width",
        "other_width",
        "pile_width",
        "deck_spot",
        "card_ratio",
    }
