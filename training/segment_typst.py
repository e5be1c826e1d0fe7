"""A training document typeset by Typst: the blocks go in as JSON data, so that no string of
a reference is ever read as markup, and the template lays them out as the Layout says."""

from __future__ import annotations

import json
import re
import tempfile
from dataclasses import asdict
from pathlib import Path

from training.segment_documents import RULE, Document

_TEMPLATE = r"""
#let d = json("doc.json")
#let l = d.layout
#set page(paper: l.paper, columns: l.columns, numbering: "1",
  header: if l.header != "" { align(right, text(size: 8pt, l.header)) } else { none })
#set text(size: l.size * 1pt, hyphenate: l.hyphenate, lang: "en")
#set par(justify: l.justify)
#set par.line(numbering: if l.line_numbers { "1" } else { none })
#show heading: set block(above: 1.2em, below: 0.8em)
#set math.equation(numbering: "(1)")
#let mark(person) = {
  let m = person.match(regex("^(.*?)(\d[\d,]*)$"))
  if m == none { person } else { m.captures.at(0); super(m.captures.at(1)) }
}
#for b in d.blocks {
  if b.kind == "title" {
    align(center, text(size: l.size * 1.6pt, weight: "bold", b.text))
  } else if b.kind == "authors" {
    align(center, text(size: l.size * 1.1pt, b.text))
  } else if b.kind == "heading" or b.kind == "list-heading" {
    block(above: 1.3em, below: 0.8em, text(size: l.size * 1.2pt, weight: "bold", b.text))
  } else if b.kind == "para" {
    if b.rows.len() > 0 { par(first-line-indent: 1em, [#b.text#footnote(b.rows.at(0))]) }
    else { par(first-line-indent: 1em, b.text) }
  } else if b.kind == "caption" {
    align(center, block(width: 90%, {
      rect(width: 70%, height: 3em, stroke: 0.5pt)
      align(left, text(size: l.size * 0.9pt, b.text))
    }))
  } else if b.kind == "table" {
    align(center, block(width: 90%, {
      align(left, text(size: l.size * 0.9pt, b.text))
      for row in b.rows { block(above: 0.3em, below: 0.3em, row) }
    }))
  } else if b.kind == "equation" {
    math.equation(block: true, eval(b.text, mode: "math"))
  } else if b.kind == "code" {
    block(above: 0.8em, below: 0.8em, text(size: l.size * 0.85pt, font: "DejaVu Sans Mono",
      b.rows.map(r => block(above: 0.25em, below: 0.25em, r)).join()))
  } else if b.kind in ("contents", "index", "changes") {
    for row in b.rows { block(above: 0.3em, below: 0.3em, text(size: l.size * 0.9pt, row)) }
  } else if b.kind == "items" {
    for row in b.rows { block(above: 0.4em, below: 0.4em, par(hanging-indent: 1.5em, row)) }
  } else if b.kind == "author-list" {
    par(justify: true, text(size: l.list_size * 1pt,
      b.text.split(", ").map(mark).join(", ")))
  } else if b.kind == "affiliations" {
    for row in b.rows {
      let m = row.match(regex("^(\d+) (.*)$"))
      block(above: 0.25em, below: 0.25em, text(size: l.list_size * 1pt,
        if d.raised { super(m.captures.at(0)); m.captures.at(1) } else { row }))
    }
  } else if b.kind == "refs" {
    set text(size: l.list_size * 1pt)
    if l.list_style == "grid" {
      let cells = ()
      for e in b.entries {
        let m = e.match(regex("^(\S+) (.*)$"))
        let label = m.captures.at(0)
        if d.raised and label.contains("+") {
          let parts = label.split("+")
          label = [#parts.at(0)#super("+")#parts.at(1)]
        }
        cells.push(align(right, label))
        cells.push(m.captures.at(1))
      }
      grid(columns: (auto, 1fr), column-gutter: 0.6em, row-gutter: (l.spacing + 0.65) * 1em,
        ..cells)
    } else if l.list_style == "label-above" {
      for e in b.entries {
        let m = e.match(regex("^(\S+) (.*)$"))
        block(above: (l.spacing + 0.65) * 1em, below: 0.2em, m.captures.at(0))
        block(above: 0.2em, below: 0.2em, pad(left: l.hang * 1em, m.captures.at(1)))
      }
    } else {
      for e in b.entries {
        let hang = if l.list_style == "hanging" { l.hang * 1em } else { 0em }
        let body = if e.starts-with("\u{0}") {
          box(line(length: 2.5em, stroke: 0.5pt)); h(0.3em); e.slice(1)
        } else { e }
        block(above: (l.spacing + 0.65) * 1em, below: (l.spacing + 0.65) * 1em,
          par(hanging-indent: hang, first-line-indent: 0em, body))
      }
    }
  }
}
"""


def typeset(document: Document, *, raised: bool = True) -> bytes:
    """The document as PDF bytes."""
    import typst

    data = {
        "layout": asdict(document.layout),
        "blocks": [asdict(block) for block in document.blocks],
        "raised": raised,
    }
    with tempfile.TemporaryDirectory() as folder:
        here = Path(folder)
        (here / "doc.json").write_text(json.dumps(data), encoding="utf-8")
        (here / "main.typ").write_text(_TEMPLATE, encoding="utf-8")
        pdf: bytes = typst.compile(str(here / "main.typ"))
    return pdf


def printed(document: Document) -> list[tuple[str, str]]:
    """The document's text in reading order, piece by piece, each with what it is to the list:
    `heading`, `entry` (one reference), or `other`."""
    pieces: list[tuple[str, str]] = []
    equations = 0
    notes = [block.rows[0] for block in document.blocks if block.kind == "para" and block.rows]
    for block in document.blocks:
        if block.kind == "equation":  # the formula's glyphs are no text; its number is
            equations += 1
            pieces.append((f"({equations})", "other"))
        elif block.kind == "refs":
            pieces.extend((entry.lstrip(RULE), "entry") for entry in block.entries)
        elif block.kind == "list-heading":
            pieces.append((block.text, "heading"))
        elif block.kind in (
            "table",
            "items",
            "affiliations",
            "code",
            "contents",
            "index",
            "changes",
        ):
            pieces.extend((text, "other") for text in (block.text, *block.rows) if text)
        else:
            pieces.append((re.sub(r"\s+", " ", block.text), "other"))
    pieces.extend((note, "other") for note in notes)  # at the pages' feet: found anywhere
    return pieces
