"""The layers' import rules hold: core imports no face, tests import no benchmark, and what tests
and benchmarks share (tests.support) imports neither a test nor a benchmark."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

from tests.conftest import ROOT

FACES = ("cite_sentinel.filters", "cite_sentinel.lsp", "cite_sentinel.mcp", "cite_sentinel.web")
CLI_MODULES = {path.stem for path in (ROOT / "cli").glob("*.py")}


def test_core_imports_no_face() -> None:
    faces = (*FACES, *(f"cite_sentinel.{name}" for name in CLI_MODULES))
    wrong = [
        f"{path.relative_to(ROOT)}: {module}"
        for path, module in _imports(ROOT / "core")
        if module.startswith(faces) and not module.startswith("cite_sentinel.core")
    ]
    assert wrong == []


def test_tests_import_no_benchmark() -> None:
    wrong = [
        f"{path.relative_to(ROOT)}: {module}"
        for path, module in _imports(ROOT / "tests")
        if module == "benchmarks" or module.startswith("benchmarks.")
    ]
    assert wrong == []


def test_shared_test_support_imports_no_test() -> None:
    allowed = ("tests.support", "tests.fakeapi", "tests.conftest")
    wrong = [
        f"{path.relative_to(ROOT)}: {module}"
        for path, module in _imports(ROOT / "tests" / "support")
        if (module.startswith("tests.") and not module.startswith(allowed))
        or module.startswith("benchmarks")
    ]
    assert wrong == []


def _imports(folder: Path) -> Iterator[tuple[Path, str]]:
    for path in sorted(folder.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                yield from ((path, alias.name) for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                yield path, node.module
