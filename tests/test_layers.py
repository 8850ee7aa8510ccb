"""The stages' direction (docs/architecture.md): every import in the package, those inside
functions included, goes from a layer to one below it, never sideways or up; and no two
packages import each other by any path."""

from __future__ import annotations

import ast
from functools import cache
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "scorebook"

# Lowest first. A unit (a subpackage or a top-level module of scorebook) may import only units of
# lower layers; units of one layer are independent of each other.
LAYERS: tuple[frozenset[str], ...] = tuple(
    frozenset(layer.split())
    for layer in (
        "numbers problems formulas parallel shipped",  # no stage: leaves every stage may use
        "tomlfile",  # TOML with positions, for the problems it reports
        "notation",  # syntax, no game state
        "engine",  # state + statement -> (state, fact); no I/O
        "games",  # each game's rules, and the registry of games
        "files",  # the loader: files and charts from disk, handed to the engine as text
        "sim store",  # plays games die by die | persists facts
        "stats",  # frames from the store
        "league reports",  # standings, schedules, playoffs | box scores, sheets, read from facts and stats
        "importers",  # Retrosheet in, compared with cwbox's boxes
        "service",  # the operations the CLI and the web share
        "cli web",  # thin layers over the service
        "__main__",
    )
)
RANK = {unit: rank for rank, layer in enumerate(LAYERS) for unit in layer}


def unit_of(module: str) -> str:
    """`scorebook.engine.core` -> `engine`; `scorebook` (the public API) -> `__init__`."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(path: Path) -> set[str]:
    """The scorebook modules a file imports, at its top and inside functions."""
    name = module_name(path)
    return imports_in(path.read_text(encoding="utf-8"), name if path.name == "__init__.py" else name.rpartition(".")[0])


def imports_in(source: str, package: str) -> set[str]:
    """The scorebook modules (or, for `from scorebook import x`, `scorebook.x`) that `source`, a
    module of `package`, imports anywhere in it."""
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join([*package.split(".")[: len(package.split(".")) - node.level + 1], base]).rstrip(".")
            found |= {f"{base}.{alias.name}" if unit_of(base) == "__init__" else base for alias in node.names}
    return {module for module in found if module == "scorebook" or module.startswith("scorebook.")}


@cache
def edges() -> dict[tuple[str, str], str]:
    """(importing unit, imported unit) -> the first file found importing it."""
    found: dict[tuple[str, str], str] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        source = unit_of(module_name(path))
        for module in imported(path):
            target = unit_of(module)
            if target != source:
                found.setdefault((source, target), str(path.relative_to(PACKAGE.parent)))
    return found


def test_every_unit_has_a_layer():
    units = {unit_of(module_name(path)) for path in PACKAGE.rglob("*.py")} - {"__init__"}
    assert units <= RANK.keys(), f"give these a layer in LAYERS: {sorted(units - RANK.keys())}"


def test_imports_go_down_the_layers():
    wrong = [
        f"{where}: {source} imports {target}"
        for (source, target), where in sorted(edges().items())
        if source != "__init__" and RANK.get(target, -1) >= RANK.get(source, -1)
    ]
    assert not wrong, "imports against the stages' direction:\n" + "\n".join(wrong)


def test_nothing_imports_the_cli():
    importers = sorted(f"{where}: {source}" for (source, target), where in edges().items() if target == "cli")
    assert importers == ["scorebook/__main__.py: __main__"]


def test_no_cycle_between_packages():
    graph: dict[str, set[str]] = {}
    for source, target in edges():
        graph.setdefault(source, set()).add(target)
    try:
        tuple(TopologicalSorter(graph).static_order())
    except CycleError as cycle:
        pytest.fail(f"an import cycle between packages: {' -> '.join(cycle.args[1])}")


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("from scorebook.engine.core import replay", {"scorebook.engine.core"}),
        ("from scorebook import files", {"scorebook.files"}),
        ("def f():\n    import scorebook.store.db\n", {"scorebook.store.db"}),
        ("from . import core", {"scorebook.engine"}),
        ("from ..games import registry", {"scorebook.games"}),
    ],
)
def test_imports_are_read_inside_functions_and_relative(source, expected):
    assert imports_in(source, "scorebook.engine") == expected
