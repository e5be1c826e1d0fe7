"""CSL-JSON and CSL-YAML bibliographies (Zotero, pandoc) read with each item's place in the file."""

from __future__ import annotations

import bisect
import json
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import PurePath
from typing import Any

import yaml
from cite_sentinel.core.findings import RULES, Code
from cite_sentinel.core.model import Finding, Location, Read, Reference
from cite_sentinel.core.sources.csl_item import reference_from_item
from cite_sentinel.core.sources.surrogates import escapes_surrogates, whole_values
from yaml import MappingNode, Node, ScalarNode, SequenceNode

_JSON_HEAD = re.compile(r"\A[\s\ufeff]*(\[|\{)")
_CSL_KEYS = re.compile(r'"(?:title|author|issued|container-title|DOI|URL|editor)"\s*:')
_YAML_REFERENCES = re.compile(r"^references\s*:", re.MULTILINE)
_YAML_LIST_ID = re.compile(r"^-\s+id\s*:|^\s+id\s*:", re.MULTILINE)
_YAML_CSL_KEYS = re.compile(
    r"^[-\s]+(?:title|author|issued|type|container-title)\s*:", re.MULTILINE
)
_HEAD_CHARS = 8192
_LONGEST_INTEGER = 64  # digits
# A cite-sentinel JSON report: {"version": ..., "references": [...], "citations", "summary", ...}.
_REPORT_KEYS = frozenset({"version", "references", "citations", "summary"})
_REPORT_HEAD = re.compile(
    r'\A[\s\ufeff]*\{\s*"version"\s*:\s*(?:\d+|"[^"]*")\s*,\s*"references"\s*:'
)


def read_csl_json(text: str, path: str) -> Read:
    """References from a CSL-JSON file: an array of items (or one item, or {"items": [...]})."""
    lines = _Lines(text)
    text = text.replace("\ufeff", " ", 1) if text.startswith("\ufeff") else text
    try:
        data = json.loads(text, parse_int=_integer)
    except json.JSONDecodeError as error:
        return Read(findings=(_json_error(error, path),))
    except RecursionError:
        where = Location.point(path, 1, 1)
        return Read(findings=(_parse_error(where, "the JSON is nested too deeply to read", ""),))
    if _is_report(data):
        return Read()  # cite-sentinel's own JSON report saved under another name: no references
    if escapes_surrogates(text):
        data = whole_values(data)
    items, spans = _json_items(data, text)
    if items is None:
        message = f"the file holds {_kind(data)}, not a CSL-JSON bibliography"
        hint = "a CSL-JSON file is an array of objects with an id; export it again as CSL JSON"
        return Read(findings=(_parse_error(Location.point(path, 1, 1), message, hint),))
    entries = [
        _Entry(item, lines.span(path, span[0], span[1]), _json_key_span(text, span, lines, path))
        for item, span in zip(items, spans, strict=True)
    ]
    return _read_entries(entries, text, spans, path, "csl-json")


def read_csl_yaml(text: str, path: str, *, first_line: int = 1) -> Read:
    """References from CSL-YAML: a document with `references:` (pandoc, Zotero) or a bare list.

    `first_line` is where this text starts in its file, so front matter gets true lines.
    """
    offset = first_line - 1
    entries: list[_Entry] = []
    spans: list[tuple[int, int]] = []
    findings: list[Finding] = []
    escaped = escapes_surrogates(text)
    try:
        for document in yaml.compose_all(text, Loader=yaml.SafeLoader):
            for node in _item_nodes(document):
                try:
                    entry = _yaml_entry(node, path, offset, escaped)
                except (yaml.YAMLError, RecursionError, ValueError, TypeError) as error:
                    findings.append(_item_error(node, path, offset, error))
                    continue
                entries.append(entry)
                spans.append((node.start_mark.index, node.end_mark.index))
    except yaml.YAMLError as error:
        findings.append(_yaml_error(error, path, offset))
    except (RecursionError, ValueError, TypeError) as error:
        where = Location.point(path, first_line, 1)
        findings.append(_parse_error(where, f"the YAML cannot be read: {error}", ""))
    read = _read_entries(entries, text, spans, path, "csl-yaml")
    return Read(references=read.references, findings=tuple(findings) + read.findings)


def is_csl(text: str, path: str) -> bool:
    """Whether a JSON/YAML file looks like a CSL bibliography rather than foreign data."""
    suffix = PurePath(path).suffix.lower()
    head = text[:_HEAD_CHARS]
    if suffix == ".json":
        return _json_looks_csl(head)
    if suffix in {".yaml", ".yml"}:
        return _yaml_looks_csl(text)
    return _json_looks_csl(head) or _yaml_looks_csl(text)


@dataclass(frozen=True, slots=True)
class _Entry:
    """An item as parsed, with the span it came from."""

    item: object
    location: Location
    key_location: Location | None


class _Lines:
    """Offsets in the text to 1-based lines and columns (code points)."""

    def __init__(self, text: str, first_line: int = 1) -> None:
        self._starts = [0] + [match.end() for match in re.finditer(r"\n", text)]
        self._first = first_line

    def point(self, offset: int) -> tuple[int, int]:
        index = bisect.bisect_right(self._starts, offset) - 1
        return index + self._first, offset - self._starts[index] + 1

    def span(self, path: str, start: int, end: int) -> Location:
        line, column = self.point(start)
        end_line, end_column = self.point(end)
        return Location(path, line, column, end_line, end_column)


def _read_entries(
    entries: Sequence[_Entry], text: str, spans: Sequence[tuple[int, int]], path: str, form: str
) -> Read:
    references: list[Reference] = []
    findings: list[Finding] = []
    for entry, (start, end) in zip(entries, spans, strict=True):
        item = entry.item
        if not isinstance(item, Mapping):
            message = f"item is {_kind(item)}, not an object with an id"
            findings.append(_parse_error(entry.location, message, "make each item an object"))
            continue
        key = item.get("id")
        if key is None or isinstance(key, list | Mapping) or not str(key).strip():
            findings.append(_missing_id(entry.location, item))
            continue
        references.append(
            reference_from_item(
                {str(name): value for name, value in item.items()},
                location=entry.location,
                key_location=entry.key_location,
                raw=text[start:end],
                source_format=form,
            )
        )
    return Read(references=tuple(references), findings=tuple(findings))


# --- JSON ------------------------------------------------------------------------------------


def _json_items(data: object, text: str) -> tuple[list[object] | None, list[tuple[int, int]]]:
    """The items and their character spans, or None when this is no CSL-JSON shape."""
    if isinstance(data, list):
        return data, _array_spans(text)
    if isinstance(data, dict):
        for name in ("items", "references"):
            if isinstance(data.get(name), list):
                return data[name], _spans_by_id(text, data[name])
        if "id" in data and ("type" in data or "title" in data):
            start = text.index("{")
            return [data], [(start, len(text.rstrip()))]
    return None, []


def _array_spans(text: str) -> list[tuple[int, int]]:
    """Where each element of a valid top-level JSON array starts and ends."""
    decoder = json.JSONDecoder(parse_int=_integer)
    spans: list[tuple[int, int]] = []
    index = _skip_space(text, text.index("[") + 1)
    while index < len(text) and text[index] != "]":
        _, end = decoder.raw_decode(text, index)
        spans.append((index, end))
        index = _skip_space(text, end)
        if index < len(text) and text[index] == ",":
            index = _skip_space(text, index + 1)
    return spans


def _skip_space(text: str, index: int) -> int:
    while index < len(text) and text[index] in " \t\r\n":
        index += 1
    return index


def _spans_by_id(text: str, items: list[object]) -> list[tuple[int, int]]:
    """Spans of items found by their `"id"` in order, for arrays nested in an object."""
    spans: list[tuple[int, int]] = []
    index = 0
    for item in items:
        key = item.get("id") if isinstance(item, dict) else None
        match = None
        if isinstance(key, str | int):
            pattern = re.compile(r'"id"\s*:\s*' + re.escape(json.dumps(key, ensure_ascii=False)))
            match = pattern.search(text, index)
        if match is None:
            spans.append((index, index))
            continue
        start = text.rfind("{", 0, match.start())
        spans.append((start if start >= 0 else match.start(), match.end()))
        index = match.end()
    return spans


def _json_key_span(text: str, span: tuple[int, int], lines: _Lines, path: str) -> Location | None:
    match = re.compile(r'"id"\s*:\s*"?').search(text, span[0], max(span[1], span[0]))
    if match is None:
        return None
    start = match.end()
    end = start
    quoted = text[start - 1] == '"'
    while end < len(text) and (
        (quoted and text[end] != '"') or (not quoted and text[end] not in ",}\n ")
    ):
        end += 2 if text[end] == "\\" else 1
    return lines.span(path, start, min(end, len(text)))


def _integer(digits: str) -> int | str:
    """A JSON integer; a longer one than any CSL field holds stays text (Python refuses to
    convert more than 4,300 digits, and arithmetic on such numbers is slow)."""
    return int(digits) if len(digits) <= _LONGEST_INTEGER else digits


def _json_error(error: json.JSONDecodeError, path: str) -> Finding:
    where = Location.point(path, error.lineno, error.colno)
    message = f"invalid JSON: {error.msg}"
    return _parse_error(where, message, "fix the JSON syntax here; the rest of the file is unread")


def is_report_head(head: str) -> bool:
    """Whether a file's first characters are those of a cite-sentinel JSON report."""
    return _REPORT_HEAD.match(head) is not None


def _is_report(data: object) -> bool:
    """Whether parsed JSON is a cite-sentinel JSON report (core.report.json), not a bibliography."""
    return isinstance(data, dict) and data.keys() >= _REPORT_KEYS


def _json_looks_csl(head: str) -> bool:
    opening = _JSON_HEAD.match(head)
    if opening is None or is_report_head(head):
        return False
    body = head[opening.end() :].lstrip()
    if opening.group(1) == "[" and body.startswith("]"):
        return True
    if opening.group(1) == "{" and re.search(r'"(?:items|references)"\s*:\s*\[', head):
        return bool(_CSL_KEYS.search(head))
    return '"id"' in head and bool(_CSL_KEYS.search(head))


# --- YAML ------------------------------------------------------------------------------------


_TIMESTAMP = "tag:yaml.org,2002:timestamp"


def _dates_as_text(node: Node) -> None:
    """Keep YAML dates as text, so that `issued: 2020-02-30` cannot fail the whole file."""
    stack = [node]
    seen: set[int] = set()
    while stack:
        current = stack.pop()
        if id(current) in seen:
            continue  # an alias may make the graph cyclic
        seen.add(id(current))
        if isinstance(current, ScalarNode) and current.tag == _TIMESTAMP:
            current.tag = "tag:yaml.org,2002:str"
        elif isinstance(current, SequenceNode):
            stack.extend(current.value)
        elif isinstance(current, MappingNode):
            stack.extend(part for pair in current.value for part in pair)


def _item_nodes(document: Node) -> Iterator[Node]:
    if isinstance(document, MappingNode):
        for key, value in document.value:
            if isinstance(key, ScalarNode) and key.value == "references":
                if isinstance(value, SequenceNode):
                    yield from value.value
                return
        return
    if isinstance(document, SequenceNode):
        yield from document.value


def _yaml_entry(node: Node, path: str, offset: int, escaped: bool) -> _Entry:
    _dates_as_text(node)
    item = yaml.constructor.SafeConstructor().construct_object(node, deep=True)
    if escaped:
        item = whole_values(item)
    start, end = node.start_mark, node.end_mark
    location = Location(
        path, start.line + 1 + offset, start.column + 1, end.line + 1 + offset, end.column + 1
    )
    key_location = None
    if isinstance(node, MappingNode):
        for key, value in node.value:
            if isinstance(key, ScalarNode) and key.value == "id":
                begin, stop = value.start_mark, value.end_mark
                key_location = Location(
                    path,
                    begin.line + 1 + offset,
                    begin.column + 1,
                    stop.line + 1 + offset,
                    stop.column + 1,
                )
    return _Entry(item, location, key_location)


def _item_error(node: Node, path: str, offset: int, error: BaseException) -> Finding:
    """One item that cannot be built (an integer of 5,000 digits): the other items are read."""
    mark = node.start_mark
    where = Location.point(path, mark.line + 1 + offset, mark.column + 1)
    said = str(error).split(";")[0]
    return _parse_error(where, f"this item cannot be read: {said}", "correct or remove the item")


def _yaml_error(error: yaml.YAMLError, path: str, offset: int) -> Finding:
    mark = getattr(error, "problem_mark", None) or getattr(error, "context_mark", None)
    line, column = (mark.line + 1 + offset, mark.column + 1) if mark else (1 + offset, 1)
    problem = getattr(error, "problem", None) or str(error).splitlines()[0]
    where = Location.point(path, line, column)
    hint = "fix the YAML here (indentation, a missing colon, an unquoted `:` or `#`)"
    return _parse_error(where, f"invalid YAML: {problem}", hint)


def _yaml_looks_csl(text: str) -> bool:
    if _YAML_REFERENCES.search(text):
        return True
    return bool(_YAML_LIST_ID.search(text) and _YAML_CSL_KEYS.search(text)) and bool(
        re.search(r"^-\s", text, re.MULTILINE)
    )


# --- findings --------------------------------------------------------------------------------


def _parse_error(where: Location, message: str, hint: str) -> Finding:
    text = f"{message}; {hint}" if hint else message
    return Finding(
        code=Code.PARSE_ERROR,
        severity=RULES[Code.PARSE_ERROR].severity,
        message=text,
        location=where,
        hint=hint,
    )


def _missing_id(where: Location, item: Mapping[Any, Any]) -> Finding:
    title = str(item.get("title", ""))[:60]
    named = f' "{title}"' if title else ""
    hint = 'give it an "id" so that manuscripts can cite it'
    return Finding(
        code=Code.MISSING_FIELD,
        severity=RULES[Code.MISSING_FIELD].severity,
        message=f"item{named} has no id; {hint}",
        location=where,
        hint=hint,
    )


def _kind(value: object) -> str:
    names = {dict: "an object", list: "an array", str: "a string", bool: "a boolean"}
    return names.get(type(value), "a number" if isinstance(value, int | float) else "null")
