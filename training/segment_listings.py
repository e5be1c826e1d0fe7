"""The other lists a document prints, which are no reference lists: code listings (LaTeX, R,
Python; numbered or not), tables of contents, indexes and change histories, as the manuals and
papers of TeX Live and CRAN print them beside their references."""

from __future__ import annotations

import random

_COMMANDS = (
    "begin", "end", "includegraphics", "caption", "label", "newcommand", "renewcommand",
    "usepackage", "documentclass", "section", "subsection", "cite", "citep", "ref", "emph",
    "textbf", "item", "bibliography", "bibliographystyle", "setlength", "def", "let", "ifx",
    "RequirePackage", "IfFileExists", "hspace", "vspace", "makeatletter", "frac", "mathbf",
)  # fmt: skip
_ENVIRONMENTS = ("figure", "table", "equation", "itemize", "document", "abstract", "tabular",
                 "thebibliography", "verbatim", "align")  # fmt: skip
_WORDS = (
    "width", "columnwidth", "example", "key", "fig", "label", "text", "value", "data", "model",
    "author", "title", "year", "journal", "type", "size", "font", "style", "list",
)  # fmt: skip
_R = (
    "fm <- lm({a} ~ {b} + I({b}^2), data = {d})",
    'sqrt(diag(vcovHC({m}, type = "HC{n}")))',
    "coeftest({m}, df = Inf, vcov = vcovHC({m}))",
    'library("{p}")',
    'data("{d}")',
    "{d} <- na.omit({d})",
    "summary({m})",
    "> {m} <- lmer({a} ~ {b} + (1 | {c}), {d})",
    "R> plot({d}${a}, {d}${b})",
)
_PYTHON = (
    "def {a}({b}, {c}):",
    "    return {b} + {c}",
    "for {a} in range({n}):",
    "import {p}",
    "{a} = {p}.{b}({c}, {n})",
    "if {a} is None:",
    'print(f"{{{a}}}")',
)


def code(rng: random.Random) -> tuple[str, ...]:
    """Lines of a code listing, in LaTeX, R or Python."""
    language = rng.choice(("latex", "latex", "r", "python"))
    lines = []
    for _ in range(rng.randint(3, 14)):
        if language == "latex":
            lines.append(_latex_line(rng))
        else:
            template = rng.choice(_R if language == "r" else _PYTHON)
            lines.append(template.format(**_slots(rng)))
    if rng.random() < 0.35:  # a documented package numbers its code lines
        first = rng.randint(1, 400)
        lines = [f"{first + number} {line}" for number, line in enumerate(lines)]
    return tuple(lines)


def _latex_line(rng: random.Random) -> str:
    command = rng.choice(_COMMANDS)
    if command in ("begin", "end"):
        return f"\\{command}{{{rng.choice(_ENVIRONMENTS)}}}"
    argument = rng.choice(_WORDS)
    options = f"[{rng.choice(_WORDS)}={rng.choice(('0.5', '1', '2em', 'true'))}]"
    return f"\\{command}{options if rng.random() < 0.3 else ''}{{{argument}}}" + (
        f" % {rng.choice(_WORDS)} {rng.choice(_WORDS)}" if rng.random() < 0.2 else ""
    )


def _slots(rng: random.Random) -> dict[str, object]:
    return {
        "a": rng.choice(_WORDS),
        "b": rng.choice(_WORDS),
        "c": rng.choice(_WORDS),
        "d": rng.choice(("ps", "PublicSchools", "sleepstudy", "df", "cars", "dat")),
        "m": rng.choice(("fm", "fm.ps", "fit", "m1")),
        "p": rng.choice(("sandwich", "lme4", "numpy", "zoo", "os", "json")),
        "n": rng.randint(0, 9),
    }


def contents(rng: random.Random, titles: list[str]) -> tuple[str, ...]:
    """A table of contents or a list of figures: numbers, titles, dot leaders, pages."""
    rows = []
    page = rng.randint(1, 5)
    for number in range(1, rng.randint(4, 12)):
        title = rng.choice(titles)[: rng.randint(12, 60)].rstrip()
        page += rng.randint(0, 6)
        leader = " ." * rng.randint(3, 30)
        rows.append(f"{number}{'.' + str(rng.randint(1, 4)) if rng.random() < 0.4 else ''} "
                    f"{title}{leader} {page}")  # fmt: skip
    return tuple(rows)


def index(rng: random.Random, names: list[tuple[str, str]]) -> tuple[str, ...]:
    """An index: commands, words or names, and the pages they appear on."""
    rows = []
    for _ in range(rng.randint(6, 20)):
        if rng.random() < 0.5:
            head = f"\\{rng.choice(_COMMANDS)}"
        else:
            given, family = rng.choice(names)
            head = f"{family}, {given[:1]}." if rng.random() < 0.5 else rng.choice(_WORDS)
        pages = ", ".join(str(rng.randint(1, 400)) for _ in range(rng.randint(1, 6)))
        rows.append(f"{head}{' .' * rng.randint(0, 8)} {pages}")
    return tuple(rows)


def changes(rng: random.Random, prose: list[str]) -> tuple[str, ...]:
    """A package's change history: versions, what changed, and the page that says so."""
    rows = []
    major, minor = rng.randint(0, 2), rng.randint(0, 9)
    for _ in range(rng.randint(3, 8)):
        minor += 1
        rows.append(f"v{major}.{minor}{rng.choice(('', 'a', 'b', 'c'))}")
        words = rng.choice(prose).split()[: rng.randint(3, 9)]
        rows.append(f"General: {' '.join(words)} . . . . {rng.randint(1, 30)}")
    return tuple(rows)


_FORMULAS = (
    ("sum_(i=1)^n x_i^2 = {a}", "\\sum_{{i=1}}^n x_i^2 = {a}"),
    ("integral_0^t L(x, y) phi(x) dif s", "\\int_0^t L(x, y) \\varphi(x)\\, ds"),
    ("{a} = (X^T W X)^(-1) X^T W y", "{a} = (X^T W X)^{{-1}} X^T W y"),
    ("E[y | x] = beta_0 + beta_1 x + epsilon", "E[y \\mid x] = \\beta_0 + \\beta_1 x + \\epsilon"),
    ("R_(X) C_R = X^T W - R_(Z X) C_L", "R_{{X}} C_R = X^T W - R_{{ZX}} C_L"),
    ("mu_(Y|U=u) = Z Lambda_theta u + X beta", "\\mu_{{Y|U=u}} = Z \\Lambda_\\theta u + X \\beta"),
    (
        "f(x) = 1 / sqrt(2 pi sigma^2) e^(-x^2 / 2)",
        "f(x) = \\frac{{1}}{{\\sqrt{{2\\pi\\sigma^2}}}} e^{{-x^2/2}}",
    ),
)


def equation(rng: random.Random) -> tuple[str, str]:
    """A displayed formula, as Typst math and as LaTeX."""
    typst, latex = rng.choice(_FORMULAS)
    value = rng.choice(("a", "b", "lambda", "1", "0"))
    return typst.format(a=value), latex.format(a=value if value != "lambda" else "\\lambda")


_JOURNALS = (
    ("aj", "AJ"), ("apj", "ApJ"), ("apjl", "ApJ Letters"), ("mnras", "MNRAS"), ("aap", "A&A"),
    ("pasp", "PASP"), ("nat", "Nature"), ("prd", "Phys. Rev. D"), ("aspc", "ASP Conf. Ser."),
    ("araa", "ARA&A"), ("icarus", "Icarus"), ("jcap", "J. Cosmology Astropart. Phys."),
    ("bain", "Bull. Astron. Inst. Netherlands"), ("memras", "Mem. RAS"), ("pra", "Phys. Rev. A"),
)  # fmt: skip


def abbreviations(rng: random.Random) -> tuple[str, ...]:
    """A table of commands and what they print, as class guides list journal abbreviations."""
    chosen = rng.sample(_JOURNALS, rng.randint(5, len(_JOURNALS)))
    return tuple(f"\\{command} {name}" for command, name in chosen)
