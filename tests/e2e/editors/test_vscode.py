"""The VS Code extension compiles and packages to a .vsix, and a compile error stops packaging."""

from __future__ import annotations

import os
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[3]
EXTENSION = ROOT / "editors" / "vscode"
VSIX = "cite-sentinel.vsix"
OFFLINE = ("ENOTFOUND", "EAI_AGAIN", "ECONNREFUSED", "ETIMEDOUT", "ENETUNREACH", "ECONNRESET")


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the extension with `npm ci` done, or a skip saying what is missing."""
    npm = shutil.which("npm")
    if npm is None or shutil.which("node") is None:
        pytest.skip("Node.js and npm are not installed (Node 20 packages with @vscode/vsce 3.9)")
    folder = tmp_path_factory.mktemp("vscode") / "extension"
    shutil.copytree(
        EXTENSION, folder, ignore=shutil.ignore_patterns("node_modules", "out", "*.vsix")
    )
    done = _npm(folder, "ci", "--prefer-offline", "--no-audit", "--no-fund")
    if done.returncode != 0 and any(code in done.stdout + done.stderr for code in OFFLINE):
        pytest.skip(f"the npm registry is unreachable: {done.stderr.strip()[-300:]}")
    assert done.returncode == 0, done.stdout + done.stderr
    return folder


def test_npm_run_package_builds_a_vsix_with_the_compiled_extension(installed: Path) -> None:
    done = _npm(installed, "run", "package")
    assert done.returncode == 0, done.stdout + done.stderr
    with zipfile.ZipFile(installed / VSIX) as vsix:
        names = set(vsix.namelist())
    assert "extension/out/extension.js" in names
    assert "extension/package.json" in names
    assert "extension/node_modules/vscode-languageclient/package.json" in names
    assert not any(name.endswith(".ts") for name in names)


def test_a_typescript_error_stops_npm_run_package(installed: Path, tmp_path: Path) -> None:
    broken = _broken_copy(installed, tmp_path)
    done = _npm(broken, "run", "package")
    assert done.returncode != 0
    assert "error TS" in done.stdout + done.stderr
    assert not (broken / VSIX).exists()


def test_a_typescript_error_stops_vsce_package_run_directly(
    installed: Path, tmp_path: Path
) -> None:
    broken = _broken_copy(installed, tmp_path)
    done = subprocess.run(
        [str(broken / "node_modules" / ".bin" / "vsce"), "package", "--out", VSIX],
        cwd=broken,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode != 0
    assert "error TS" in done.stdout + done.stderr
    assert not (broken / VSIX).exists()


def _broken_copy(installed: Path, tmp_path: Path) -> Path:
    """The extension with one type error, sharing the installed node_modules."""
    broken = tmp_path / "extension"
    shutil.copytree(
        installed, broken, ignore=shutil.ignore_patterns("node_modules", "out", "*.vsix")
    )
    (broken / "node_modules").symlink_to(installed / "node_modules", target_is_directory=True)
    (broken / "src" / "broken.ts").write_text(
        'export const port: number = "not a number";\n', encoding="utf-8"
    )
    return broken


def _npm(folder: Path, *arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["npm", *arguments],
        cwd=folder,
        env={**os.environ, "npm_config_update_notifier": "false"},
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
