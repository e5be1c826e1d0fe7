"""A person as CSL-JSON writes a name: the one conversion `fix` and the filter share."""

from __future__ import annotations

from cite_sentinel.core.model import Person


def csl_name(person: Person) -> dict[str, str]:
    """`{"family", "given", "non-dropping-particle", "suffix"}` as far as known, or `literal`."""
    if person.literal:
        return {"literal": person.literal}
    parts = {
        "family": person.family,
        "given": person.given,
        "non-dropping-particle": person.von,
        "suffix": person.suffix,
    }
    return {name: value for name, value in parts.items() if value}
