"""Papers typeset to PDF from works whose truth is known, for the PDF reader's tests and
benchmark: real works of the shared corpus and invented ones, a BibTeX file of them, a body of
varied sentences citing them, typeset by Typst (in-process) or pandoc with LaTeX."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
import tempfile
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from cite_sentinel.core.fix.bibvalues import bibtex_text

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT.parent / "shared" / "data"
WORKS = DATA / "corpus" / "works_sample5k.jsonl"
CSL = DATA / "csl"

# Typst's own styles: numbered ones cite with numbers, the others with author and year.
# (Typst 0.15's "vancouver" prints no authors at all, so it is not among them.)
NUMBERED_STYLES = ("ieee", "association-for-computing-machinery", "nature", "springer-basic")
AUTHOR_YEAR_STYLES = ("apa", "chicago-author-date", "harvard-cite-them-right", "elsevier-harvard")

_WORDS = (
    "model", "models", "method", "data", "learning", "network", "networks", "approach", "results",
    "show", "performance", "task", "tasks", "training", "evaluation", "analysis", "structure",
    "graph", "graphs", "feature", "features", "robust", "efficient", "scalable", "sparse", "deep",
    "neural", "stochastic", "adaptive", "local", "global", "semantic", "visual", "language",
    "signal", "signals", "inference", "prediction", "representation", "representations",
    "benchmark", "benchmarks", "dataset", "datasets", "baseline", "baselines", "framework",
    "algorithm", "algorithms", "bound", "bounds", "estimate", "estimates", "error", "errors",
    "optimization", "theory", "experiment", "experiments",
)  # fmt: skip
_VERBS = (
    "propose", "study", "extend", "compare", "improve", "revisit", "analyse", "measure", "report",
    "describe",
)  # fmt: skip
_FAMILIES = (
    "Okonkwo", "Varga", "Lindqvist", "Tanaka", "Moreau", "Haddad", "Castellano", "Novak",
    "Brennan", "Ferreira", "Kowalczyk", "Ishikawa", "Oyelaran", "Dubois", "Halvorsen", "Petrenko",
    "Achterberg", "Quispe", "Nakamura", "Eberhardt", "Sandoval", "Virtanen", "Abernathy",
    "Marchetti", "Ostrowski", "Delacroix", "Huitema", "Zambrano", "Whitfield", "Okafor",
)  # fmt: skip
_GIVENS = (
    "Adaeze", "Bence", "Ingrid", "Haruto", "Camille", "Rami", "Lucia", "Tomas", "Siobhan", "Joao",
    "Marta", "Ren", "Tunde", "Elodie", "Sigrid", "Oksana", "Pieter", "Yupanqui", "Aiko", "Lukas",
    "Valeria", "Aino", "Grant", "Chiara", "Piotr", "Manon", "Joost", "Paloma", "Harriet", "Chidi",
)  # fmt: skip
_VENUES = (
    "Proceedings of the AAAI Conference on Artificial Intelligence",
    "Advances in Neural Information Processing Systems",
    "Journal of Machine Learning Research",
    "Proceedings of the International Conference on Machine Learning",
)


@dataclass(frozen=True, slots=True, kw_only=True)
class Work:
    """One work as the BibTeX file states it; `real` says whether the corpus holds it."""

    key: str
    title: str
    authors: tuple[tuple[str, str], ...]  # (family, given)
    year: int
    venue: str
    kind: str  # inproceedings or article
    pages: str = ""
    doi: str = ""
    real: bool = True


@dataclass(frozen=True, slots=True, kw_only=True)
class Paper:
    """A typeset paper and what it was made from."""

    pdf: bytes
    bib: str
    works: tuple[Work, ...]  # every entry its reference list prints
    cited: tuple[str, ...]  # keys cited in the text
    style: str
    columns: int
    engine: str  # typst, or pandoc+pdflatex
    source: str = ""  # what was typeset (Typst markup)


def typeset(source: str, files: Mapping[str, str | bytes] | None = None) -> bytes:
    """A Typst document (its main source and the files it reads, by name) as PDF bytes."""
    import typst

    with tempfile.TemporaryDirectory() as folder:
        for name, content in (files or {}).items():
            target = Path(folder) / name
            if isinstance(content, bytes):
                target.write_bytes(content)
            else:
                target.write_text(content, encoding="utf-8")
        (Path(folder) / "main.typ").write_text(source, encoding="utf-8")
        pdf: bytes = typst.compile(str(Path(folder) / "main.typ"))
    return pdf


def load_works(count: int, *, skip: int = 0) -> list[Work]:
    """Real works of the corpus sample, skipping titles that carry TeX markup."""
    works: list[Work] = []
    with WORKS.open(encoding="utf-8") as lines:
        for number, line in enumerate(lines):
            if number < skip:
                continue
            record = json.loads(line)
            title = record.get("title", "")
            if not title or any(char in title for char in "$\\{}%&#_^~") or not record.get("year"):
                continue
            if not record.get("authors"):
                continue
            works.append(_work(record, f"w{number}"))
            if len(works) == count:
                break
    return works


def invented_work(rng: random.Random, key: str) -> Work:
    """A plausible reference to a work that does not exist."""
    words = rng.sample(_WORDS, 5)
    title = f"{words[0].capitalize()} {words[1]} for {words[2]} {words[3]} {words[4]}"
    authors = tuple((rng.choice(_FAMILIES), rng.choice(_GIVENS)) for _ in range(rng.randint(1, 4)))
    return Work(
        key=key,
        title=f"Towards {title}" if rng.random() < 0.5 else title,
        authors=authors,
        year=rng.randint(2012, 2024),
        venue=rng.choice(_VENUES),
        kind="inproceedings",
        pages=f"{(start := rng.randint(100, 9000))}-{start + rng.randint(6, 12)}",
        real=False,
    )


def bibtex(works: Sequence[Work], text: Callable[[str], str] = str) -> str:
    """The works as a BibTeX file, as authors write one; `text` writes names, titles and
    venues (as they are for citeproc and Typst, LaTeX-safe for BibTeX)."""
    entries = []
    for work in works:
        container = "booktitle" if work.kind == "inproceedings" else "journal"
        authors = " and ".join(
            text(f"{family}, {given}" if given else family) for family, given in work.authors
        )
        fields = [
            f"  author = {{{authors}}}",
            f"  title = {{{text(work.title)}}}",
            f"  {container} = {{{text(work.venue)}}}",
            f"  year = {{{work.year}}}",
        ]
        if work.pages:
            fields.append(f"  pages = {{{work.pages.replace('-', '--')}}}")
        if work.doi:
            fields.append(f"  doi = {{{work.doi}}}")
        entries.append(f"@{work.kind}{{{work.key},\n" + ",\n".join(fields) + "\n}\n")
    return "\n".join(entries)


def typst_paper(
    works: Sequence[Work],
    *,
    style: str,
    columns: int,
    seed: int,
    uncited: Sequence[str] = (),
    dangling: Sequence[str] = (),
    line_numbers: bool = False,
) -> Paper:
    """A paper typeset by Typst citing every work but `uncited` (listed all the same), with
    `dangling` printed as plain text where a marker would stand (`[99]`); with `line_numbers`,
    every line numbered in the margin, as a manuscript under review."""
    import typst

    rng = random.Random(seed)
    cited = [work.key for work in works if work.key not in uncited]
    body = _typst_body(rng, cited, dangling, narrative=style not in NUMBERED_STYLES)
    bib = bibtex(works)
    source = (
        f'#set page(paper: "a4", columns: {columns}, numbering: "1")\n'
        "#set text(size: 10pt)\n#set par(justify: true)\n"
        + ('#set par.line(numbering: "1")\n' if line_numbers else "")
        + f"#align(center, text(16pt)[*{_title(rng)}*])\n\n{body}\n\n"
        f'#bibliography("refs.bib", style: "{style}", full: true)\n'
    )
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / "refs.bib").write_text(bib, encoding="utf-8")
        (Path(folder) / "main.typ").write_text(source, encoding="utf-8")
        if style.endswith(".csl"):
            shutil.copy(CSL / style, Path(folder) / style)
        pdf = typst.compile(str(Path(folder) / "main.typ"))
    return Paper(
        pdf=pdf,
        bib=bib,
        works=tuple(works),
        cited=tuple(cited),
        style=style,
        columns=columns,
        engine="typst",
        source=source,
    )


def pandoc_latex_available() -> str:
    """Why pandoc with pdfLaTeX cannot typeset here, or "" when it can."""
    if shutil.which("pdflatex") is None:
        return "pdflatex is not installed (apt texlive-latex-base)"
    try:
        import pypandoc

        pypandoc.get_pandoc_path()
    except (ImportError, OSError) as error:
        return f"pandoc is not available ({error})"
    return ""


def pandoc_paper(
    works: Sequence[Work], *, csl: str, columns: int, seed: int, uncited: Sequence[str] = ()
) -> Paper:
    """A paper typeset by pandoc's citeproc with a CSL style of the shared data and pdfLaTeX."""
    import pypandoc

    rng = random.Random(seed)
    cited = [work.key for work in works if work.key not in uncited]
    body = _markdown_body(rng, cited)
    bib = bibtex(works)
    front = [
        "---",
        f"title: {_title(rng)}",
        "link-citations: true",
        "colorlinks: true",
        "nocite: '@*'",
        *(["classoption: twocolumn"] if columns == 2 else []),
        "---",
        "",
    ]
    document = "\n".join(front) + body + "\n\n# References\n"
    with tempfile.TemporaryDirectory() as folder:
        here = Path(folder)
        (here / "refs.bib").write_text(bib, encoding="utf-8")
        (here / "paper.md").write_text(document, encoding="utf-8")
        command = [
            pypandoc.get_pandoc_path(),
            "paper.md",
            "--citeproc",
            "--bibliography=refs.bib",
            f"--csl={CSL / csl}",
            "-o",
            "paper.pdf",
        ]
        engine = "pdflatex"
        done = subprocess.run(
            [*command, "--pdf-engine=pdflatex"], cwd=here, capture_output=True, timeout=120
        )
        if done.returncode and shutil.which("xelatex"):  # a character pdfLaTeX cannot set
            engine = "xelatex"
            done = subprocess.run(
                [*command, "--pdf-engine=xelatex"], cwd=here, capture_output=True, timeout=120
            )
        if done.returncode:
            raise RuntimeError(done.stderr.decode(errors="replace")[-2000:])
        pdf = (here / "paper.pdf").read_bytes()
    return Paper(
        pdf=pdf,
        bib=bib,
        works=tuple(works),
        cited=tuple(cited),
        style=csl,
        columns=columns,
        engine=f"pandoc+{engine}",
    )


# BibTeX styles of TeX Live's base and natbib: author lists as "Given M. Family" (plain,
# unsrt, alpha, plainnat …), initials (abbrv, abbrvnat, ieeetr, siam), small capitals (acm),
# and the year after the authors (apalike).
BIBTEX_STYLES = ("plain", "unsrt", "alpha", "abbrv", "plainnat", "abbrvnat", "ieeetr", "acm",
                 "apalike", "siam")  # fmt: skip
_NATBIB = frozenset({"plainnat", "abbrvnat", "unsrtnat", "apalike"})


def bibtex_latex_available() -> str:
    """Why pdfLaTeX with BibTeX cannot typeset here, or "" when it can."""
    for program in ("pdflatex", "bibtex", "kpsewhich"):
        if shutil.which(program) is None:
            return f"{program} is not installed (apt texlive-latex-base)"
    return ""


def bibtex_paper(works: Sequence[Work], *, style: str, columns: int, seed: int) -> Paper:
    """A LaTeX paper whose reference list BibTeX writes in one of its styles (pdfLaTeX)."""
    rng = random.Random(seed)
    works = [work for work in works if _latin(work)]  # pdfLaTeX sets Latin script only
    cited = [work.key for work in works]
    bib = bibtex(works, _latex_text)
    sentences = _citing_sentences(rng, cited, lambda keys: f"\\cite{{{','.join(keys)}}}")
    document = "\n".join(
        [
            f"\\documentclass[{'twocolumn,' if columns == 2 else ''}10pt]{{article}}",
            "\\usepackage[utf8]{inputenc}",
            "\\usepackage[T1]{fontenc}",
            "\\usepackage{lmodern}",
            "\\usepackage{url}",
            "\\newcommand{\\doi}[1]{doi: \\url{#1}}",  # natbib's styles print DOIs with it
            *(["\\usepackage{natbib}"] if style in _NATBIB else []),
            "\\begin{document}",
            f"\\title{{{_title(rng)}}}\\author{{A. Author}}\\maketitle",
            "\\section{Introduction}",
            " ".join(sentences),
            f"\\bibliographystyle{{{style}}}",
            "\\bibliography{refs}",
            "\\end{document}",
        ]
    )
    with tempfile.TemporaryDirectory() as folder:
        here = Path(folder)
        (here / "refs.bib").write_text(bib, encoding="utf-8")
        (here / "paper.tex").write_text(document, encoding="utf-8")
        latex = ["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "paper.tex"]
        for command in (latex, ["bibtex", "paper"], latex, latex):
            done = subprocess.run(command, cwd=here, capture_output=True, timeout=120)
            # BibTeX says 2 for a name it had to guess at, and writes the list all the same.
            if done.returncode > (2 if command[0] == "bibtex" else 0):
                raise RuntimeError(done.stdout.decode(errors="replace")[-2000:])
        pdf = (here / "paper.pdf").read_bytes()
    return Paper(
        pdf=pdf,
        bib=bib,
        works=tuple(works),
        cited=tuple(cited),
        style=style,
        columns=columns,
        engine="bibtex+pdflatex",
    )


def _latin(work: Work) -> bool:
    text = work.title + work.venue + "".join(f + g for f, g in work.authors)
    return all(ord(char) < 0x250 or char in "–—‘’“”" for char in text)


def _latex_text(value: str) -> str:
    """A value as LaTeX prints it: the project's own escaping (`fix` writes .bib values with
    it), and accented letters as accent commands, as .bib files write them (BibTeX's alpha
    labels would cut a UTF-8 letter in half)."""
    return "".join(_latex_letter(char) for char in bibtex_text(value))


_LATEX_ACCENTS = {"\u0301": "'", "\u0300": "`", "\u0308": '"', "\u0302": "^", "\u0303": "~",
                  "\u0304": "=", "\u0307": ".", "\u0327": "c", "\u030c": "v", "\u0306": "u",
                  "\u030a": "r", "\u030b": "H", "\u0328": "k"}  # fmt: skip
_LATEX_LETTERS = {"ß": "\\ss", "ø": "\\o", "Ø": "\\O", "æ": "\\ae", "Æ": "\\AE", "œ": "\\oe",
                  "Œ": "\\OE", "ł": "\\l", "Ł": "\\L", "ı": "\\i", "đ": "d", "Đ": "D"}  # fmt: skip


def _latex_letter(char: str) -> str:
    if char.isascii():
        return char
    if char in _LATEX_LETTERS:
        return "{" + _LATEX_LETTERS[char] + "}"
    base, *marks = unicodedata.normalize("NFD", char)
    if marks and all(mark in _LATEX_ACCENTS for mark in marks):
        for mark in marks:
            command = _LATEX_ACCENTS[mark]
            base = f"\\{command}{{{base}}}" if command.isalpha() else f"\\{command}{base}"
        return "{" + base + "}"
    return char


def _work(record: dict[str, object], key: str) -> Work:
    authors = record.get("authors") or []
    assert isinstance(authors, list)
    kind = "article" if record.get("type") == "journal-article" else "inproceedings"
    return Work(
        key=key,
        title=str(record["title"]),
        authors=tuple((str(a.get("family", "")), str(a.get("given", ""))) for a in authors),
        year=int(str(record["year"])),
        venue=str(record.get("venue", "")),
        kind=kind,
        pages=str(record.get("pages", "") or ""),
        doi=str(record.get("doi", "") or ""),
    )


def _title(rng: random.Random) -> str:
    words = rng.sample(_WORDS, 4)
    return f"On {words[0]} {words[1]} and {words[2]} {words[3]}".title()


def _sentence(rng: random.Random) -> str:
    words = rng.sample(_WORDS, 7)
    verb = rng.choice(_VERBS)
    return (
        f"We {verb} {words[0]} {words[1]} with {words[2]} {words[3]}, and the {words[4]} "
        f"{words[5]} of {words[6]}"
    )


def _typst_body(
    rng: random.Random, cited: Sequence[str], dangling: Sequence[str], *, narrative: bool
) -> str:
    paragraphs: list[str] = []
    sentences: list[str] = []
    keys = list(cited)
    rng.shuffle(keys)
    extra = list(dangling)
    while keys or extra:
        if extra and rng.random() < 0.2:
            sentences.append(f"{_sentence(rng)} \\[{extra.pop()}\\].")
            continue
        if not keys:
            sentences.append(f"{_sentence(rng)} \\[{extra.pop()}\\].")
            continue
        if narrative and rng.random() < 0.3:
            sentences.append(f'#cite(<{keys.pop()}>, form: "prose") {_sentence(rng)[3:]}.')
        else:
            count = min(len(keys), rng.choice((1, 1, 1, 2)))
            marks = " ".join(f"@{keys.pop()}" for _ in range(count))
            sentences.append(f"{_sentence(rng)} {marks}.")
        if len(sentences) >= rng.randint(3, 6):
            paragraphs.append(" ".join(sentences))
            sentences = []
    paragraphs.append(" ".join(sentences))
    return "= Introduction\n\n" + "\n\n".join(paragraph for paragraph in paragraphs if paragraph)


def _markdown_body(rng: random.Random, cited: Sequence[str]) -> str:
    marks = _citing_sentences(rng, cited, lambda keys: "[" + "; ".join(f"@{k}" for k in keys) + "]")
    return "# Introduction\n\n" + " ".join(marks)


def _citing_sentences(
    rng: random.Random, cited: Sequence[str], cite: Callable[[list[str]], str]
) -> list[str]:
    """Sentences citing every key once, one or two at a time, in a random order."""
    keys = list(cited)
    rng.shuffle(keys)
    sentences: list[str] = []
    while keys:
        count = min(len(keys), rng.choice((1, 1, 2)))
        sentences.append(f"{_sentence(rng)} {cite([keys.pop() for _ in range(count)])}.")
    return sentences


def png(width: int, height: int, seed: int = 0) -> bytes:
    """A grey PNG with some noise, as a scanner makes (no text layer)."""
    import struct
    import zlib

    rng = random.Random(seed)
    rows = b"".join(
        b"\x00" + bytes(rng.randint(180, 255) for _ in range(width)) for _ in range(height)
    )

    def chunk(kind: bytes, body: bytes) -> bytes:
        return (
            struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
        )

    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rows))
        + chunk(b"IEND", b"")
    )


def encrypted(pdf: bytes, password: str = "secret") -> bytes:
    """The PDF encrypted with a user password (pypdf)."""
    import io

    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(pdf)))
    writer.encrypt(user_password=password, owner_password=password + "-owner")
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()
