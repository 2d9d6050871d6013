"""No import cycles among deidkit's modules.

The graph is read from the source with ``ast``: every import at module level (outside ``if
TYPE_CHECKING:``), plus every import inside a function unless it is marked ``# lazy: why``
(an import deferred on purpose, for start-up speed or an optional dependency). So a cycle
cannot be hidden by moving one of its imports into a function without saying why.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src"
LAZY = "# lazy"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _targets(node: ast.Import | ast.ImportFrom, module: str, package: bool, known: set[str]):
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    base = module if package else module.rpartition(".")[0]
    for _ in range(node.level - 1):
        base = base.rpartition(".")[0]
    target = (f"{base}.{node.module}" if node.module else base) if node.level else node.module
    assert target is not None
    # ``from package import submodule`` imports the submodule; a name imports the module
    return [f"{target}.{a.name}" if f"{target}.{a.name}" in known else target for a in node.names]


def _is_lazy(node: ast.stmt, lines: list[str]) -> bool:
    """Marked on one of its own lines, or by a comment line just above its block of imports
    (one ``# lazy:`` comment, alone or on an import, covers the imports that follow it without
    a gap)."""
    end = node.end_lineno or node.lineno
    if any(LAZY in line for line in lines[node.lineno - 1 : end]):
        return True
    index = node.lineno - 2
    while index >= 0:
        line = lines[index].strip()
        if line.startswith("#"):
            return LAZY in line
        if not line or not (line.startswith(("from ", "import ", ")")) or line.endswith(",")):
            return False
        if LAZY in line:
            return True
        index -= 1
    return False


def _imports(
    module: str, source: str, package: bool, known: set[str]
) -> tuple[set[str], list[int]]:
    """The modules ``module`` imports, and the lines of its lazy imports (left out)."""
    lines = source.splitlines()
    imported: set[str] = set()
    lazy: list[int] = []

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                for branch in child.orelse:
                    visit(branch, in_function)
                continue
            if isinstance(child, ast.Import | ast.ImportFrom):
                if in_function and _is_lazy(child, lines):
                    lazy.append(child.lineno)
                    continue
                for target in _targets(child, module, package, known):
                    while target and target not in known:
                        target = target.rpartition(".")[0]
                    if target and target != module:
                        imported.add(target)
                continue
            function = isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda)
            visit(child, in_function or function)

    visit(ast.parse(source), False)
    return imported, lazy


def import_graph(
    sources: dict[str, tuple[str, bool]],
) -> tuple[dict[str, set[str]], list[tuple[str, int]]]:
    """module -> the deidkit modules it imports (see the module docstring), and the lazy
    imports that were left out as (module, line). ``sources``: module -> (source, is a
    package ``__init__``)."""
    graph: dict[str, set[str]] = {}
    lazy: list[tuple[str, int]] = []
    for module, (source, package) in sources.items():
        graph[module], lines = _imports(module, source, package, set(sources))
        lazy.extend((module, line) for line in lines)
    return graph, lazy


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def connect(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(graph[node]):
            if other not in index:
                connect(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            connect(node)
    return sorted(found)


def _deidkit_sources() -> dict[str, tuple[str, bool]]:
    return {
        _module_name(path): (path.read_text(encoding="utf-8"), path.name == "__init__.py")
        for path in sorted((SRC / "deidkit").rglob("*.py"))
    }


def test_deidkit_has_no_import_cycles() -> None:
    graph, _ = import_graph(_deidkit_sources())
    assert len(graph) > 100 and graph["deidkit.api"]
    assert cycles(graph) == []


@pytest.mark.parametrize(
    ("sources", "expected"),
    [
        ({"p.a": ("import p.b\n", False), "p.b": ("import p.a\n", False)}, [["p.a", "p.b"]]),
        (
            {"p.a": ("from p import b\n", False), "p.b": ("from p.a import x\n", False),
             "p": ("", True)},
            [["p.a", "p.b"]],
        ),
        (
            {"p.a": ("from . import b\n", False),
             "p.b": ("def f():\n    from .a import x\n", False), "p": ("", True)},
            [["p.a", "p.b"]],
        ),
        (
            {"p.a": ("import p.b\n", False),
             "p.b": ("def f():\n    import p.a  # lazy: start-up\n", False)},
            [],
        ),
        (
            {"p.a": ("import p.b\n", False),
             "p.b": ("import typing\nif typing.TYPE_CHECKING:\n    import p.a\n", False)},
            [],
        ),
        ({"p.a": ("import p.b\n", False), "p.b": ("import p.c\n", False),
          "p.c": ("import p.a\n", False)}, [["p.a", "p.b", "p.c"]]),
        ({"p.a": ("import p.b\n", False), "p.b": ("import os\n", False)}, []),
    ],
)  # fmt: skip
def test_cycles_are_found(sources: dict[str, tuple[str, bool]], expected: list[list[str]]) -> None:
    graph, _ = import_graph(sources)
    assert cycles(graph) == expected


@pytest.mark.parametrize(
    ("body", "lazy_lines"),
    [
        ("    import p.b  # lazy: x\n", [2]),
        ("    import p.b  # lazy: x\n    import p.c\n", [2, 3]),
        ("    # lazy: extra\n    import p.b\n", [3]),
        ("    # lazy: extra\n    import p.b\n    from p.c import (\n        y,\n    )\n", [3, 4]),
        ("    # lazy: extra\n    import p.b\n\n    import p.c\n", [3]),
        ("    # other\n    import p.b\n", []),
        ("    x = 1\n    import p.b\n", []),
    ],
)
def test_lazy_marks(body: str, lazy_lines: list[int]) -> None:
    sources = {"p.a": ("def f():\n" + body, False), "p.b": ("", False), "p.c": ("", False)}
    _, lazy = import_graph(sources)
    assert [line for _, line in lazy] == lazy_lines
