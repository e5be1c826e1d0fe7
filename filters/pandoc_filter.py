"""The Pandoc filter: collect Cite elements, check once, rewrite them in the chosen style.

panflute's shape (prepare, finalize, `main(doc=None)`), so a test can pass a document built
in Python; without one, pandoc's JSON comes on stdin and goes back on stdout, which therefore
carries nothing else. Cite elements are found and replaced by filters.cites, not by `walk`.
"""

from __future__ import annotations

import asyncio
import datetime
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import panflute as pf
from cite_sentinel.core import (
    CheckResult,
    CheckSession,
    Citation,
    CiteSentinelError,
    Config,
    Read,
    Verifier,
    configured,
    load_config,
)
from cite_sentinel.filters.bibliography import document_read
from cite_sentinel.filters.cites import find_cites, replace_cites
from cite_sentinel.filters.collect import DOCUMENT, CiteGroup, collect
from cite_sentinel.filters.correct import correct
from cite_sentinel.filters.groundedness import badges, grounded, supports_by_citation
from cite_sentinel.filters.nocite import nocite_citations
from cite_sentinel.filters.reflist import add_reference_list
from cite_sentinel.filters.rendering import rendering_for
from cite_sentinel.filters.rewrite import rewrite
from cite_sentinel.filters.scope import cited_keys, narrowed, select_cited
from cite_sentinel.filters.settings import PREFIX, FilterSettings, Style, is_html, read_settings
from cite_sentinel.filters.summary import TAG, failed_keys, failure_message, summary_lines

if TYPE_CHECKING:  # core.ground loads only in a build that asks for badges
    from cite_sentinel.core.ground import Scorer

VerifierFactory = Callable[[bool], Verifier]  # offline → a stand-in for the engine (tests)


class BuildFailed(CiteSentinelError):
    """A verdict named by `cite-sentinel-fail-on` was reached; the message says which."""


def main(
    doc: pf.Doc | None = None,
    *,
    verifier: VerifierFactory | None = None,
    config: Config | None = None,
    cwd: Path | None = None,
    today: datetime.date | None = None,
    notify: Callable[[str], None] | None = None,
    pandoc: str | None = None,
    scorer: Scorer | None = None,
) -> pf.Doc | None:
    """Run the filter on `doc`, or on pandoc's JSON from stdin when `doc` is None.

    `scorer` judges groundedness when the metadata asks for badges (default: local).
    """
    run = _Run(
        verifier=verifier,
        config=config,
        cwd=cwd or Path.cwd(),
        today=(today or datetime.date.today()).isoformat(),
        notify=notify or _to_stderr,
        pandoc=pandoc,
        scorer=scorer,
    )
    result: pf.Doc | None = pf.run_filters([], prepare=run.prepare, finalize=run.finalize, doc=doc)
    return result


class _Run:
    """One build: what prepare learns from the metadata, what finalize finds and rewrites."""

    def __init__(
        self,
        *,
        verifier: VerifierFactory | None,
        config: Config | None,
        cwd: Path,
        today: str,
        notify: Callable[[str], None],
        pandoc: str | None,
        scorer: Scorer | None = None,
    ) -> None:
        self._scorer = scorer
        self._verifier = verifier
        self._config = config
        self._cwd = cwd
        self._today = today
        self._notify = notify
        self._pandoc = pandoc
        self._settings: FilterSettings | None = None

    def prepare(self, doc: pf.Doc) -> None:
        offline = os.environ.get("CITE_SENTINEL_OFFLINE", "").lower() in {"1", "true", "yes"}
        self._settings = read_settings(_lookup(doc), doc.format or "html", offline=offline)

    def finalize(self, doc: pf.Doc) -> None:
        settings = self._settings
        assert settings is not None, "prepare runs first"
        found = find_cites(doc)
        groups = collect(found)
        nocite = nocite_citations(doc)
        config = self._config or configured(load_config(self._cwd), os.environ)
        result = self._check(doc, groups, nocite, settings, config)
        for line in summary_lines(result, offline=settings.offline):
            self._notify(line)
        rendered = result  # as the document shows it: corrected where the metadata asks
        if settings.correct:
            correction = correct(doc, result)
            rendered = correction.result
            if correction.miscited:
                keys = ", ".join(correction.miscited)
                self._notify(f"[INFO] {TAG}: corrected the metadata of {keys} from the indexes")
        rendering = rendering_for(
            settings.style,
            doc.format or "html",
            groups,
            rendered,
            self._today,
            nocite=[citation.key for citation in nocite],
            link_citations=settings.link_citations,
            listed=not settings.suppress_bibliography,
            unanchored={
                group.group
                for entry, group in zip(found, groups, strict=True)
                if not entry.where.anchored
            },
            marking=settings.marking,
        )
        supports = (
            supports_by_citation(result)
            if settings.groundedness and is_html(doc.format or "html")
            else {}
        )
        replace_cites(
            found,
            {
                id(entry.cite): rewrite(entry.cite, group, rendering, entry.where)
                + ([] if entry.where.image else badges(group.citations, supports))
                for entry, group in zip(found, groups, strict=True)
            },
        )
        if rendering.listed or settings.style is Style.NONE:
            add_reference_list(doc, rendering)
        if settings.report:
            from cite_sentinel.filters.report_section import report_blocks  # its own cost

            doc.content.extend(report_blocks(result, self._pandoc))
        self._fail(result, settings, config)

    def _fail(self, result: CheckResult, settings: FilterSettings, config: Config) -> None:
        """Fail the build on the verdicts `cite-sentinel-fail-on` names, else on those the
        configuration's `fail-on` names (core.failing decides which fail)."""
        if settings.fail_on is not None:
            fail_on, named_by = settings.fail_on, f"{PREFIX}fail-on"
        else:
            fail_on, named_by = (
                frozenset(config.fail_on),
                f"fail-on in {config.origin_of('fail_on')}",
            )
        failed = failed_keys(result, fail_on)
        if failed:
            raise BuildFailed(failure_message(failed, fail_on, named_by))

    def _check(
        self,
        doc: pf.Doc,
        groups: tuple[CiteGroup, ...],
        nocite: tuple[Citation, ...],
        settings: FilterSettings,
        config: Config,
    ) -> CheckResult:
        citations = [citation for group in groups for citation in group.citations]
        read = document_read(_lookup(doc), [*citations, *nocite], self._cwd)
        if settings.offline and read.references and "CITE_SENTINEL_QUIET" not in os.environ:
            self._notify(
                f"[INFO] {TAG}: offline: answers come from the cache only; what it lacks "
                "stays unverified"
            )
        stand_in = self._verifier(settings.offline) if self._verifier is not None else None
        session = CheckSession(config, os.environ, offline=settings.offline, verifier=stand_in)
        ground = settings.groundedness
        return asyncio.run(_checked(session, read, ground=ground, scorer=self._scorer))


async def _checked(
    session: CheckSession, read: Read, *, ground: bool, scorer: Scorer | None
) -> CheckResult:
    """Only what the document cites is verified and told: see filters.scope. The build's one
    engine is made on its first verification (a build without references never pays)."""
    keys = cited_keys(read.citations)
    async with session:
        result = await session.check([], reads={DOCUMENT: read}, select=select_cited(keys))
    result = narrowed(result, keys)
    return await grounded(result, scorer) if ground else result


def _lookup(doc: pf.Doc) -> Callable[[str], object]:
    def lookup(key: str) -> object:
        return doc.get_metadata(key, default=None, builtin=True)

    return lookup


def _to_stderr(line: str) -> None:
    print(line, file=sys.stderr, flush=True)
