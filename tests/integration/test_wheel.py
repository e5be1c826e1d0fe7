"""The built wheel (what `pipx install .` installs) holds the one `cite_sentinel` namespace,
its console script and the data it reads, and its commands run outside the checkout."""

from __future__ import annotations

import ast
import importlib.metadata
import json
import re
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
_UNSHIPPED = ("dev", "train")  # extras only a checkout installs


@pytest.mark.slow
def test_the_wheel_installs_and_imports_outside_the_checkout(tmp_path: Path) -> None:
    wheels, target = tmp_path / "wheels", tmp_path / "site"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(wheels),
            str(ROOT),
        ],
        check=True,
        capture_output=True,
        timeout=300,
    )
    (wheel,) = wheels.glob("cite_sentinel-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    tops = {name.split("/")[0] for name in names}
    assert {top for top in tops if not top.endswith(".dist-info")} == {"cite_sentinel"}
    assert _packages_in_the_checkout() <= set(names), "a package is missing from pyproject.toml"
    (entry_points,) = [name for name in names if name.endswith(".dist-info/entry_points.txt")]
    scripts = zipfile.ZipFile(wheel).read(entry_points).decode()
    assert "cite-sentinel = cite_sentinel.main:main" in scripts  # the program pipx puts on PATH
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--no-deps",
            "-q",
            "--target",
            str(target),
            str(wheel),
        ],
        check=True,
        capture_output=True,
        timeout=300,
    )
    probe = (
        "import sys; sys.path.insert(0, sys.argv[1]);"
        "import cite_sentinel.core, cite_sentinel.main, cite_sentinel.commands;"
        "import cite_sentinel.mcp.server, cite_sentinel.mcp.tools.find_work;"
        "print(cite_sentinel.core.__file__)"
    )
    run = subprocess.run(
        [sys.executable, "-c", probe, str(target)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert run.stdout.strip().startswith(str(target))
    _the_installed_commands_run(target, tmp_path)


def _the_installed_commands_run(target: Path, tmp_path: Path) -> None:
    """`ground` reads the scorer's fitted parameters shipped as package data; `check` reads."""
    program = "import sys; sys.path.insert(0, sys.argv[1]); from cite_sentinel.main import main;"
    program += "sys.exit(main(sys.argv[2:]))"
    line = {"id": 1, "claim": "Aspirin reduces the risk.", "evidence": "Aspirin reduced the risk."}
    ground = subprocess.run(
        [sys.executable, "-c", program, str(target), "ground", "-"],
        input=json.dumps(line) + "\n",
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert ground.returncode == 0, ground.stderr
    assert json.loads(ground.stdout)["relevance"] > 0.5
    bib = tmp_path / "refs.bib"
    bib.write_text("@misc{a, author = {Ann Smith}, title = {A Report}, year = 2020}\n")
    check = subprocess.run(
        [sys.executable, "-c", program, str(target), "check", "--offline", "--quiet", str(bib)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert "1 reference and 0 citations in 1 file" in check.stdout, check.stderr


def _packages_in_the_checkout() -> set[str]:
    """Every package's `__init__.py` as the wheel must hold it (pyproject's package-dir)."""
    folders = {"cli": "cite_sentinel", "core": "cite_sentinel/core",
               "filters": "cite_sentinel/filters", "lsp": "cite_sentinel/lsp",
               "mcp_server": "cite_sentinel/mcp"}  # fmt: skip
    return {
        f"{installed}/{init.relative_to(ROOT / folder).as_posix()}"
        for folder, installed in folders.items()
        for init in (ROOT / folder).rglob("__init__.py")
        if "__pycache__" not in init.parts
    }


def test_shipped_code_imports_only_the_standard_library_and_its_declared_dependencies() -> None:
    """Every module the wheel ships imports the standard library, cite_sentinel, a runtime
    dependency or an extra's (or what they install): never what only tests and benchmarks
    use (pypdf, bibtexparser), which `pip install cite-sentinel` does not install."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    extras = [e for name, e in project["optional-dependencies"].items() if name not in _UNSHIPPED]
    direct = {_distribution(d) for d in [*project["dependencies"], *(d for e in extras for d in e)]}
    installed = _with_their_requirements(direct)
    providers = importlib.metadata.packages_distributions()
    imported: dict[str, str] = {}
    for folder in ("cli", "core", "filters", "lsp", "mcp_server"):
        for module in (ROOT / folder).rglob("*.py"):
            for top in _imported_tops(module) - {"cite_sentinel", "__future__"}:
                if top not in sys.stdlib_module_names:
                    imported.setdefault(top, str(module.relative_to(ROOT)))
    undeclared = {
        top: module
        for top, module in imported.items()
        if not {_distribution(d) for d in providers.get(top, [top])} & installed
    }
    assert undeclared == {}, f"imported but not installed with cite-sentinel: {undeclared}"
    assert {"pypdf", "bibtexparser"}.isdisjoint(direct | set(imported))


def _with_their_requirements(names: set[str]) -> set[str]:
    """The distributions and, where installed here, every distribution they require."""
    found, todo = set(names), list(names)
    while todo:
        try:
            requires = importlib.metadata.requires(todo.pop()) or []
        except importlib.metadata.PackageNotFoundError:
            continue
        for requirement in requires:
            name = _distribution(requirement)
            if name not in found and "extra ==" not in requirement:
                found.add(name)
                todo.append(name)
    return found


def _distribution(requirement: str) -> str:
    """The distribution a requirement names, normalised as PyPI normalises names."""
    name = re.split(r"[\s\[<>=!~;]", requirement.strip(), maxsplit=1)[0]
    return re.sub(r"[-_.]+", "-", name).lower()


def _imported_tops(module: Path) -> set[str]:
    """The top-level names of every absolute import in a module, at any depth."""
    tree = ast.parse(module.read_text(encoding="utf-8"))
    tops: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            tops.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            tops.add(node.module.split(".")[0])
    return tops
