"""The few words of the transcription pages in each language of the site.

English is normative. The French, German and Polish pages translate only the page's own
words; the source text, the examples and the findings stay as they are (the findings are
written in English).
"""

from __future__ import annotations

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "overview_title": "Source texts",
        "overview_intro": (
            "The rule texts the spec transcribes, kept unchanged in the repository. Each has a page that "
            "quotes it passage by passage beside its examples. Examples without a source text (the English "
            "edge cases) are normative and appear only in the rules."
        ),
        "page": "Page",
        "file": "File",
        "no_sources": "No source text yet.",
        "title": "Transcription of {name}",
        "intro": (
            "How the spec transcribes this source text: each passage of the text, quoted, beside "
            "the examples that pin it down. Each example links to its place in the normative rules."
        ),
        "language": "Language of the text",
        "about": "What it is",
        "counts": "Examples",
        "sections": "Passages and their examples",
        "example": "Example",
        "checks": "What it checks",
        "standing": "Standing",
        "whole_text": "The text as it is",
        "whole_text_note": "Unchanged, as kept in the repository.",
        "no_cases": "No example transcribes this text yet.",
        "findings_note": "",
        "holding": "holds",
        "erratum": "erratum",
        "variant": "variant",
        "ambiguity": "ambiguity",
        "gap": "gap",
        "holds_under": "holds under",
        "no_finding": "no finding recorded",
        "other_languages": "This page in",
    },
    "fr": {
        "overview_title": "Textes sources",
        "overview_intro": (
            "Les textes de règles que la spécification transcrit, conservés tels quels dans le dépôt. "
            "Chacun a une page qui le cite passage par passage à côté de ses exemples."
        ),
        "page": "Page",
        "file": "Fichier",
        "no_sources": "Aucun texte source pour l'instant.",
        "title": "Transcription de {name}",
        "intro": (
            "Comment la spécification transcrit ce texte source : chaque passage du texte, cité, à "
            "côté des exemples qui le fixent. Chaque exemple renvoie à sa place dans les règles "
            "normatives (en anglais)."
        ),
        "language": "Langue du texte",
        "about": "De quoi il s'agit",
        "counts": "Exemples",
        "sections": "Passages et exemples",
        "example": "Exemple",
        "checks": "Ce qu'il vérifie",
        "standing": "Statut",
        "whole_text": "Le texte tel quel",
        "whole_text_note": "Inchangé, tel que conservé dans le dépôt.",
        "no_cases": "Aucun exemple ne transcrit encore ce texte.",
        "findings_note": "Les constats (errata, variantes, ambiguïtés) sont rédigés en anglais, la langue normative.",
        "holding": "tient",
        "erratum": "erratum",
        "variant": "variante",
        "ambiguity": "ambiguïté",
        "gap": "lacune",
        "holds_under": "tient sous",
        "no_finding": "aucun constat enregistré",
        "other_languages": "Cette page en",
    },
    "de": {
        "overview_title": "Quelltexte",
        "overview_intro": (
            "Die Regeltexte, die die Spezifikation überträgt, unverändert im Repository abgelegt. "
            "Jeder hat eine Seite, die ihn Abschnitt für Abschnitt neben seinen Beispielen zitiert."
        ),
        "page": "Seite",
        "file": "Datei",
        "no_sources": "Noch kein Quelltext.",
        "title": "Transkription von {name}",
        "intro": (
            "Wie die Spezifikation diesen Quelltext überträgt: jeder Abschnitt des Textes, zitiert, "
            "neben den Beispielen, die ihn festhalten. Jedes Beispiel verweist auf seine Stelle in "
            "den normativen Regeln (auf Englisch)."
        ),
        "language": "Sprache des Textes",
        "about": "Worum es geht",
        "counts": "Beispiele",
        "sections": "Abschnitte und Beispiele",
        "example": "Beispiel",
        "checks": "Was es prüft",
        "standing": "Stand",
        "whole_text": "Der Text, wie er ist",
        "whole_text_note": "Unverändert, wie im Repository abgelegt.",
        "no_cases": "Noch kein Beispiel überträgt diesen Text.",
        "findings_note": "Die Befunde (Errata, Varianten, Mehrdeutigkeiten) sind auf Englisch verfasst, der normativen Sprache.",
        "holding": "gilt",
        "erratum": "Erratum",
        "variant": "Variante",
        "ambiguity": "Mehrdeutigkeit",
        "gap": "Lücke",
        "holds_under": "gilt unter",
        "no_finding": "kein Befund verzeichnet",
        "other_languages": "Diese Seite auf",
    },
    "pl": {
        "overview_title": "Teksty źródłowe",
        "overview_intro": (
            "Teksty zasad, które specyfikacja przenosi, przechowywane bez zmian w repozytorium. "
            "Każdy ma stronę, która cytuje go fragment po fragmencie obok jego przykładów."
        ),
        "page": "Strona",
        "file": "Plik",
        "no_sources": "Brak tekstów źródłowych.",
        "title": "Transkrypcja {name}",
        "intro": (
            "Jak specyfikacja przenosi ten tekst źródłowy: każdy fragment tekstu, zacytowany, obok "
            "przykładów, które go ustalają. Każdy przykład prowadzi do swojego miejsca w "
            "normatywnych zasadach (po angielsku)."
        ),
        "language": "Język tekstu",
        "about": "Czym jest",
        "counts": "Przykłady",
        "sections": "Fragmenty i przykłady",
        "example": "Przykład",
        "checks": "Co sprawdza",
        "standing": "Status",
        "whole_text": "Tekst w oryginale",
        "whole_text_note": "Bez zmian, tak jak w repozytorium.",
        "no_cases": "Żaden przykład nie przenosi jeszcze tego tekstu.",
        "findings_note": "Ustalenia (errata, warianty, niejednoznaczności) są po angielsku, w języku normatywnym.",
        "holding": "obowiązuje",
        "erratum": "erratum",
        "variant": "wariant",
        "ambiguity": "niejednoznaczność",
        "gap": "luka",
        "holds_under": "obowiązuje w",
        "no_finding": "brak zapisanego ustalenia",
        "other_languages": "Ta strona w językach",
    },
}


def words(lang: str) -> dict[str, str]:
    """The words of ``lang``, English where a word is missing."""
    return {**WORDS["en"], **WORDS.get(lang, {})}
