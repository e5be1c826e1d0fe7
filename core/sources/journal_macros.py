"""Journal macros of astronomy's BibTeX: `journal = {\\apj}` names The Astrophysical Journal.

NASA ADS writes its BibTeX with the journal macros of the AAS (`aas_macros.sty`, which journals'
LaTeX classes define), so most astronomy and planetary-science bibliographies name their
journals this way. Decoded as LaTeX, the macro would leave no venue to compare.
"""

from __future__ import annotations

import re

_MACRO = re.compile(r"\s*\{?\s*\\([A-Za-z]+)\s*\}?\s*")

JOURNALS = {
    "aj": "The Astronomical Journal",
    "actaa": "Acta Astronomica",
    "araa": "Annual Review of Astronomy and Astrophysics",
    "apj": "The Astrophysical Journal",
    "apjl": "The Astrophysical Journal Letters",
    "apjs": "The Astrophysical Journal Supplement Series",
    "ao": "Applied Optics",
    "apss": "Astrophysics and Space Science",
    "aap": "Astronomy and Astrophysics",
    "aapr": "The Astronomy and Astrophysics Review",
    "aaps": "Astronomy and Astrophysics Supplement Series",
    "azh": "Astronomicheskii Zhurnal",
    "baas": "Bulletin of the American Astronomical Society",
    "caa": "Chinese Astronomy and Astrophysics",
    "cjaa": "Chinese Journal of Astronomy and Astrophysics",
    "icarus": "Icarus",
    "jcap": "Journal of Cosmology and Astroparticle Physics",
    "jrasc": "Journal of the Royal Astronomical Society of Canada",
    "memras": "Memoirs of the Royal Astronomical Society",
    "mnras": "Monthly Notices of the Royal Astronomical Society",
    "na": "New Astronomy",
    "nar": "New Astronomy Reviews",
    "pra": "Physical Review A",
    "prb": "Physical Review B",
    "prc": "Physical Review C",
    "prd": "Physical Review D",
    "pre": "Physical Review E",
    "prl": "Physical Review Letters",
    "pasa": "Publications of the Astronomical Society of Australia",
    "pasp": "Publications of the Astronomical Society of the Pacific",
    "pasj": "Publications of the Astronomical Society of Japan",
    "qjras": "Quarterly Journal of the Royal Astronomical Society",
    "rmxaa": "Revista Mexicana de Astronomía y Astrofísica",
    "rnaas": "Research Notes of the AAS",
    "skytel": "Sky and Telescope",
    "solphys": "Solar Physics",
    "sovast": "Soviet Astronomy",
    "ssr": "Space Science Reviews",
    "zap": "Zeitschrift für Astrophysik",
    "nat": "Nature",
    "iaucirc": "IAU Circulars",
    "aplett": "Astrophysics Letters",
    "apspr": "Astrophysics and Space Physics Research",
    "bain": "Bulletin of the Astronomical Institutes of the Netherlands",
    "fcp": "Fundamentals of Cosmic Physics",
    "gca": "Geochimica et Cosmochimica Acta",
    "grl": "Geophysical Research Letters",
    "jcp": "The Journal of Chemical Physics",
    "jgr": "Journal of Geophysical Research",
    "jqsrt": "Journal of Quantitative Spectroscopy and Radiative Transfer",
    "memsai": "Memorie della Società Astronomica Italiana",
    "nphysa": "Nuclear Physics A",
    "physrep": "Physics Reports",
    "physscr": "Physica Scripta",
    "planss": "Planetary and Space Science",
    "procspie": "Proceedings of the SPIE",
    "psj": "The Planetary Science Journal",
    "maps": "Meteoritics and Planetary Science",
}


def expand(value: str) -> str:
    """The journal a field written as one AAS macro names; any other value as it is."""
    match = _MACRO.fullmatch(value)
    if match is None:
        return value
    return JOURNALS.get(match.group(1).lower(), value)
