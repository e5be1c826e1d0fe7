"""Every finding code's documentation link lands on a section of docs/FINDINGS.md."""

from __future__ import annotations

import re
from pathlib import Path

from cite_sentinel.core.findings import RULES, Code, documentation_url

FINDINGS_MD = Path(__file__).resolve().parents[3] / "docs" / "FINDINGS.md"


def test_each_code_has_one_section_whose_anchor_the_link_names() -> None:
    headings = re.findall(r"^## (\S+)$", FINDINGS_MD.read_text(encoding="utf-8"), re.MULTILINE)
    assert sorted(headings) == sorted(code.value for code in Code)
    for code in Code:
        assert documentation_url(code).endswith(f"docs/FINDINGS.md#{code.value}")


def test_each_section_states_the_default_severity() -> None:
    text = FINDINGS_MD.read_text(encoding="utf-8")
    for code, rule in RULES.items():
        section = text.split(f"\n## {code.value}\n", 1)[1]
        assert section.lstrip().startswith(f"**{rule.severity.value}"), code
