"""The README and the docs speak the page's own words: every button or label they name
(in bold, or quoted and capitalised) is a text the code shows."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def named_controls(readme: str) -> set[str]:
    """Bold terms that are not a paragraph's lead-in ("**Limits.**"), and quoted
    capitalised phrases of a few words without digits (a digit marks sample output)."""
    bold = {t for t in re.findall(r"\*\*([^*\n]{1,40})\*\*", readme) if not t.endswith(".")}
    quoted = {
        t
        for t in re.findall(r'"([A-Z][^"\n]{2,40})"', readme)
        if len(t.split()) <= 5 and not re.search(r"\d", t)
    }
    return bold | quoted


def test_every_control_the_readme_and_the_docs_name_is_on_a_page() -> None:
    # the pages' Python, and the scripts of the components that draw in the browser
    sources = [*(ROOT / "treeviz").rglob("*.py"), *(ROOT / "treeviz").rglob("*.js")]
    code = "\n".join(p.read_text() for p in sources)
    for page in [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]:
        text = "\n".join(
            line for line in page.read_text().splitlines() if not line.startswith("--8<--")
        )  # an included file's name
        missing = sorted(t for t in named_controls(text) if t not in code)
        assert not missing, f"{page.name} names what no page shows: {missing}"
