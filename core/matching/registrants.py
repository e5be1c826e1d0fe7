"""DOI prefixes of real registrants: an unfound DOI under a real prefix is not an invented one.

An index may hold a work without its DOI, and a registry may lag; neither makes a DOI wrong.
A DOI whose prefix belongs to no registrant, though, cannot exist. doi.org/ra/{prefix} answers
this for any prefix; this table answers it offline for the publishers of most citations.
"""

from __future__ import annotations

from collections.abc import Iterable

KNOWN_PREFIXES = frozenset({
    "10.1002",  # Wiley
    "10.1007",  # Springer
    "10.1016",  # Elsevier
    "10.1017",  # Cambridge University Press
    "10.1021",  # American Chemical Society
    "10.1038",  # Nature Portfolio
    "10.1039",  # Royal Society of Chemistry
    "10.1051",  # EDP Sciences
    "10.1056",  # NEJM
    "10.1063",  # AIP
    "10.1073",  # PNAS
    "10.1080",  # Taylor & Francis
    "10.1086",  # University of Chicago Press
    "10.1088",  # IOP
    "10.1093",  # Oxford University Press
    "10.1098",  # Royal Society
    "10.1101",  # Cold Spring Harbor (bioRxiv, medRxiv)
    "10.1103",  # American Physical Society
    "10.1109",  # IEEE
    "10.1111",  # Wiley-Blackwell
    "10.1126",  # Science (AAAS)
    "10.1137",  # SIAM
    "10.1142",  # World Scientific
    "10.1145",  # ACM
    "10.1155",  # Hindawi
    "10.1162",  # MIT Press
    "10.1177",  # SAGE
    "10.1186",  # BioMed Central
    "10.1214",  # Institute of Mathematical Statistics
    "10.1371",  # PLOS
    "10.1561",  # now publishers
    "10.1609",  # AAAI
    "10.1613",  # JAIR
    "10.18653",  # ACL Anthology
    "10.21105",  # Journal of Open Source Software
    "10.21437",  # ISCA (Interspeech)
    "10.23915",  # Distill
    "10.24963",  # IJCAI
    "10.3389",  # Frontiers
    "10.3390",  # MDPI
    "10.48550",  # arXiv (DataCite)
    "10.5244",  # BMVA (BMVC)
    "10.5281",  # Zenodo
    "10.5555",  # ACM's placeholder for works without their own DOI
    "10.5591",  # Distill / others via Crossref
    "10.52202",  # NeurIPS proceedings
    "10.6084",  # figshare
    "10.7554",  # eLife
    "10.1023",  # Kluwer (Springer)
})  # fmt: skip


def prefix(doi: str) -> str:
    """The registrant part of a DOI: "10.1145" of "10.1145/3292500.3330701"."""
    return doi.split("/", 1)[0].lower() if doi.startswith("10.") else ""


def is_plausible(doi: str, seen: Iterable[str] = ()) -> bool:
    """Whether a DOI's prefix belongs to a known registrant or to a DOI an index returned."""
    head = prefix(doi)
    return bool(head) and (head in KNOWN_PREFIXES or head in {prefix(d) for d in seen if d})
