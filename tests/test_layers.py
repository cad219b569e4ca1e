"""The package imports one way: no circle anywhere under src/arraybench, counting every import
(inside functions and under TYPE_CHECKING too), and nothing below the top imports the package's
facade. The layers themselves are checked by import-linter (pyproject.toml, ``make lint``); this
also catches a circle between a package and its own modules, which no contract between siblings
sees, and runs the layers contract where import-linter is installed."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

import arraybench

SRC = Path(arraybench.__file__).parent
ROOT = SRC.parents[1]
#: The modules above every layer, which may import the package itself.
TOP = {"arraybench", "arraybench.__main__", "arraybench.pytest_plugin"}


def _modules() -> dict[str, tuple[Path, bool]]:
    out = {}
    for path in sorted(SRC.rglob("*.py")):
        parts = list(path.relative_to(SRC.parent).with_suffix("").parts)
        package = parts[-1] == "__init__"
        out[".".join(parts[:-1] if package else parts)] = (path, package)
    return out


MODULES = _modules()


def _resolve(name: str) -> str | None:
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


def _imports(module: str) -> Iterator[str]:
    """Every arraybench module ``module`` imports, wherever the import statement is."""
    path, package = MODULES[module]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = module.split(".")[: len(module.split(".")) - node.level + package]
                full = ".".join([*base, *([node.module] if node.module else [])])
            else:
                full = node.module or ""
            # ``from pkg import mod`` imports the module; ``from mod import name``, the module
            names = [
                f"{full}.{a.name}" if f"{full}.{a.name}" in MODULES else full for a in node.names
            ]
        else:
            continue
        for name in names:
            if name == "arraybench" or name.startswith("arraybench."):
                target = _resolve(name)
                if target is not None and target != module:
                    yield target


GRAPH = {m: set(_imports(m)) for m in MODULES}


def test_no_module_is_in_an_import_circle() -> None:
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    circles: list[list[str]] = []

    def visit(v: str) -> None:  # Tarjan's strongly connected components
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in GRAPH[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                circles.append(sorted(part))

    for m in MODULES:
        if m not in index:
            visit(m)
    assert circles == []


def test_only_the_top_imports_the_package_facade() -> None:
    importers = sorted(m for m, targets in GRAPH.items() if "arraybench" in targets)
    assert set(importers) <= TOP, importers


def test_the_import_contracts_are_kept() -> None:
    cli = pytest.importorskip("importlinter.cli")
    assert cli.lint_imports(config_filename=str(ROOT / "pyproject.toml"), no_cache=True) == 0
