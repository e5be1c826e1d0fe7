"""Markdown and LaTeX markup out of a reference string, since styles differ only in words."""

from __future__ import annotations

import re

from cite_sentinel.core.sources.latex_text import decode_latex

_SURROGATE = re.compile("[\ud800-\udfff]")
# An enumerator: "[3]", "[Ame02]", "(3)", "3.", "- "; never a year ("(2010) IEEE Trans. …", an
# index's export that prints no names).
_LABEL = re.compile(
    r"^\s*(?!\(\s*(?:1[89]|20)\d\d\s*\)|(?:1[89]|20)\d\d\s*[.)])"
    r"(?:\\?\[\s*\d+\s*\\?\]|\[[A-Z][A-Za-z+-]{0,8}\d{2,4}[a-z]?\]|\(\s*\d+\s*\)|\d+\s*[.)](?!\d)"
    r"|[-*+•]\s)\s*"
)
_MD_LINK = re.compile(r"\[([^\]]*)\]\(\s*<?([^)\s>]+)>?\s*\)")
_ANGLE_URL = re.compile(r"<((?:https?|ftp)://[^>\s]+|doi:[^>\s]+)>", re.IGNORECASE)
_MD_EMPHASIS = re.compile(r"(?<![\w*])(\*{1,3}|_{1,3})(?=\S)(.+?)(?<=\S)\1(?![\w*])")
_URL = re.compile(r"(?:https?|ftp)://\S+", re.IGNORECASE)
_LATEX_URL = re.compile(r"\\(?:url|href)\s*\{([^}]*)\}(?:\s*\{([^}]*)\})?")
_LATEX_NEWBLOCK = re.compile(r"\\newblock\b\s*")
_BACKSLASH_ESCAPE = re.compile(r"\\([\[\]*_#`()&%$])")  # Markdown escapes, same in LaTeX


def whole_characters(text: str) -> str:
    """The text with UTF-16 surrogate pairs (as a PDF's text layer may give "𝓁", U+1D4C1) made
    one character each, and a lone surrogate, which no encoder takes, made U+FFFD."""
    if not _SURROGATE.search(text):
        return text
    return text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")


def strip_label(text: str) -> tuple[str, str]:
    """The leading enumerator ("[3]", "3.", "(3)", "- ") and the text after it."""
    match = _LABEL.match(text)
    if not match:
        return "", text
    return match.group(0).strip(), text[match.end() :]


def plain_text(text: str) -> str:
    """One line of plain text: Markdown links and emphasis, LaTeX markup and escapes gone."""
    text = _MD_LINK.sub(_link_text, text)
    text = _ANGLE_URL.sub(r"\1", text)
    text = _BACKSLASH_ESCAPE.sub(r"\1", text)
    if "\\" in text or "{" in text or "~" in text:
        text = _latex_to_text(text)
    text = _strip_emphasis(text)
    return " ".join(text.split())


def _link_text(match: re.Match[str]) -> str:
    """A Markdown link keeps its text; a bare-URL link keeps the URL once."""
    label, url = match.group(1).strip(), match.group(2)
    if not label or label == url or label.lower().startswith(("http", "doi", "10.")):
        return url
    return f"{label} {url}"


def _latex_to_text(text: str) -> str:
    """LaTeX markup decoded; URLs protected, since decoding would eat their `~` and `_`."""
    urls: list[str] = []

    def keep(url: str) -> str:
        urls.append(url.replace("\\_", "_").replace("\\%", "%").replace("\\#", "#"))
        return f" \x00{len(urls) - 1}\x00 "

    text = _LATEX_NEWBLOCK.sub(" ", text.replace("\x00", ""))  # NUL marks the placeholders
    text = _LATEX_URL.sub(lambda m: keep(m.group(1)), text)
    text = _URL.sub(lambda m: keep(m.group(0)), text)
    decoded = decode_latex(text)
    return re.sub(r"\s*\x00(\d+)\x00\s*", lambda m: f" {urls[int(m.group(1))]} ", decoded)


def _strip_emphasis(text: str) -> str:
    """`*Journal*`, `_Title_`, `**5**` to their words; URLs keep their underscores."""
    pieces = _URL.split(text)
    urls = _URL.findall(text)
    out = [_MD_EMPHASIS.sub(r"\2", piece) for piece in pieces]
    merged = out[0]
    for url, piece in zip(urls, out[1:], strict=True):
        merged += url + piece
    return merged
