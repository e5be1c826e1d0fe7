"""Reports go where asked, whole or not at all, coloured only for a person."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from cite_sentinel.core import InputError
from cite_sentinel.report_output import use_color, write_atomically, write_stdout


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_colour_on_a_terminal_only() -> None:
    assert use_color(_Terminal(), {}, no_color=False)
    assert not use_color(io.StringIO(), {}, no_color=False)


def test_no_color_variable_and_flag_turn_colour_off() -> None:
    assert not use_color(_Terminal(), {"NO_COLOR": "1"}, no_color=False)
    assert not use_color(_Terminal(), {}, no_color=True)
    assert not use_color(_Terminal(), {"FORCE_COLOR": "1"}, no_color=True)


def test_force_color_colours_a_pipe() -> None:
    assert use_color(io.StringIO(), {"FORCE_COLOR": "1"}, no_color=False)


def test_the_report_file_is_replaced_whole_and_no_temporary_file_stays(tmp_path: Path) -> None:
    target = tmp_path / "report.json"
    target.write_text("old")
    write_atomically(target, '{"version": 1}\n')
    assert target.read_text() == '{"version": 1}\n'
    assert [p.name for p in tmp_path.iterdir()] == ["report.json"]


def test_a_missing_folder_is_made_as_ci_tools_do(tmp_path: Path) -> None:
    write_atomically(tmp_path / "reports" / "ci" / "report.md", "x")
    assert (tmp_path / "reports" / "ci" / "report.md").read_text() == "x"


def test_a_folder_that_cannot_be_made_is_an_input_error_naming_it(tmp_path: Path) -> None:
    (tmp_path / "refs.bib").write_text("@article{a}")
    with pytest.raises(InputError, match=r"cannot make the folder .*refs\.bib"):
        write_atomically(tmp_path / "refs.bib" / "report.md", "x")


def test_a_report_written_through_a_link_keeps_the_link(tmp_path: Path) -> None:
    (tmp_path / "latest.sarif").write_text("old")
    (tmp_path / "report.sarif").symlink_to(tmp_path / "latest.sarif")
    write_atomically(tmp_path / "report.sarif", "new")
    assert (tmp_path / "report.sarif").is_symlink()
    assert (tmp_path / "latest.sarif").read_text() == "new"


def test_writing_over_a_folder_fails_cleanly(tmp_path: Path) -> None:
    (tmp_path / "out").mkdir()
    with pytest.raises(InputError, match="cannot write"):
        write_atomically(tmp_path / "out", "x")
    assert [p.name for p in tmp_path.iterdir()] == ["out"]


def test_stdout_that_cannot_encode_gets_utf8_reports_and_marked_text() -> None:
    sink = io.BytesIO()
    legacy = io.TextIOWrapper(sink, encoding="ascii")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("sys.stdout", legacy)
        write_stdout('{"title": "Über"}\n', machine=True)
        write_stdout("Müller: year cited 1993\n", machine=False)
    legacy.flush()
    assert sink.getvalue() == '{"title": "Über"}\n'.encode() + b"M?ller: year cited 1993\n"
