"""The pages, rendered on the server: the upload forms, a check, a batch, a message."""

from __future__ import annotations

from html import escape

from cite_sentinel.core import Code, Status, counted_as_accepted, verdict_words
from cite_sentinel.core.report import local_findings, summarize
from cite_sentinel.core.sources import SUFFIXES
from cite_sentinel.web.bundles import BUNDLE_SUFFIXES
from cite_sentinel.web.grounding import groundedness_section
from cite_sentinel.web.jobs import Batch, Check
from cite_sentinel.web.limits import Limits, megabytes
from cite_sentinel.web.rows import RANK, VERDICTS, place, reference_row, shown_path, verdict_badge

REPORTS = (("json", "JSON"), ("csv", "CSV"), ("md", "Markdown"), ("sarif", "SARIF"))


def layout(title: str, main: str, *, data: str = "", running: bool = False) -> str:
    """The page around `main`: a skip link, the heading bar, the style sheet and the script;
    a page of work `running`, without the script, reloads itself every few seconds."""
    reload = '<noscript><meta http-equiv="refresh" content="3"></noscript>' if running else ""
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        f'<meta name="viewport" content="width=device-width, initial-scale=1">{reload}'
        f"<title>{escape(title)} · cite-sentinel</title>"
        '<link rel="icon" href="data:,"><link rel="stylesheet" href="/static/page.css">'
        '<script src="/static/page.js" defer></script></head><body>'
        '<a class="skip" href="#main">Skip to the content</a>'
        '<header><a href="/" class="home">cite-sentinel</a> '
        "<span>checks every reference against the scholarly indexes</span></header>"
        f'<main id="main" tabindex="-1"{data}>{main}</main></body></html>'
    )


def index_page(limits: Limits, *, ground: bool, error: str = "") -> str:
    """The two forms: check one manuscript, or screen a batch of them."""
    kinds = ", ".join(sorted({*SUFFIXES, *BUNDLE_SUFFIXES}))
    alert = f'<p class="alert" role="alert">{escape(error)}</p>' if error else ""
    accept = ",".join(sorted({*SUFFIXES, *BUNDLE_SUFFIXES}))
    checked = " checked" if ground else ""
    return layout(
        "Check references",
        f"<h1>Check the references of a manuscript</h1>{alert}"
        '<form class="upload" method="post" action="/checks" enctype="multipart/form-data">'
        '<div class="drop" data-drop="files">'
        '<label for="files">PDFs, a bibliography (.bib, CSL-JSON), a Markdown, LaTeX or Typst '
        "manuscript with its bibliography, or a .zip or .tar.gz of them (an arXiv source)</label>"
        f'<input type="file" id="files" name="files" multiple accept="{accept}">'
        '<label for="folder">or a folder</label>'
        '<input type="file" id="folder" name="files" webkitdirectory multiple>'
        "<p>or drop files here</p></div>"
        '<label for="pasted">Or paste a reference list</label>'
        '<textarea id="pasted" name="pasted" rows="6"></textarea>'
        f'<label class="inline"><input type="checkbox" name="ground" value="1"{checked}> '
        "also judge whether each cited work supports the sentence citing it</label>"
        '<button type="submit">Check</button></form>'
        "<h2>Screen a batch of manuscripts</h2>"
        '<form class="upload" method="post" action="/batches" enctype="multipart/form-data">'
        '<div class="drop" data-drop="batch">'
        '<label for="batch">A .zip or .tar.gz of manuscripts (each folder or file at its top '
        "is one manuscript), or several files, one manuscript each</label>"
        f'<input type="file" id="batch" name="files" multiple accept="{accept}">'
        '<label for="batch-folder">or a folder of manuscripts</label>'
        '<input type="file" id="batch-folder" name="files" webkitdirectory multiple>'
        "<p>or drop them here</p></div>"
        '<button type="submit">Screen</button></form>'
        f'<p class="limits">Reads {escape(kinds)}. Up to {limits.files} files and '
        f"{megabytes(limits.upload_bytes)} an upload, {megabytes(limits.file_bytes)} a file. "
        "Uploads stay on this computer, in a temporary folder removed when the check is done; "
        "only the references go to the indexes.</p>",
    )


def message_page(title: str, message: str) -> str:
    return layout(
        title,
        f'<h1>{escape(title)}</h1><p class="alert" role="alert">{escape(message)}</p>'
        '<p><a href="/">Back to the upload</a></p>',
    )


def check_page(check: Check) -> str:
    """A check: progress and counts, filters, the references, downloads, groundedness."""
    done = "1" if check.done else "0"
    return layout(
        check.title,
        f"<h1>{escape(check.title)}</h1>"
        + _notes(check.notes)
        + progress_section(check)
        + downloads_section(check)
        + _controls()
        + '<table id="references" aria-describedby="keys"><caption>References, each with '
        "its verdict</caption><thead><tr>"
        '<th scope="col">#</th><th scope="col">Reference</th><th scope="col">Where</th>'
        '<th scope="col">Verdict</th><th scope="col">Accept</th></tr></thead>'
        f'<tbody id="rows">{rows_html(check)}</tbody></table>'
        + findings_section(check)
        + groundedness_part(check),
        data=f' data-check="{escape(check.id)}" data-done="{done}"',
        running=not check.done,
    )


def rows_html(check: Check) -> str:
    """Every reference of a finished check in the order read (none while it runs: the
    events bring them)."""
    result = check.result
    if result is None:
        return ""
    accepted = check.accepted | set(result.accepted)
    return "".join(
        reference_row(
            number,
            reference,
            result.verdict_for(reference),
            folder=check.folder,
            accepted=reference.key in accepted,
        )
        for number, reference in enumerate(result.references, 1)
    )


def progress_section(check: Check) -> str:
    counts = _counts(check)
    decided = sum(counts[status.value] for status in VERDICTS)
    total = check.total if check.total is not None else decided
    items = "".join(
        f"<li>{verdict_badge(status.value)} "
        f'<output data-count="{status.value}">{counts[status.value]}</output></li>'
        for status in VERDICTS
    )
    state = _state(check, decided, total)
    return (
        '<section id="progress-section" aria-label="Progress">'
        f'<progress id="progress" aria-label="references decided" max="{max(total, 1)}" '
        f'value="{decided if total else 0}">'
        f"</progress>"
        f'<p id="status" role="status" aria-live="polite">{escape(state)}</p>'
        f'<ul id="counts" class="counts">{items}</ul></section>'
    )


def _state(check: Check, decided: int, total: int) -> str:
    if check.failure:
        return check.failure
    if check.result is not None:
        summary = summarize(check.judged())
        accepted = f", {summary.accepted} accepted" if summary.accepted else ""
        return f"Done: {summary.total} references in {len(check.result.files)} files{accepted}."
    if check.total is None:
        return "Reading the files…"
    return f"{decided} of {total} references decided…"


def _counts(check: Check) -> dict[str, int]:
    if check.result is None:
        return {status.value: check.decided[status.value] for status in VERDICTS}
    summary = summarize(check.judged())
    return {
        Status.VERIFIED.value: summary.verified,
        Status.MISCITED.value: summary.miscited,
        Status.FABRICATED.value: summary.fabricated,
        Status.UNVERIFIED.value: summary.unverified,
    }


def downloads_section(check: Check) -> str:
    """The reports and corrected bibliographies, once the check is done."""
    if check.result is None:
        return '<section id="downloads" aria-label="Downloads" hidden></section>'
    reports = " ".join(
        f'<a href="report.{suffix}" download>{name} report</a>' for suffix, name in REPORTS
    )
    fixed = " ".join(
        f'<a href="fixed/{number}" download>corrected {escape(kept.name)}</a>'
        for number, kept in enumerate(check.kept)
    )
    return (
        '<section id="downloads" aria-label="Downloads"><h2>Download</h2>'
        f"<p>{reports}</p>"
        + (f"<p>{fixed}</p>" if fixed else "")
        + '<p><a href="allow.toml" download>allow list of the accepted references</a> '
        "(for .cite-sentinel.toml)</p></section>"
    )


def _controls() -> str:
    boxes = "".join(
        f'<label class="inline"><input type="checkbox" name="show" value="{status.value}" '
        f"checked> {verdict_badge(status.value)}</label>"
        for status in VERDICTS
    )
    return (
        '<section class="controls" aria-label="Filter and sort">'
        f"<fieldset><legend>Show</legend>{boxes}</fieldset>"
        '<label for="sort">Sort</label><select id="sort"><option value="order">as read</option>'
        '<option value="worst">worst first</option></select>'
        '<p id="keys" class="keys">Keys: <kbd>j</kbd> next reference, <kbd>k</kbd> previous, '
        "<kbd>a</kbd> accept or unaccept it, <kbd>e</kbd> open its evidence.</p></section>"
    )


def findings_section(check: Check) -> str:
    """Files that could not be read, and findings no verdict carries (syntax, keys)."""
    result = check.result
    if result is None:
        return '<section id="findings" hidden></section>'
    unread = [
        f for f in result.findings if f.code == Code.UNREADABLE_FILE
    ]  # said with why, as check says it
    others = [f for f in local_findings(result) if f.code != Code.UNREADABLE_FILE]
    if not unread and not others and not result.unreadable:
        return '<section id="findings" hidden></section>'
    lines = [
        f'<li class="alert" role="alert">{escape(_without_folder(f.message, check))}</li>'
        for f in unread
    ]
    said = {f.location.path for f in unread}
    lines += [
        f'<li class="alert" role="alert">could not read {escape(shown_path(path, check.folder))}'
        "</li>"
        for path in result.unreadable
        if path not in said
    ]
    lines += [
        f"<li>{escape(place(f.location, check.folder))}: {f.severity.value}: "
        f"{escape(_without_folder(f.message, check))}</li>"
        for f in others[:500]
    ]
    return (
        '<section id="findings" aria-label="Other findings"><h2>Other findings</h2>'
        f"<ul>{''.join(lines)}</ul></section>"
    )


def _without_folder(message: str, check: Check) -> str:
    """A core message names files by the server's folder; the page names them as uploaded."""
    return message.replace(f"{check.folder}/", "").replace(str(check.folder), ".")


def groundedness_part(check: Check) -> str:
    if check.result is None or not check.result.supports:
        return '<section id="groundedness" hidden></section>'
    return groundedness_section(check.result, check.folder)


def _notes(notes: tuple[str, ...]) -> str:
    if not notes:
        return ""
    items = "".join(f"<li>{escape(note)}</li>" for note in notes)
    return f'<ul class="notes" aria-label="Notes on the upload">{items}</ul>'


def batch_page(batch: Batch) -> str:
    """A batch: one row per manuscript, sortable, each opening its report."""
    done = "1" if batch.done else "0"
    headers = "".join(
        f'<th scope="col" aria-sort="none"><button type="button" data-sort="{key}">{name}'
        "</button></th>"
        for key, name in (
            ("name", "Manuscript"),
            ("state", "State"),
            ("references", "References"),
            *((status.value, status.value) for status in VERDICTS),
            ("worst", "Worst finding"),
        )
    )
    rows = "".join(manuscript_row(check) for check in batch.checks)
    finished = sum(1 for check in batch.checks if check.done)
    return layout(
        batch.title,
        f"<h1>{escape(batch.title)}</h1>"
        + _notes(batch.notes)
        + f'<progress id="progress" aria-label="manuscripts screened" '
        f'max="{max(len(batch.checks), 1)}" value="{finished}">'
        "</progress>"
        f'<p id="status" role="status" aria-live="polite">{finished} of {len(batch.checks)} '
        "manuscripts screened</p>"
        '<table id="manuscripts"><caption>One row per manuscript; each opens its report'
        f"</caption><thead><tr>{headers}</tr></thead>"
        f'<tbody id="rows">{rows}</tbody></table>',
        data=f' data-batch="{escape(batch.id)}" data-done="{done}"',
        running=not batch.done,
    )


def manuscript_row(check: Check) -> str:
    """A manuscript of a batch: its counts per verdict and its worst finding."""
    counts = _counts(check)
    total = len(check.result.references) if check.result is not None else 0
    state = "failed" if check.failure else "done" if check.result is not None else "waiting"
    worst = _worst(check, counts)
    cells = "".join(
        f'<td data-count="{status.value}">{counts[status.value]}</td>' for status in VERDICTS
    )
    return (
        f'<tr id="m-{escape(check.id)}" data-name="{escape(check.title)}" data-state="{state}" '
        f'data-references="{total}" data-worst="{RANK[worst] if worst else 9}">'
        f'<th scope="row"><a href="/checks/{escape(check.id)}/">{escape(check.title)}</a></th>'
        f"<td>{state}</td><td>{total}</td>{cells}"
        f"<td>{_worst_cell(check, worst)}</td></tr>"
    )


def _worst_cell(check: Check, worst: str) -> str:
    """The worst verdict and the first reference that got it (`fabricated: okafor2021`)."""
    if check.failure:
        return escape(check.failure)
    if not worst or check.result is None:
        return ""
    if worst == Status.VERIFIED.value:
        return "none: every reference verified"
    result = check.judged()
    keys = [
        reference.key
        for reference in result.references
        if (verdict := result.verdict_for(reference)) is not None
        and not counted_as_accepted(result, verdict)
        and worst in verdict_words(verdict)
    ]
    more = f" and {len(keys) - 1} more" if len(keys) > 1 else ""
    return f"{verdict_badge(worst)} {escape(keys[0]) if keys else ''}{more}"


def _worst(check: Check, counts: dict[str, int]) -> str:
    if check.result is None:
        return ""
    summary = summarize(check.judged())
    found = [word for word, count in counts.items() if count]
    if summary.retracted:
        found.append("retracted")
    return min(found, key=lambda word: RANK[word], default="")
