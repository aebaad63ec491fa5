"""The site's scripts: the project's JavaScript package, ``js/`` at the top of the checkout.

The package holds the JavaScript implementation of every game (``dicespec-games.mjs``: the code
the conformance suite checks on every case, through the stdio adapter of ``examples/adapters/js/``),
the optimal coach (``coach.mjs``) and the pages' scripts: the rules pages' scorer
(``scorer.mjs``), the game pages (``play.mjs``), the Errata page's filter (``findings.mjs``), what
they share (``blocks.mjs``), and what the scorer and the game pages draw, which knows no page
(``scoring.mjs``, ``session.mjs``: the package's node tests run them). Each is a module of its own,
run as it is written: no build step.

:func:`script_files` gives every module of the package (``js/*.mjs``) by its path below the site
root, ``javascripts/<name>.mjs``: the site's build hands them to MkDocs beside the generated pages
(``docs/hooks.py``), and the house report writes them beside its page. The package's tests
(``js/test/``), its manifest and the rulesets' data it reads under node (``js/rulesets.json``,
which ``make conformance`` writes) are not scripts of the site: the site's own rulesets' data is
:func:`dicespec.site.scorer.scorer_files`'.
"""

from __future__ import annotations

from pathlib import Path

PACKAGE_PATH = "js"  # the package's folder in the checkout
PACKAGE = Path(__file__).resolve().parents[3] / PACKAGE_PATH
FOLDER = "javascripts"  # below the site root


def modules() -> list[Path]:
    """The package's modules, by name."""
    return sorted(PACKAGE.glob("*.mjs"))


def script_files() -> dict[str, bytes]:
    """Every module of the package, by its path below the site root."""
    found = modules()
    if not found:
        raise FileNotFoundError(
            f"{PACKAGE}: the site's JavaScript is read from a checkout of the repository (js/), which this is not"
        )
    return {f"{FOLDER}/{path.name}": path.read_bytes() for path in found}
