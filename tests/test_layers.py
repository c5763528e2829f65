"""The layer contract (pyproject.toml, [tool.importlinter]): no module imports upwards, only
the TUI imports Textual, the engine imports nothing of the project above it."""

from __future__ import annotations

import pkgutil
import re
from pathlib import Path

from importlinter.api import read_configuration
from importlinter.cli import lint_imports

import century_tui

CONFIG = Path(__file__).resolve().parent.parent / "pyproject.toml"


def test_the_import_contracts_are_kept():
    # On a broken contract import-linter prints which import breaks it (shown by pytest).
    assert lint_imports(config_filename=str(CONFIG), no_cache=True, no_logo=True) == 0


def test_every_module_of_the_package_sits_in_a_layer():
    """A module left out of the layers would be free to import anything (the TUI too)."""
    (layers,) = [c for c in read_configuration(str(CONFIG))["contracts_options"] if c["type"] == "layers"]
    named = {m for layer in layers["layers"] for m in re.split(r"[|:]", layer.replace("(", "").replace(")", ""))}
    modules = {f"century_tui.{m.name}" for m in pkgutil.iter_modules(century_tui.__path__)}
    assert modules - {m.strip() for m in named} == set()


def import_cycles(package: str = "century_tui") -> list[set[str]]:
    """The groups of modules that import each other, directly or not (the imports inside
    functions counted, as import-linter counts them; those under TYPE_CHECKING not)."""
    import grimp

    graph = grimp.build_graph(package, exclude_type_checking_imports=True, cache_dir=None)
    imports = {m: graph.find_modules_directly_imported_by(m) for m in graph.modules}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups: list[set[str]] = []

    def visit(module: str) -> None:  # Tarjan's strongly connected components
        index[module] = low[module] = len(index)
        stack.append(module)
        for other in imports[module]:
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            group = set()
            while not group or module not in group:
                group.add(stack.pop())
            if len(group) > 1:
                groups.append(group)

    for module in sorted(imports):
        if module not in index:
            visit(module)
    return groups


def test_no_module_imports_one_that_imports_it_back():
    """Each module can be read before the ones that import it: the screens and widgets read
    the app through `tui.context`, never `tui.app`, which imports them; the hard bot reads its
    default budget from `bots.budget`, not from the registry that makes it."""
    assert import_cycles() == []
