"""Hostile files of every format a check reads, from a seed: the shapes issue 28 found (a
@string doubling bomb, lone surrogates, integers of thousands of digits, NULs, impossible
bibliography names, a line of thousands of citations, PDF decompression bombs) at random
sizes, and the examples of the repository mutated as a fuzzer mutates (bytes flipped, slices
repeated, nesting deepened, files cut short). The fuzzing benchmark and the property tests
read them; nothing here runs a check."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from tests.support.hostile_pdfs import (
    Deflated,
    deflated,
    many_pages_pdf,
    pdf_of,
    text_bomb,
    text_pdf,
    text_stream,
)

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
SUFFIXES = (".bib", ".json", ".yaml", ".md", ".tex", ".typ", ".txt", ".pdf")


@dataclass(frozen=True, slots=True)
class HostileInput:
    """One file: its name (the suffix says its format), its bytes, and how it was made."""

    name: str
    data: bytes
    shape: str  # "string doubling", "mutated", …

    @property
    def suffix(self) -> str:
        return Path(self.name).suffix


def hostile_inputs(
    seed: int, count: int, *, pdfs: bool = True, scale: float = 1.0
) -> Iterator[HostileInput]:
    """`count` inputs: every known shape once per round, then mutants of every format.
    `scale` shrinks what is repeated (entries, citations, nesting, inflated bytes) for a fast
    run; the shapes stay hostile (a doubling bomb still doubles past every limit)."""
    chance = random.Random(seed)
    makers = [maker for maker in _KNOWN if pdfs or not maker.__name__.startswith("_pdf")]
    suffixes = [suffix for suffix in SUFFIXES if pdfs or suffix != ".pdf"]
    for number in range(count):
        if number % 3 == 0:
            maker = makers[(number // 3) % len(makers)]
            yield maker(chance, number, scale)
        else:
            yield _mutant(chance, number, suffixes[number % len(suffixes)], scale)


def _scaled(chance: random.Random, low: int, high: int, scale: float) -> int:
    return chance.randint(max(1, int(low * scale)), max(1, int(high * scale)))


# --- the shapes of issue 28 ------------------------------------------------------------------


def _string_doubling(chance: random.Random, number: int, scale: float) -> HostileInput:
    depth = chance.randint(20, 40)
    lines = ["@string{m0 = {ab}}"]
    lines += [f"@string{{m{i} = m{i - 1} # m{i - 1}}}" for i in range(1, depth + 1)]
    lines.append(f"@article{{bomb, title = m{depth}, year = 2020}}")
    return HostileInput(f"doubling{number}.bib", "\n".join(lines).encode(), "string doubling")


def _string_fanout(chance: random.Random, number: int, scale: float) -> HostileInput:
    """Many entries each using a large macro many times: the budget of a whole file."""
    big = "x" * chance.randint(50_000, 99_000)
    uses = " # ".join(["big"] * chance.randint(2, 8))
    entries = _scaled(chance, 50, 400, scale)
    body = "".join(f"@misc{{e{i}, note = {uses}}}\n" for i in range(entries))
    return HostileInput(f"fanout{number}.bib", (f"@string{{big = {{{big}}}}}\n" + body).encode(),
                        "string fan-out")  # fmt: skip


def _surrogate_json(chance: random.Random, number: int, scale: float) -> HostileInput:
    escape = chance.choice(["\\ud800", "\\udfff", "\\ud83d", "\\ude00x", "\\ud800\\ud800"])
    text = f'[{{"id": "s{number}", "title": "{escape} title", "issued": {{"raw": "2020"}}}}]'
    return HostileInput(f"surrogate{number}.json", text.encode(), "lone surrogate")


def _surrogate_yaml(chance: random.Random, number: int, scale: float) -> HostileInput:
    escape = chance.choice(["\\ud800", "\\udfff", "\\udbff"])
    text = f'references:\n- id: y{number}\n  title: "{escape} t"\n  issued: 2020\n'
    return HostileInput(f"surrogate{number}.yaml", text.encode(), "lone surrogate")


def _big_integer(chance: random.Random, number: int, scale: float) -> HostileInput:
    digits = "9" * chance.randint(4_301, 60_000)
    if chance.random() < 0.5:
        text = f'[{{"id": "b", "title": "T", "volume": {digits}}}]'
        return HostileInput(f"bigint{number}.json", text.encode(), "huge integer")
    text = f"references:\n- id: b\n  volume: {digits}\n"
    return HostileInput(f"bigint{number}.yaml", text.encode(), "huge integer")


def _nul_reflist(chance: random.Random, number: int, scale: float) -> HostileInput:
    line = chance.choice(["\\emph{A} \x000\x00 t", "\x007\x00 \\url{u}", "\x00\x00\\\x00"])
    text = f"References\n\n[1] A. Smith. {line}. J. Graphs, 2020. http://x.org/a\n"
    return HostileInput(f"nul{number}.txt", text.encode("utf-16"), "NUL in free text")


def _impossible_name(chance: random.Random, number: int, scale: float) -> HostileInput:
    long = "a" * chance.randint(256, 4096)
    choices = [
        (f"nulname{number}.md", '---\nbibliography: "a\\0b.bib"\n---\nSee [@x].\n'),
        (f"longname{number}.md", f"---\nbibliography: {long}.bib\n---\nSee [@x].\n"),
        (f"longname{number}.tex", f"See \\cite{{x}}.\n\\bibliography{{{long}}}\n"),
        (f"longname{number}.typ", f'#bibliography("{long}.bib")\nSee @x.\n'),
        (f"nulpdf{number}.md", '---\nbibliography: "a\\0b.pdf"\n---\nSee [@x].\n'),
    ]
    name, text = chance.choice(choices)
    return HostileInput(name, text.encode(), "impossible bibliography name")


def _many_citations(chance: random.Random, number: int, scale: float) -> HostileInput:
    count = _scaled(chance, 2_000, 20_000, scale)
    word = "w" * chance.randint(1, 60)
    line = " ".join(f"{word} [@k{i % 50}]" for i in range(count))
    return HostileInput(f"citations{number}.md", line.encode(), "line of citations")


def _pdf_text_bomb(chance: random.Random, number: int, scale: float) -> HostileInput:
    size = int(chance.choice([100, 300, 1000]) * 1_000_000 * scale)
    data = pdf_of([text_stream(["Before"]), text_bomb(size), text_stream(["After"])])
    return HostileInput(f"bomb{number}.pdf", data, "PDF decompression bomb")


def _pdf_zero_bomb(chance: random.Random, number: int, scale: float) -> HostileInput:
    size = int(chance.choice([200, 600, 1000]) * 1_000_000 * scale)
    data = pdf_of([Deflated(deflated(b"\0", size))])
    return HostileInput(f"zeros{number}.pdf", data, "PDF zero-filled bomb")


def _pdf_many_pages(chance: random.Random, number: int, scale: float) -> HostileInput:
    return HostileInput(
        f"pages{number}.pdf",
        many_pages_pdf(_scaled(chance, 2_001, 8_000, scale)),
        "PDF of many pages",
    )


_KNOWN: list[Callable[[random.Random, int, float], HostileInput]] = [
    _string_doubling,
    _string_fanout,
    _surrogate_json,
    _surrogate_yaml,
    _big_integer,
    _nul_reflist,
    _impossible_name,
    _many_citations,
    _pdf_text_bomb,
    _pdf_zero_bomb,
    _pdf_many_pages,
]


# --- mutants ---------------------------------------------------------------------------------

_SEEDS = {
    ".bib": "refs.bib",
    ".json": "refs.json",
    ".md": "paper.md",
    ".tex": "paper.tex",
    ".typ": "paper.typ",
    ".txt": "references-apa.txt",
}
_YAML = """references:
- id: okonkwo2019
  type: article-journal
  title: Sparse graph inference at scale
  author:
  - family: Okonkwo
    given: Adaeze
  container-title: Journal of Graphs
  issued:
    date-parts: [[2019]]
  DOI: 10.5555/graphs.2019
"""
_SPECIAL = [
    b"\x00", b"{", b"}", b"\\", b'"', b"[", b"]", b"@", b"#", b"%", b"\n", b"\r", b"\\ud800",
    b"\xff", b"\xc3", b"\xed\xa0\x80", b"\\u0000", b"99999999999999999999",
]  # fmt: skip


def _mutant(chance: random.Random, number: int, suffix: str, scale: float) -> HostileInput:
    data = _seed_bytes(suffix)
    for _ in range(chance.randint(1, 6)):
        data = chance.choice(_MUTATIONS)(chance, data, scale)
    return HostileInput(f"mutant{number}{suffix}", data, "mutated")


def _seed_bytes(suffix: str) -> bytes:
    if suffix == ".yaml":
        return _YAML.encode()
    if suffix == ".pdf":
        return text_pdf([["Introduction", "As shown [1]."], _REFERENCES])
    return (EXAMPLES / _SEEDS[suffix]).read_bytes()


_REFERENCES = [
    "References",
    "[1] A. Okonkwo. Sparse graph inference. Journal of Machine Learning Research, 2019.",
]


def _flip(chance: random.Random, data: bytes, scale: float) -> bytes:
    where = chance.randrange(len(data) or 1)
    return data[:where] + bytes([chance.randrange(256)]) + data[where + 1 :]


def _insert(chance: random.Random, data: bytes, scale: float) -> bytes:
    where = chance.randrange(len(data) + 1)
    return data[:where] + chance.choice(_SPECIAL) * chance.randint(1, 40) + data[where:]


def _repeat(chance: random.Random, data: bytes, scale: float) -> bytes:
    """A slice repeated: long lines, many entries, many citations."""
    start = chance.randrange(len(data) or 1)
    piece = data[start : start + chance.randint(1, 200)]
    times = chance.randint(2, max(2, int(300_000 * scale) // max(1, len(piece))))
    return data[:start] + piece * times + data[start:]


def _nest(chance: random.Random, data: bytes, scale: float) -> bytes:
    opener, closer = chance.choice([(b"{", b"}"), (b"[", b"]"), (b"(", b")"), (b"[@", b"]")])
    depth = _scaled(chance, 100, 50_000, scale)
    where = chance.randrange(len(data) + 1)
    return data[:where] + opener * depth + closer * chance.randint(0, depth) + data[where:]


def _cut(chance: random.Random, data: bytes, scale: float) -> bytes:
    return data[: chance.randrange(len(data) + 1)]


def _splice(chance: random.Random, data: bytes, scale: float) -> bytes:
    """A piece of another format inside this one."""
    other = _seed_bytes(chance.choice([".bib", ".json", ".md", ".tex", ".typ", ".txt"]))
    start = chance.randrange(len(other) or 1)
    where = chance.randrange(len(data) + 1)
    return data[:where] + other[start : start + chance.randint(10, 400)] + data[where:]


_MUTATIONS = [_flip, _insert, _insert, _repeat, _nest, _cut, _splice]
