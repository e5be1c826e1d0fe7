"""core's public names: each package's `__all__` is exactly what it exports, and the faces import
nothing else (no module inside a package, no private name)."""

from __future__ import annotations

import ast
import importlib
import inspect
from pathlib import Path

import pytest

from tests.conftest import ROOT

PACKAGES = (
    "cite_sentinel.core",
    "cite_sentinel.core.batch",
    "cite_sentinel.core.catalog",
    "cite_sentinel.core.fix",
    "cite_sentinel.core.ground",
    "cite_sentinel.core.http",
    "cite_sentinel.core.matching",
    "cite_sentinel.core.records",
    "cite_sentinel.core.report",
    "cite_sentinel.core.sources",
    "cite_sentinel.core.styles",
    "cite_sentinel.core.verify",
    "cite_sentinel.core.workspace",
)
FACES = ("cli", "filters", "lsp", "mcp_server", "web")
_NOT_EXPORTS = {"annotations", "TYPE_CHECKING"}  # `from __future__`, typing's flag


@pytest.mark.parametrize("name", PACKAGES)
def test_a_package_exports_exactly_its_list(name: str) -> None:
    package = importlib.import_module(name)
    listed = package.__all__
    assert listed == sorted(set(listed), key=lambda n: (not n.isupper(), n)), "sorted, once each"
    for export in listed:
        assert getattr(package, export) is not None, f"{name}.{export} is listed but missing"
    public = {
        member
        for member in dir(package)
        if not member.startswith("_")
        and member not in _NOT_EXPORTS
        and not inspect.ismodule(getattr(package, member))
    }
    assert public == set(listed)
    if "__getattr__" in vars(package):  # lazy: importing a module of that name would hide it
        folder = Path(package.__file__ or "").parent
        modules = {path.stem for path in folder.glob("*.py")} | {
            path.parent.name for path in folder.glob("*/__init__.py")
        }
        assert not modules & set(listed)


def test_the_faces_import_only_cores_public_names() -> None:
    exported = {name: set(importlib.import_module(name).__all__) for name in PACKAGES}
    wrong = []
    for face in FACES:
        for path in sorted((ROOT / face).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                wrong.extend(_wrong_imports(node, path, exported))
    assert wrong == []


def _wrong_imports(node: ast.AST, path: Path, exported: dict[str, set[str]]) -> list[str]:
    where = f"{path.relative_to(ROOT)}:{getattr(node, 'lineno', 0)}"
    if isinstance(node, ast.Import):
        return [
            f"{where}: import {alias.name}"
            for alias in node.names
            if alias.name.startswith("cite_sentinel.core")
        ]
    if not isinstance(node, ast.ImportFrom) or not (node.module or "").startswith(
        "cite_sentinel.core"
    ):
        return []
    module = node.module or ""
    if module not in exported:
        return [f"{where}: from {module} (a module inside a package)"]
    return [
        f"{where}: {alias.name} is not in {module}.__all__"
        for alias in node.names
        if alias.name not in exported[module]
    ]
