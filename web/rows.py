"""One reference as a table row: as printed, where, its verdict with the reason, what each
index answered, the record found with links, and the fields a miscitation gets wrong."""

from __future__ import annotations

from html import escape
from pathlib import Path

from cite_sentinel.core import Flag, Location, Record, Reference, SourceStatus, Status, Verdict

# Worst first: how the page sorts and which verdict a batch row names.
RANK = {
    Status.FABRICATED.value: 0,
    Flag.RETRACTED.value: 1,
    Status.MISCITED.value: 2,
    Status.UNVERIFIED.value: 3,
    Status.VERIFIED.value: 4,
    "pending": 5,
}
VERDICTS = (Status.VERIFIED, Status.MISCITED, Status.FABRICATED, Status.UNVERIFIED)


def reference_row(
    number: int,
    reference: Reference,
    verdict: Verdict | None,
    *,
    folder: Path,
    accepted: bool,
) -> str:
    """The row of one reference (`number` its place as read: the order to sort back to)."""
    word = verdict.status.value if verdict else "pending"
    worst = Flag.RETRACTED.value if verdict and Flag.RETRACTED in verdict.flags else word
    key = escape(reference.key)
    return (
        f'<tr id="ref-{number}" class="reference" tabindex="-1" data-key="{key}" '
        f'data-verdict="{word}" data-rank="{RANK[worst]}" data-order="{number}"'
        f"{' data-accepted' if accepted else ''}>"
        f'<td class="number">{number}</td>'
        f"<td>{_printed(reference)}</td>"
        f'<td class="where">{escape(place(reference.key_location or reference.location, folder))}'
        "</td>"
        f"<td>{_verdict(verdict)}{_evidence(verdict)}</td>"
        f"<td>{_accept_button(reference.key, accepted)}</td>"
        "</tr>"
    )


def place(location: Location, folder: Path) -> str:
    """Where a reference is written, its file named inside the upload: `refs.bib:12`, or
    `paper.pdf p3 [12]` in a PDF."""
    name = shown_path(location.path, folder)
    if location.page:
        label = f" {location.label}" if location.label else ""
        return f"{name} p{location.page}{label}"
    return f"{name}:{location.line}"


def shown_path(path: str, folder: Path) -> str:
    """A file of an upload named as the person uploaded it, not by the server's folder."""
    try:
        return Path(path).relative_to(folder).as_posix()
    except ValueError:
        return Path(path).name


def verdict_badge(word: str) -> str:
    """A verdict word in its colour: the word is always written, the colour only adds to it."""
    return f'<span class="verdict v-{escape(word)}">{escape(word)}</span>'


def _printed(reference: Reference) -> str:
    people = ", ".join(person.display for person in reference.people[:3])
    if reference.others or len(reference.people) > 3:
        people += " et al."
    parts = [
        f"<strong>{escape(reference.key)}</strong>",
        escape(people),
        f"({reference.year})" if reference.year else "",
        f"<cite>{escape(reference.title)}</cite>." if reference.title else "",
        f"<em>{escape(reference.venue)}</em>" if reference.venue else "",
    ]
    shown = " ".join(part for part in parts if part)
    raw = reference.raw.strip()
    if raw:
        shown += (
            f'<details class="raw"><summary>as written</summary><pre>{escape(raw[:4000])}</pre>'
            "</details>"
        )
    return shown


def _verdict(verdict: Verdict | None) -> str:
    if verdict is None:
        return verdict_badge("pending")
    flags = "".join(f" {verdict_badge(flag.value)}" for flag in verdict.flags)
    reason = f'<p class="reason">{escape(verdict.reason)}</p>' if verdict.reason else ""
    confidence = f' <span class="confidence">confidence {verdict.confidence:.2f}</span>'
    return verdict_badge(verdict.status.value) + flags + confidence + reason


def _evidence(verdict: Verdict | None) -> str:
    if verdict is None:
        return ""
    parts = []
    if verdict.problems:
        rows = "".join(
            f"<tr><th scope=row>{escape(p.field)}</th><td>{escape(p.cited)}</td>"
            f"<td>{escape(p.found)}</td></tr>"
            for p in verdict.problems
        )
        parts.append(
            '<table class="problems"><caption>What differs</caption><thead><tr>'
            '<th scope="col">field</th><th scope="col">cited</th><th scope="col">found</th>'
            f"</tr></thead><tbody>{rows}</tbody></table>"
        )
    if verdict.match is not None:
        parts.append(_record(verdict.match, "Record found"))
    if verdict.published is not None:
        parts.append(_record(verdict.published, "Published version"))
    if verdict.sources:
        answered = "".join(
            f"<li>{escape(s.name)}: {_source_word(s.status)}"
            f"{': ' + escape(s.reason) if s.reason else ''}</li>"
            for s in verdict.sources
        )
        parts.append(f'<div class="sources">What each index answered<ul>{answered}</ul></div>')
    if not parts:
        return ""
    return f'<details class="evidence"><summary>evidence</summary>{"".join(parts)}</details>'


def _source_word(status: SourceStatus) -> str:
    return {"answered": "answered", "failed": "did not answer", "skipped": "not asked"}.get(
        status.value, status.value
    )


def _record(record: Record, heading: str) -> str:
    people = ", ".join(person.display for person in record.people[:6])
    if len(record.people) > 6:
        people += " et al."
    details = " · ".join(
        escape(part)
        for part in (people, str(record.year or ""), record.venue, record.pages)
        if part
    )
    links = " ".join(
        f'<a href="{escape(url)}" rel="noreferrer noopener" target="_blank">{escape(name)}</a>'
        for name, url in record_links(record)
    )
    return (
        f'<div class="record"><span class="heading">{heading} ({escape(record.source)})</span> '
        f"<cite>{escape(record.title)}</cite> {details} {links}</div>"
    )


def record_links(record: Record) -> list[tuple[str, str]]:
    """Links to the record: its DOI, its arXiv page, its OpenAlex page, its own URL."""
    links = []
    ids = record.identifiers
    if ids.doi:
        links.append((f"doi:{ids.doi}", f"https://doi.org/{ids.doi}"))
    if ids.arxiv:
        links.append((f"arXiv:{ids.arxiv}", f"https://arxiv.org/abs/{ids.arxiv}"))
    if record.source == "openalex" and record.id:
        work = record.id.rsplit("/", 1)[-1]
        links.append(("OpenAlex", f"https://openalex.org/{work}"))
    web = record.url.startswith(("https://", "http://"))
    if web and all(record.url != url for _, url in links):
        links.append(("link", record.url))
    return links


def _accept_button(key: str, accepted: bool) -> str:
    """A form of its own, so accepting works without the script; the script sends it itself."""
    label = "Accepted" if accepted else "Accept"
    return (
        '<form method="post" action="accept" class="accept">'
        f'<input type="hidden" name="key" value="{escape(key)}">'
        f'<input type="hidden" name="accepted" value="{"0" if accepted else "1"}">'
        f'<button type="submit" aria-pressed="{"true" if accepted else "false"}">{label}</button>'
        "</form>"
    )
