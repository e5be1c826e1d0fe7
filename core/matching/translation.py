"""Titles cited in translation: "… (in Russian)", or a Russian work's title given in English.

Indexes hold a work under its original title. A reference that says its title is a
translation cannot be shown invented by a title search that finds nothing.
"""

from __future__ import annotations

import re

from cite_sentinel.core.model import Reference

_LANGUAGES = (
    "Russian", "Ukrainian", "Belarusian", "Bulgarian", "Serbian", "Macedonian", "Kazakh",
    "Chinese", "Japanese", "Korean", "Greek", "Arabic", "Persian", "Farsi", "Hebrew", "Thai",
    "Hindi", "Bengali", "Urdu", "Georgian", "Armenian", "Mongolian", "Vietnamese", "Turkish",
    "Polish", "Czech", "Slovak", "Hungarian", "Romanian", "Croatian", "Slovenian",
    "Lithuanian", "Latvian", "Estonian", "Finnish", "German", "French", "Spanish",
    "Portuguese", "Italian", "Dutch", "Swedish", "Norwegian", "Danish", "Indonesian", "Malay",
)  # fmt: skip
# "(in Russian)", "[In Chinese]", "in Japanese with English abstract", "(Russian)".
_NOTE = re.compile(
    r"[(\[]\s*(?:in\s+)?(" + "|".join(_LANGUAGES) + r")\b[^)\]]*[)\]]"
    r"|\bin\s+(" + "|".join(_LANGUAGES) + r")(?:\s+with\s+\w+\s+(?:abstract|summary))?\s*\.?\s*$",
    re.IGNORECASE,
)
# Languages whose titles are written in another script than the Latin one, by name and code.
_OTHER_SCRIPT = {
    "ru": "Russian", "uk": "Ukrainian", "be": "Belarusian", "bg": "Bulgarian", "sr": "Serbian",
    "mk": "Macedonian", "kk": "Kazakh", "zh": "Chinese", "ja": "Japanese", "ko": "Korean",
    "el": "Greek", "ar": "Arabic", "fa": "Persian", "he": "Hebrew", "th": "Thai", "hi": "Hindi",
    "bn": "Bengali", "ur": "Urdu", "ka": "Georgian", "hy": "Armenian", "mn": "Mongolian",
}  # fmt: skip
_BY_NAME = {name.lower(): name for name in _OTHER_SCRIPT.values()} | {"farsi": "Persian"}
_NOTE_FIELDS = ("note", "annote", "addendum", "howpublished", "titleaddon", "language")


def translated_from(reference: Reference) -> str:
    """The language a reference says its title was translated from, or ""."""
    for name in _NOTE_FIELDS:
        if match := _NOTE.search(reference.field(name)):
            return (match.group(1) or match.group(2)).capitalize()
    raw = reference.raw.replace(reference.title, " ") if reference.title else reference.raw
    if match := _NOTE.search(raw):
        return (match.group(1) or match.group(2)).capitalize()
    language = (reference.field("langid") or reference.field("language")).strip().lower()
    name = _OTHER_SCRIPT.get(language) or _BY_NAME.get(language, "")
    return name if name and reference.title.isascii() else ""
