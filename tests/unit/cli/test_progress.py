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


class _Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_off_a_terminal_a_long_run_prints_a_line_every_few_seconds() -> None:
    sink = io.StringIO()
    clock = _Clock()
    console = Console(file=sink, width=80)
    with ProgressDisplay(console, enabled=False, lines=True, every=5.0, clock=clock) as progress:
        for done in range(0, 1000, 10):
            clock.now = done / 10  # ten references a second: 100 s in all
            progress(done, 1000)
    lines = sink.getvalue().splitlines()
    assert len(lines) == 19  # at 5, 10, … 95 s; none at the start
    assert lines[0] == "cite-sentinel: verifying references: 50/1000 (5%)"


def test_a_run_shorter_than_the_interval_prints_no_line() -> None:
    sink = io.StringIO()
    clock = _Clock()
    console = Console(file=sink, width=80)
    with ProgressDisplay(console, enabled=False, lines=True, every=5.0, clock=clock) as progress:
        for done in range(31):
            clock.now = done / 10
            progress(done, 30)
    assert sink.getvalue() == ""


def test_a_long_wait_without_news_still_prints_a_line_every_few_seconds() -> None:
    sink = io.StringIO()
    clock = _Clock()
    console = Console(file=sink, width=80)
    with ProgressDisplay(console, enabled=False, lines=True, every=5.0, clock=clock) as progress:
        progress(0, 400)  # the identifiers are being looked up: nothing decided for a while
        for second in range(1, 13):
            clock.now = float(second)
            progress.tick()
    assert sink.getvalue().splitlines() == [
        "cite-sentinel: verifying references: 0/400 (0%)",
        "cite-sentinel: verifying references: 0/400 (0%)",
    ]


def test_a_run_that_printed_a_line_ends_with_one_at_a_hundred_percent() -> None:
    sink = io.StringIO()
    clock = _Clock()
    console = Console(file=sink, width=80)
    with ProgressDisplay(console, enabled=False, lines=True, every=5.0, clock=clock) as progress:
        progress(0, 6315)
        clock.now = 5.0
        progress(9, 6315)  # reading and the first look-ups took the first seconds
        clock.now = 6.5
        for done in range(10, 6316):
            progress(done, 6315)  # then every verdict came at once
        progress(6315, 6315)
    assert sink.getvalue().splitlines() == [
        "cite-sentinel: verifying references: 9/6315 (0%)",
        "cite-sentinel: verifying references: 6315/6315 (100%)",
    ]
