"""The VS Code extension: its settings reach the server, it finds the server, and it packages."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest
from cite_sentinel.core import Severity
from cite_sentinel.lsp.config import grounding_on, settings_for

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


@pytest.fixture(scope="module")
def compiled(installed: Path) -> Path:
    """The installed copy after `npm run compile`: out/ holds the JavaScript."""
    done = _npm(installed, "run", "compile")
    assert done.returncode == 0, done.stdout + done.stderr
    return installed


def test_vscode_settings_reach_the_server_under_the_names_it_reads(compiled: Path) -> None:
    chosen = {
        "verify": False,
        "offline": True,
        "mailto": "me@example.org",
        "backends": ["crossref"],
        "severity": {"unused-entry": "off", "miscited": "error"},
        "groundedness": True,
        "scorer": "anthropic",
        "fulltext": "papers",
        "accept": ["smith2020"],
    }
    sent = _node(
        compiled,
        "const {serverSettings} = require('./out/settings.js');"
        "const chosen = JSON.parse(process.argv[1]);"
        "const configuration = {get: (key, fallback) => key in chosen ? chosen[key] : fallback};"
        "console.log(JSON.stringify(serverSettings(configuration)));",
        json.dumps(chosen),
    )
    settings = settings_for(None, {"cite-sentinel": json.loads(sent)})
    assert (settings.verify, settings.offline, settings.ground) == (False, True, True)
    assert settings.mailto == "me@example.org"
    assert settings.backends == ("crossref",)
    assert settings.accept == ("smith2020",)
    assert (settings.scorer, settings.fulltext) == ("anthropic", "papers")
    assert settings.severities == {"unused-entry": None, "miscited": Severity.ERROR}


def test_an_unset_groundedness_setting_leaves_the_config_file_in_charge(
    compiled: Path, tmp_path: Path
) -> None:
    (tmp_path / ".cite-sentinel.toml").write_text("[ground]\nenabled = true\n", "utf-8")
    sent = _node(
        compiled,
        "const {serverSettings} = require('./out/settings.js');"
        "const manifest = require('./package.json').contributes.configuration.properties;"
        "const fallbackOf = (key) => manifest['cite-sentinel.' + key].default;"
        "console.log(JSON.stringify(serverSettings({get: (key) => fallbackOf(key)})));",
    )
    assert grounding_on(settings_for(tmp_path, {"cite-sentinel": json.loads(sent)}))


def test_vscode_contributes_a_setting_for_each_server_option(compiled: Path) -> None:
    manifest = json.loads((compiled / "package.json").read_text(encoding="utf-8"))
    contributed = set(manifest["contributes"]["configuration"]["properties"])
    sent = _node(
        compiled,
        "const {serverSettings} = require('./out/settings.js');"
        "console.log(JSON.stringify(serverSettings({get: (key, fallback) => fallback})));",
    )
    named = {"ground": "groundedness"}  # the setting's name where it differs from the option's
    options = {f"cite-sentinel.{named.get(key, key)}" for key in json.loads(sent)}
    assert contributed == options | {"cite-sentinel.server.path"}


def test_vscode_finds_the_server_on_path(compiled: Path, tmp_path: Path) -> None:
    program = tmp_path / "bin" / "cite-sentinel"
    program.parent.mkdir()
    program.write_text("#!/bin/sh\n", encoding="utf-8")
    program.chmod(0o755)
    path = os.pathsep.join([str(tmp_path / "empty"), str(program.parent)])
    assert _find_server(compiled, "", path) == str(program)


def test_vscode_refuses_a_configured_server_that_is_not_executable(
    compiled: Path, tmp_path: Path
) -> None:
    configured = tmp_path / "cite-sentinel"
    configured.write_text("not a program\n", encoding="utf-8")
    assert _find_server(compiled, str(configured), "") == "none"


def test_vscode_finds_no_server_when_none_is_on_path(compiled: Path, tmp_path: Path) -> None:
    assert _find_server(compiled, "", str(tmp_path)) == "none"


def _find_server(compiled: Path, configured: str, path: str) -> str:
    return _node(
        compiled,
        "const {findServer} = require('./out/serverCommand.js');"
        "console.log(findServer(process.argv[1], {PATH: process.argv[2]}) ?? 'none');",
        configured,
        path,
    )


def _node(folder: Path, script: str, *arguments: str) -> str:
    done = subprocess.run(
        ["node", "-e", script, *arguments],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


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
