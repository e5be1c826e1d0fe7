"""The progress bar shows only for a person watching a long enough run."""

from __future__ import annotations

import io

from cite_sentinel.progress import ProgressDisplay, wants_progress
from rich.console import Console


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_no_bar_in_ci_when_piped_or_quiet() -> None:
    assert wants_progress(_Terminal(), {}, quiet=False)
    assert not wants_progress(_Terminal(), {"CI": "true"}, quiet=False)
    assert not wants_progress(io.StringIO(), {}, quiet=False)
    assert not wants_progress(_Terminal(), {}, quiet=True)


def _console() -> tuple[Console, io.StringIO]:
    sink = io.StringIO()
    return Console(file=sink, force_terminal=True, width=80), sink


def test_a_long_run_draws_a_bar_that_goes_away() -> None:
    console, sink = _console()
    with ProgressDisplay(console, enabled=True) as progress:
        for done in range(21):
            progress(done, 20)
    assert "verifying references" in sink.getvalue()


def test_a_short_run_or_a_disabled_display_draws_nothing() -> None:
    console, sink = _console()
    with ProgressDisplay(console, enabled=True) as progress:
        progress(1, 3)
    with ProgressDisplay(console, enabled=False) as progress:
        progress(1, 50)
    assert sink.getvalue() == ""


def test_ci_services_that_set_ci_to_1_get_no_bar_either() -> None:
    assert not wants_progress(_Terminal(), {"CI": "1"}, quiet=False)
    assert not wants_progress(_Terminal(), {"CI": "True"}, quiet=False)
    assert wants_progress(_Terminal(), {"CI": "false"}, quiet=False)
