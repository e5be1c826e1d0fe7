"""LaTeX in bibliography values to Unicode, since indexes store titles and names as plain text."""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

__all__ = ["decode_latex", "decode_protected", "decode_verbatim"]

# Accent commands and the combining mark each puts on the following letter.
# Accent commands to combining marks; sentences.py uses the same table.
ACCENTS = {
    "'": "\u0301",
    "`": "\u0300",
    "^": "\u0302",
    '"': "\u0308",
    "~": "\u0303",
    "=": "\u0304",
    ".": "\u0307",
    "u": "\u0306",
    "v": "\u030c",
    "H": "\u030b",
    "c": "\u0327",
    "k": "\u0328",
    "r": "\u030a",
    "d": "\u0323",
    "b": "\u0331",
    "t": "\u0361",
}

# Commands that stand for a character or a word.
_SYMBOLS = {
    "ss": "ß",
    "SS": "SS",
    "aa": "å",
    "AA": "Å",
    "o": "ø",
    "O": "Ø",
    "ae": "æ",
    "AE": "Æ",
    "oe": "œ",
    "OE": "Œ",
    "l": "ł",
    "L": "Ł",
    "i": "ı",
    "j": "ȷ",
    "dh": "ð",
    "DH": "Ð",
    "th": "þ",
    "TH": "Þ",
    "ng": "ŋ",
    "NG": "Ŋ",
    "dj": "đ",
    "DJ": "Đ",
    "&": "&",
    "%": "%",
    "$": "$",
    "#": "#",
    "_": "_",
    "{": "{",
    "}": "}",
    " ": " ",
    "\\": " ",
    ",": " ",
    ";": " ",
    ":": " ",
    "!": "",
    "-": "",
    "/": "",
    "@": "",
    "textendash": "–",
    "textemdash": "—",
    "textquoteleft": "‘",
    "textquoteright": "’",
    "textquotedblleft": "“",
    "textquotedblright": "”",
    "textquotesingle": "'",
    "textasciitilde": "~",
    "textasciicircum": "^",
    "textbackslash": "\\",
    "textbraceleft": "{",
    "textbraceright": "}",
    "textbar": "|",
    "textless": "<",
    "textgreater": ">",
    "textunderscore": "_",
    "textbullet": "•",
    "textdegree": "°",
    "textregistered": "®",
    "texttrademark": "™",
    "copyright": "©",
    "textcopyright": "©",
    "S": "§",
    "P": "¶",
    "pounds": "£",
    "euro": "€",
    "texteuro": "€",
    "ldots": "…",
    "dots": "…",
    "textellipsis": "…",
    "guillemotleft": "«",
    "guillemotright": "»",
    "quad": " ",
    "qquad": " ",
    "LaTeX": "LaTeX",
    "LaTeXe": "LaTeX2e",
    "TeX": "TeX",
    "BibTeX": "BibTeX",
    "XeTeX": "XeTeX",
    "slash": "/",
    # Mathematics, mostly met inside $...$.
    "alpha": "α",
    "beta": "β",
    "gamma": "γ",
    "delta": "δ",
    "epsilon": "ϵ",
    "varepsilon": "ε",
    "zeta": "ζ",
    "eta": "η",
    "theta": "θ",
    "vartheta": "ϑ",
    "iota": "ι",
    "kappa": "κ",
    "lambda": "λ",
    "mu": "μ",
    "nu": "ν",
    "xi": "ξ",
    "pi": "π",
    "varpi": "ϖ",
    "rho": "ρ",
    "varrho": "ϱ",
    "sigma": "σ",
    "varsigma": "ς",
    "tau": "τ",
    "upsilon": "υ",
    "phi": "ϕ",
    "varphi": "φ",
    "chi": "χ",
    "psi": "ψ",
    "omega": "ω",
    "Gamma": "Γ",
    "Delta": "Δ",
    "Theta": "Θ",
    "Lambda": "Λ",
    "Xi": "Ξ",
    "Pi": "Π",
    "Sigma": "Σ",
    "Upsilon": "Υ",
    "Phi": "Φ",
    "Psi": "Ψ",
    "Omega": "Ω",
    "times": "×",
    "cdot": "·",
    "pm": "±",
    "mp": "∓",
    "div": "÷",
    "leq": "≤",
    "le": "≤",
    "geq": "≥",
    "ge": "≥",
    "neq": "≠",
    "ne": "≠",
    "approx": "≈",
    "sim": "∼",
    "simeq": "≃",
    "equiv": "≡",
    "propto": "∝",
    "infty": "∞",
    "partial": "∂",
    "nabla": "∇",
    "sum": "∑",
    "prod": "∏",
    "int": "∫",
    "sqrt": "√",
    "in": "∈",
    "notin": "∉",
    "subset": "⊂",
    "subseteq": "⊆",
    "cup": "∪",
    "cap": "∩",
    "emptyset": "∅",
    "forall": "∀",
    "exists": "∃",
    "neg": "¬",
    "wedge": "∧",
    "vee": "∨",
    "to": "→",
    "rightarrow": "→",
    "leftarrow": "←",
    "Rightarrow": "⇒",
    "Leftarrow": "⇐",
    "leftrightarrow": "↔",
    "mapsto": "↦",
    "uparrow": "↑",
    "downarrow": "↓",
    "circ": "∘",
    "ast": "∗",
    "star": "⋆",
    "ell": "ℓ",
    "hbar": "ℏ",
    "prime": "′",
    "degree": "°",
    "langle": "⟨",
    "rangle": "⟩",
    "lbrace": "{",
    "rbrace": "}",
    "mid": "|",
    "vert": "|",
    "lvert": "|",
    "rvert": "|",
    "colon": ":",
    **{
        name: name
        for name in (
            "log",
            "ln",
            "exp",
            "sin",
            "cos",
            "tan",
            "max",
            "min",
            "lim",
            "sup",
            "inf",
            "det",
            "dim",
            "deg",
            "arg",
            "ker",
            "gcd",
            "Pr",
            "mod",
            "bmod",
        )
    },
}

# Commands whose argument is dropped (the first argument of \href is a URL).
_DROP_ARGUMENT = frozenset({"href", "label", "index", "footnote", "hspace", "vspace", "ref"})

# Commands producing a word: a space written after them is kept.
_WORDS = frozenset(name for name, value in _SYMBOLS.items() if len(name) > 2 and value.strip())

_SPECIAL = re.compile(r"[\\{}~$]|--|``|''")
_TOKEN = re.compile(
    r"\\(?:([A-Za-z]+)(\s*)|(.)|$)"  # a command: letters (eats spaces) or one symbol
    r"|(\{)|(\})|(\$)"
    r"|(---|--|``|''|~)"
    r"|([^\\{}$~`'\-]+|.)",
    re.DOTALL,
)
_ESCAPED = re.compile(r"\\([_%&#$~{}])")
_MAX_DEPTH = 100
_DASHES = {"---": "—", "--": "–", "``": "“", "''": "”", "~": " "}


@lru_cache(maxsize=65536)
def decode_latex(text: str) -> str:
    """Plain Unicode text: commands resolved, braces gone, whitespace collapsed."""
    if not _SPECIAL.search(text):
        return _collapsed(text)
    return " ".join(_Decoder(text, keep_braces=False).run().split())


@lru_cache(maxsize=65536)
def decode_protected(text: str) -> str:
    """Unicode text keeping the {braces} that protect case; special-character braces go."""
    if not _SPECIAL.search(text):
        return _collapsed(text)
    return " ".join(_Decoder(text, keep_braces=True).run().split())


def decode_verbatim(text: str) -> str:
    """A URL, DOI or eprint value: braces and escaping backslashes go, nothing else is touched."""
    if "\\" in text:
        text = _ESCAPED.sub(r"\1", text)
    if "{" in text or "}" in text:
        text = text.replace("{", "").replace("}", "")
    joined = "".join(text.split())
    return text if joined == text else joined


def _collapsed(text: str) -> str:
    """Whitespace collapsed; the text itself when it has nothing to collapse, so that a plain
    value is one string in memory, not two (a large .bib holds a million values)."""
    joined = " ".join(text.split())
    return text if joined == text else joined


class _Decoder:
    """A small recursive reader over LaTeX tokens; unbalanced braces are forgiven."""

    __slots__ = ("depth", "keep", "pos", "tokens")

    def __init__(self, text: str, *, keep_braces: bool) -> None:
        self.tokens = list(_TOKEN.finditer(text))
        self.pos = 0
        self.keep = keep_braces
        self.depth = 0

    def run(self) -> str:
        out: list[str] = []
        while self.pos < len(self.tokens):
            self._group(out, math=False)
            self.pos += 1  # a stray closing brace at the top level is dropped
        return "".join(out)

    def _group(self, out: list[str], *, math: bool) -> None:
        """Render tokens until the brace closing this group (consumed by the caller)."""
        tokens = self.tokens
        self.depth += 1
        while self.pos < len(tokens):
            token = tokens[self.pos]
            name, spaces, symbol, opening, closing, dollar, dash, text = token.groups()
            if closing:
                break
            self.pos += 1
            if opening and self.depth > _MAX_DEPTH:
                continue  # absurdly deep braces: flattened rather than followed
            if text is not None:
                out.append(text.replace("^", "").replace("_", "") if math else text)
            elif name is not None:
                self._command(name, spaces, out, math=math)
            elif symbol is not None:
                self._command(symbol, "", out, math=math)
            elif opening:
                self._braced(out, math=math)
            elif dollar:
                math = not math
            elif dash is not None:
                out.append(_DASHES[dash] if not math or dash == "~" else dash)
        self.depth -= 1

    def _braced(self, out: list[str], *, math: bool) -> None:
        special = self._peek_command()
        keep = self.keep and not special and not math
        if keep:
            out.append("{")
        self._group(out, math=math)
        self.pos += 1
        if keep:
            out.append("}")

    def _peek_command(self) -> bool:
        if self.pos >= len(self.tokens):
            return False
        token = self.tokens[self.pos]
        return token.group(1) is not None or token.group(3) is not None

    def _command(self, name: str, spaces: str, out: list[str], *, math: bool) -> None:
        mark = ACCENTS.get(name)
        if mark is not None and not (math and name in "~^"):
            out.append(self._accented(mark))
            return
        symbol = _SYMBOLS.get(name)
        if symbol is not None:
            out.append(symbol + (" " if spaces and name in _WORDS else ""))
            return
        if name in _DROP_ARGUMENT:
            self._skip_argument()
        elif name == "url":
            out.append(self._url())
        elif spaces and not self._next_is_group():
            out.append(" ")  # an unknown command vanishes; keep the word break it had

    def _accented(self, mark: str) -> str:
        """The accent applied to the next letter: `\\'e`, `\\'{e}`, `\\'{\\i}`, `\\' e`."""
        tokens = self.tokens
        while self.pos < len(tokens) and (tokens[self.pos].group(8) or "x").isspace():
            self.pos += 1
        if self.pos >= len(tokens):
            return ""
        token = tokens[self.pos]
        if token.group(8):
            text = token.group(8).lstrip()
            self.pos += 1
            return _compose(text[0], mark) + text[1:]
        if token.group(4):  # {e} or {\i}
            self.pos += 1
            inner: list[str] = []
            self._group(inner, math=False)
            self.pos += 1
            base = "".join(inner)
        elif token.group(1) is not None:  # \i, \j, \o
            self.pos += 1
            base = _SYMBOLS.get(token.group(1), "")
        else:
            return ""
        return _compose(base[:1], mark) + base[1:] if base else ""

    def _next_is_group(self) -> bool:
        return self.pos < len(self.tokens) and self.tokens[self.pos].group(4) is not None

    def _skip_argument(self) -> None:
        if self._next_is_group():
            self.pos += 1
            self._group([], math=False)
            self.pos += 1

    def _url(self) -> str:
        if not self._next_is_group():
            return ""
        start = self.tokens[self.pos].end()
        self.pos += 1
        self._group([], math=False)
        end = self.tokens[self.pos].start() if self.pos < len(self.tokens) else None
        source = self.tokens[0].string[start:end]
        self.pos += 1
        return decode_verbatim(source)


def _compose(letter: str, mark: str) -> str:
    if letter in "ıȷ":
        letter = "i" if letter == "ı" else "j"
    return unicodedata.normalize("NFC", letter + mark)
