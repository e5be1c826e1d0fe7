"""A training document typeset by pdfLaTeX in one of the classes papers are written in: the
reference list as a `thebibliography` environment, so that its labels, indents and spacing are
the class's own (article, REVTeX's APS, MNRAS, Elsevier, IEEE, LNCS, AMS)."""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
from dataclasses import replace
from pathlib import Path

from training.segment_documents import RULE, Block, Document

# the classes (and options) that set each kind of list: author-year lists need natbib's
# unlabelled items (article, AMS) or a class of its own (MNRAS, Elsevier's authoryear)
_CLASSES = {
    "none": (
        ("article", ""), ("article", "twocolumn"), ("mnras", ""), ("amsart", ""),
        ("elsarticle", "preprint,authoryear,12pt"), ("elsarticle", "5p,authoryear"),
    ),
    "alpha": (("article", ""), ("article", "twocolumn"), ("amsart", ""), ("llncs", ""),
              ("IEEEtran", "conference")),
    "numbered": (
        ("article", ""), ("article", "twocolumn"), ("revtex4-2", "aps,prl,twocolumn"),
        ("revtex4-2", "aps,prb,preprint"), ("elsarticle", "preprint,12pt"),
        ("elsarticle", "5p"), ("IEEEtran", "conference"), ("llncs", ""), ("amsart", ""),
    ),
}  # fmt: skip
_SPECIAL = {
    "\\": r"\textbackslash{}", "{": r"\{", "}": r"\}", "$": r"\$", "&": r"\&", "#": r"\#",
    "^": r"\^{}", "_": r"\_", "%": r"\%", "~": r"\~{}", "<": r"\textless{}", ">": r"\textgreater{}",
}  # fmt: skip
_LATIN = re.compile(r"[^\u0000-\u017f‘’“”–—]")
_LABEL = re.compile(r"^(\[[^\]]+\]|\(\d+\)|\d+\.?)\s")


def available() -> str:
    """Why pdfLaTeX cannot typeset here, or ""."""
    return "" if shutil.which("pdflatex") else "pdflatex is not installed (apt texlive-latex-base)"


def latin(document: Document) -> Document:
    """The document less what pdfLaTeX cannot set: other scripts and symbols dropped."""
    blocks = []
    for block in document.blocks:
        entries = tuple(entry for entry in block.entries if not _LATIN.search(entry))
        if block.kind == "refs" and not entries:
            entries = ("Anonymous. Untitled. 2000.",)
        blocks.append(
            replace(
                block,
                text=_LATIN.sub("", block.text),
                entries=_renumbered(entries, document.layout.labels),
                rows=block.rows
                if block.kind == "equation"
                else tuple(_LATIN.sub("", row) for row in block.rows),
            )
        )
    return replace(document, blocks=tuple(blocks))


def _renumbered(entries: tuple[str, ...], labels: str) -> tuple[str, ...]:
    if labels in ("none", "alpha"):
        return entries
    texts = [_LABEL.sub("", entry, count=1) for entry in entries]
    shapes = {"bracket": "[{}] ", "dot": "{}. ", "bare": "{} ", "paren": "({}) "}
    return tuple(shapes[labels].format(n) + text for n, text in enumerate(texts, start=1))


def typeset(document: Document, choice: int) -> bytes | None:
    """The document as PDF bytes in the `choice`-th class (modulo their number), or None when
    LaTeX fails."""
    layout = document.layout
    classes = _CLASSES.get(layout.labels, _CLASSES["numbered"])
    cls, options = classes[choice % len(classes)]
    lines = [
        f"\\documentclass[{options}]{{{cls}}}",
        "\\usepackage[utf8]{inputenc}",
        "\\usepackage[T1]{fontenc}",
        "\\usepackage{lmodern}",
        *(["\\usepackage{lineno}", "\\linenumbers"] if layout.line_numbers else []),
        *(["\\usepackage[authoryear]{natbib}"] if _natbib(cls, layout.labels) else []),
        "\\makeatletter",
        *_label_shape(layout.labels, cls),
        "\\makeatother",
        *(
            ["\\pagestyle{myheadings}", f"\\markright{{{_escape(layout.header)}}}"]
            if layout.header and cls in ("article", "amsart")
            else []
        ),
        "\\begin{document}",
    ]
    for block in document.blocks:
        lines.extend(_block(block, document))
    lines.append("\\end{document}")
    with tempfile.TemporaryDirectory() as folder:
        here = Path(folder)
        (here / "doc.tex").write_text("\n".join(lines), encoding="utf-8")
        done = subprocess.run(
            ["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "doc.tex"],
            cwd=here,
            capture_output=True,
            timeout=120,
        )
        if done.returncode or not (here / "doc.pdf").is_file():
            return None
        return (here / "doc.pdf").read_bytes()


def _natbib(cls: str, labels: str) -> bool:
    return cls in ("article", "amsart") and labels == "none"


def _label_shape(labels: str, cls: str) -> list[str]:
    shapes = {"dot": "#1.", "bare": "#1", "paren": "(#1)"}
    if labels in shapes and cls not in ("revtex4-2",):
        return [f"\\renewcommand\\@biblabel[1]{{{shapes[labels]}}}"]
    return []


def _block(block: Block, document: Document) -> list[str]:
    text = _escape(block.text)
    if block.kind == "title":
        return [f"{{\\centering\\Large\\bfseries {text}\\par}}\\bigskip"]
    if block.kind == "authors":
        return [f"{{\\centering {text}\\par}}\\bigskip"]
    if block.kind == "heading":
        return [f"\\section*{{{text}}}"]
    if block.kind == "para":
        note = f"\\footnote{{{_escape(block.rows[0])}}}" if block.rows else ""
        return [text + note, ""]
    if block.kind == "caption":
        return [
            "\\begin{center}\\fbox{\\rule{0pt}{2em}\\hspace{0.5\\linewidth}}\\\\[0.5em]",
            f"{{\\small {text}}}\\end{{center}}",
        ]
    if block.kind == "table":
        rows = "\\\\\n".join(_escape(row) for row in block.rows)
        return [f"\\begin{{center}}{{\\small {text}}}\\\\[0.3em]", rows, "\\end{center}"]
    if block.kind == "items":
        return [f"\\noindent {_escape(row)}\\par" for row in block.rows] + [""]
    if block.kind == "equation":
        return ["\\begin{equation}", block.rows[0], "\\end{equation}"]
    if block.kind == "code":
        return ["\\begin{verbatim}", *block.rows, "\\end{verbatim}"]
    if block.kind in ("contents", "index", "changes"):
        return [f"\\noindent {_escape(row)}\\par" for row in block.rows] + [""]
    if block.kind == "author-list":
        people = re.sub(r"(\d[\d,]*)(?=,\s|$)", r"$^{\1}$", text)
        return [f"\\noindent{{\\small {people}}}", ""]
    if block.kind == "affiliations":
        return [
            "{\\small",
            *(
                re.sub(r"^(\d+) ", r"\\noindent$^{\1}$", _escape(row)) + "\\par"
                for row in block.rows
            ),
            "}",
        ]
    if block.kind == "refs":
        return _bibliography(block, document)
    return []


def _bibliography(block: Block, document: Document) -> list[str]:
    heading = next((other.text for other in document.blocks if other.kind == "list-heading"), "")
    space = f"{document.layout.spacing * 4:.1f}pt"  # between entries: none to a line's worth
    lines = [
        f"\\def\\refname{{{_escape(heading)}}}\\def\\bibname{{{_escape(heading)}}}",
        f"\\makeatletter\\@ifpackageloaded{{natbib}}{{\\setlength{{\\bibsep}}{{{space}}}}}{{}}"
        "\\makeatother",
        f"\\let\\oldbibitem\\bibitem\\def\\bibitem{{\\setlength{{\\itemsep}}{{{space}}}\\oldbibitem}}",
        f"\\begin{{thebibliography}}{{{_widest(block.entries, document.layout.labels)}}}",
    ]
    for number, entry in enumerate(block.entries):
        label = _LABEL.match(entry)
        text = entry[label.end() :] if label and document.layout.labels != "none" else entry
        if document.layout.labels == "alpha" and label:
            key = _escape(label.group(1)[1:-1]).replace("+", "{$^{+}$}")  # BibTeX's \\etalchar
            lines.append(f"\\bibitem[{key}]{{k{number}}} {_escape(text)}")
        elif document.layout.labels == "none":
            drawn = "\\rule[0.5ex]{2.5em}{0.4pt}\\ " if text.startswith(RULE) else ""
            body = drawn + _escape(text.lstrip(RULE))
            lines.append(f"\\bibitem[Author({2000 + number % 20})]{{k{number}}} {body}")
        else:
            lines.append(f"\\bibitem{{k{number}}} {_escape(text)}")
    lines.append("\\end{thebibliography}")
    return lines


def _widest(entries: tuple[str, ...], labels: str) -> str:
    """What `thebibliography` is told its widest label is: it sets the hanging indent."""
    if labels == "alpha":
        found = [match.group(1)[1:-1] for entry in entries if (match := _LABEL.match(entry))]
        return _escape(max(found, key=len, default="ABC99")).replace("+", "{$^{+}$}")
    return "9" * len(str(len(entries)))


def _escape(text: str) -> str:
    return "".join(_SPECIAL.get(char, char) for char in text)
