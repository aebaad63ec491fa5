"""A spec of a test's own, small enough to read in a few milliseconds, for the site's modules that
read one (``dicespec.site.data.load``) and show its cases and findings: a French feature of three
Kiriki cases transcribing a source text, in three passages (``petit-six-1``, an erratum its
finding explains; ``petit-six-2``, holding; ``petit-brelan-1``, an ambiguity no finding explains);
a case of no game; the source text with its entry in ``sources.yaml`` and a text without one; the
errata, one finding naming a case the features lack."""

from __future__ import annotations

from pathlib import Path

FEATURE = """\
# language: fr
@kiriki @source:petit.txt
Fonctionnalité: Les six

  @rule:sixes
  Plan du scénario: Les six comptent
    Soit les dés affichent <dés>
    Alors la ligne "6s" vaut <score>

    @erratum
    Exemples: Quatre six
      Les six : 66616 vaut 24.
      | id           | dés   | score |
      | petit-six-1  | 66616 | 24    |

    Exemples: Trois six
      | id           | dés   | score |
      | petit-six-2  | 66612 | 18    |

  @id:petit-brelan-1 @rule:three-of-a-kind @ambiguity
  Scénario: Un brelan
    Un brelan : 22234.
    Soit les dés affichent 22234
    Alors la ligne "3 du même type" vaut 13
"""

NO_GAME = """\
# language: en
@source:normative
Feature: Dice

  @id:plain-dice-1 @rule:none
  Scenario: Five dice
    Given the dice show 12345
"""

SOURCE = "Les six : 66616 vaut 24.\nUn brelan : 22234.\n"

SOURCES_YAML = """\
- file: petit.txt
  page: petit-fr
  languages: [fr]
  title: {en: "A small French text", fr: "Un petit texte", de: "Ein kleiner Text", pl: "Mały tekst"}
  about: {en: "made up", fr: "inventé", de: "erfunden", pl: "wymyślony"}
"""

ERRATA = """\
findings:
  - id: petit-sixes
    game: kiriki
    text: fr
    source: petit.txt
    kind: erratum
    quote: "66616 vaut 24"
    claim: 66616 scores 24 in the sixes.
    truth: 66616 shows four 6s, `petit-six-1`; it scores 24.
    decision: The case holds.
    holds_under: []
    cases: [petit-six-1, no-such-case]
    translations:
      fr: {claim: "66616 vaut 24.", truth: "Quatre 6.", decision: "Le cas tient."}
      de: {claim: "66616 zählt 24.", truth: "Vier 6.", decision: "Der Fall gilt."}
      pl: {claim: "66616 to 24.", truth: "Cztery 6.", decision: "Przypadek obowiązuje."}
"""


def small_spec(root: Path) -> Path:
    """Write the small spec below ``root`` (its ``features/`` and ``fixtures/``) and give ``root``."""
    (root / "features" / "kiriki" / "fr").mkdir(parents=True)
    (root / "features" / "kiriki" / "fr" / "petit.feature").write_text(FEATURE, encoding="utf-8")
    (root / "features" / "plain").mkdir()
    (root / "features" / "plain" / "dice.feature").write_text(NO_GAME, encoding="utf-8")
    sources = root / "fixtures" / "sources"
    sources.mkdir(parents=True)
    (sources / "petit.txt").write_text(SOURCE, encoding="utf-8")
    (sources / "other-text.txt").write_text("undeclared\n", encoding="utf-8")
    (sources / "sources.yaml").write_text(SOURCES_YAML, encoding="utf-8")
    (root / "fixtures" / "errata.yaml").write_text(ERRATA, encoding="utf-8")
    return root
