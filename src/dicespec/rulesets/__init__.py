"""Rulesets: every rule value of every game, kept as YAML data beside this module.

A ruleset file names its ``game`` (or ``extends`` another ruleset and writes only what
differs), is read with ``yaml.safe_load``, merged over its parent, validated against the JSON
Schema of the game's family (``dicespec/schemas/<family>-ruleset.json``, see
:mod:`dicespec.registry`) and turned into the family's typed ruleset object. Look one up by
name with :func:`find_ruleset`; load a file of your own with :func:`load_ruleset`.

A file's title, description, row labels and gap choices are written in its ``language`` (English
unless it says otherwise) and translated in ``translations`` (:mod:`dicespec.rulesets.prose`):
:func:`prose` gives them in any language of the site. The typed ruleset and :func:`ruleset_data`
hold the English and no translation: prose is not rules.

A file may carry the outcomes it expects of itself in ``expect`` (rolls and replayed games):
the schema checks their form, :mod:`dicespec.rulesets.expect` (``dicespec check``) checks them.
They are not rules either: the typed ruleset and :func:`ruleset_data` leave them out, and a file
that ``extends`` another does not inherit them.
"""

from __future__ import annotations

import copy
import hashlib
import json
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeAlias, TypeVar

import yaml

from dicespec.catalog import LANGUAGES
from dicespec.registry import Game, UnknownGameError, family_of_type, game, game_names
from dicespec.rulesets.paths import EXPECT, inherited_gaps, inherited_trace
from dicespec.rulesets.prose import (
    DEFAULT_LANGUAGE,
    TRANSLATION_KEYS,
    MissingText,
    RulesetProse,
    layered,
    translation_problems,
)
from dicespec.scoresheet.ruleset import SheetRuleset
from dicespec.validation import check

if TYPE_CHECKING:
    from dicespec.setaside.ruleset import SetAsideRuleset

Ruleset: TypeAlias = "SheetRuleset | SetAsideRuleset"
"""A typed ruleset of any family."""

RulesetT = TypeVar("RulesetT", "SheetRuleset", "SetAsideRuleset")

__all__ = [
    "PROVENANCE",
    "Declared",
    "Ruleset",
    "RulesetError",
    "RulesetProse",
    "UnknownRulesetError",
    "declare_document",
    "declare_file",
    "declared",
    "declared_rulesets",
    "describe_rules",
    "file_data",
    "find_ruleset",
    "find_ruleset_of",
    "find_rulesets_of",
    "game_of_ruleset",
    "is_shipped",
    "load_ruleset",
    "of_kind",
    "prose",
    "published",
    "rule_values",
    "ruleset_data",
    "ruleset_names",
]


class RulesetError(ValueError):
    """A ruleset file that cannot be used; the message names the file, key path and value, one
    line for each problem the schema finds (every one at once)."""


class UnknownRulesetError(RulesetError, LookupError):
    """No shipped ruleset has that name."""


def _shipped_files() -> dict[str, Path]:
    folder = resources.files(__name__)
    return {Path(entry.name).stem: Path(str(entry)) for entry in folder.iterdir() if entry.name.endswith(".yaml")}


MODEL = "model"
"""The folder of the model's rulesets, beside the games' (see its README.md)."""


def model_files() -> list[Path]:
    """The model's rulesets (``rulesets/model/``), by name: no game's, never on the site, each using
    rules of the model, or forms of their values, that no game's ruleset uses, so that a run of
    an implementation that plays rules as data asks every rule (:mod:`dicespec.rulesets.forms`)."""
    folder = resources.files(__name__) / MODEL
    return sorted(Path(str(entry)) for entry in folder.iterdir() if entry.name.endswith(".yaml"))


def _game(name: str) -> Any:
    return game(name)


def ruleset_names(game: str | None = None) -> list[str]:
    """The names of the shipped rulesets, game by game, each game's default first."""
    games = {name: _shipped_game(name) for name in _shipped_files()}
    names = [n for n in games if game is None or games[n] == game]
    return sorted(names, key=lambda n: (games[n], n != _game(games[n]).default_ruleset, n))


@cache
def _shipped_game(name: str) -> Any:
    """The game a shipped ruleset's file, or the nearest file it extends, names: read without the
    checks of its rules, which its first use makes (:func:`_shipped_data`). Listing the rulesets
    (every adapter's hello does) costs a read of each file, not a schema check of each."""
    chain = _chain(_shipped_files()[name])
    found = next((layer["game"] for _, layer in reversed(chain) if "game" in layer), None)
    if not isinstance(found, str) or found not in game_names():
        return _shipped_data(name)["game"]  # its checks refuse it, naming the file and what is wrong
    return found


def _unique_keys(loader: yaml.SafeLoader, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
    """A mapping as the safe constructor makes it, refused where a key is written twice (YAML
    keeps the last one silently, so a ruleset would lose the first value without a word)."""
    seen: set[Any] = set()
    for key_node, _ in node.value:
        key = loader.construct_object(key_node, deep=deep)
        if key in seen:
            raise yaml.constructor.ConstructorError(
                None, None, f"the key {key!r} is written twice", key_node.start_mark
            )
        seen.add(key)
    return yaml.SafeLoader.construct_mapping(loader, node, deep=deep)


class _UniqueKeyLoader(yaml.SafeLoader):
    """``yaml.safe_load`` that refuses a key written twice in one mapping, by PyYAML's own parser,
    whose messages say what it expected (``expected ',' or ']', but got ':'``)."""

    construct_mapping = _unique_keys


class _FastUniqueKeyLoader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # type: ignore[misc]
    """The same, by libyaml's parser where PyYAML has it: ten times faster, its messages terser.
    A file it refuses is read again by :class:`_UniqueKeyLoader`, for that one's message."""

    construct_mapping = _unique_keys


def _read_yaml(path: Path) -> dict[str, Any]:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise RulesetError(f"{path}: cannot read the file ({exc.strerror})") from None
    try:
        data = yaml.load(text, Loader=_FastUniqueKeyLoader)  # noqa: S506 (a safe loader)
    except yaml.YAMLError:
        try:
            data = yaml.load(text, Loader=_UniqueKeyLoader)  # noqa: S506 (a safe loader)
        except yaml.YAMLError as exc:
            mark = getattr(exc, "problem_mark", None)
            where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
            problem = getattr(exc, "problem", None) or "not valid YAML"
            raise RulesetError(f"{path}: not valid YAML{where}: {problem}") from None
    if not isinstance(data, dict):
        raise RulesetError(f"{path}: a ruleset is a mapping of keys to values, not {type(data).__name__}")
    return data


ALTERNATIVES = (("at_least", "exactly"), ("length", "faces", "any_of"))
"""Keys of which a mapping holds one (a row's ``of_a_kind`` count, its straight): the one a file
writes replaces whichever of the others the ruleset it extends wrote."""
BESIDE_THE_RULE = ("label", "section", "first_roll", "requires")
"""What a row keeps when a file gives it another rule family: what it is and does beside how it scores."""


def _merge(base: Mapping[str, Any], override: Mapping[str, Any]) -> dict[str, Any]:
    """Mappings merge key by key; any other value in ``override`` replaces the base value. A
    mapping that names another ``rule`` (a row's rule family, how more of a kind grow) replaces
    the base's but for what :data:`BESIDE_THE_RULE` names, and a key of :data:`ALTERNATIVES`
    replaces the others of its set."""
    if "rule" in override and "rule" in base and override["rule"] != base["rule"]:
        return {**{key: base[key] for key in BESIDE_THE_RULE if key in base}, **override}
    merged = dict(base)
    for keys in ALTERNATIVES:
        if any(key in override for key in keys):
            for key in keys:
                merged.pop(key, None)
    for key, value in override.items():
        if isinstance(value, Mapping) and isinstance(merged.get(key), Mapping):
            merged[key] = _merge(merged[key], value)
        else:
            merged[key] = value
    return merged


def _chain(path: Path, seen: tuple[Path, ...] = ()) -> list[tuple[Path, dict[str, Any]]]:
    """The files of ``path``'s ``extends`` chain, each as read, the root first."""
    return _chain_of(path, _read_yaml(path), seen)


def _chain_of(path: Path, data: dict[str, Any], seen: tuple[Path, ...] = ()) -> list[tuple[Path, dict[str, Any]]]:
    """The ``extends`` chain of a ruleset document (``path`` names it in messages), the root first."""
    data = dict(data)
    parent = data.pop("extends", None)
    if parent is None:
        return [(path, data)]
    if not isinstance(parent, str):
        raise RulesetError(f"{path}: extends: {parent!r} is not a ruleset name")
    shipped = _shipped_files()
    if parent not in shipped:
        raise RulesetError(f"{path}: extends: {parent!r} is not a shipped ruleset ({', '.join(sorted(shipped))})")
    if shipped[parent] in (*seen, path):
        raise RulesetError(f"{path}: extends: {parent!r} extends itself")
    return [*_chain(shipped[parent], (*seen, path)), (path, data)]


def _resolve(chain: list[tuple[Path, dict[str, Any]]]) -> dict[str, Any]:
    """The data of the last file of ``chain``, each parent merged in (but for its ``expect``: each
    file's expected outcomes are its own)."""
    base = copy.deepcopy(chain[0][1])
    for _, data in chain[1:]:
        base.pop(EXPECT, None)
        base = {**_merge(base, data), "trace": inherited_trace(base, data), "gaps": inherited_gaps(base, data)}
    return base


def _validate(path: Path, data: dict[str, Any]) -> None:
    name = data.get("game")
    try:
        family = _game(name if isinstance(name, str) else "").family
    except UnknownGameError:
        raise RulesetError(f"{path}: game: {name!r} is not a known game ({', '.join(game_names())})") from None
    check(data, family.schema, path, RulesetError)
    players = data.get("players", {"min": 1, "max": 1})
    if players["min"] > players["max"]:
        raise RulesetError(f"{path}: players.min: {players['min']!r}: more than players.max ({players['max']})")


def _check_translations(chain: list[tuple[Path, dict[str, Any]]], data: Mapping[str, Any]) -> None:
    """What the schema cannot refuse in the translations of each file of ``chain``."""
    found = [
        f"{path}: {problem}" for path, layer in chain for problem in translation_problems(layer, data.get("rows") or ())
    ]
    if found:
        raise RulesetError("\n".join(found))


def _rules(chain: list[tuple[Path, dict[str, Any]]], data: Mapping[str, Any]) -> dict[str, Any]:
    """The data the engines and the command line read: every value, the prose in English (the
    title, description and gap choices; a file in another language gives them in
    ``translations.en``, and falls back to its own words without it), the row labels as the file
    writes them (they are values: the names its text gives the rows); no translations, and no
    ``expect`` (the outcomes the file expects are checked by ``dicespec check``, not played)."""
    english = layered([layer for _, layer in chain], DEFAULT_LANGUAGE, data.get("rows") or (), strict=False)
    rules = {key: value for key, value in data.items() if key not in TRANSLATION_KEYS and key != EXPECT}
    rules.update(
        title=english.title,
        description=english.description,
        gaps=[{"key": key, "choice": choice} for key, choice in english.gaps],
    )
    return rules


def _data_from(path: Path, document: dict[str, Any] | None = None) -> dict[str, Any]:
    chain = _chain(path) if document is None else _chain_of(path, document)
    data = _resolve(chain)
    _validate(path, data)
    _check_translations(chain, data)
    data = _rules(chain, data)
    try:
        _build(data)  # what a schema cannot say: the family's own checks
    except ValueError as exc:
        raise RulesetError(f"{path}: {exc}") from None
    return data


def file_data(path: str | Path) -> dict[str, Any]:
    """The validated plain data of a ruleset file (its parents merged in), as
    :func:`load_ruleset` reads it; its errors name the file, and the line or key."""
    return _data_from(Path(path))


PROVENANCE = ("source", "texts", "trace", "gaps")
"""What a ruleset's data says besides its rules: its sources, where each value comes from, the
choices made."""


def rule_values(data: Mapping[str, Any]) -> dict[str, Any]:
    """A ruleset's plain data without its :data:`PROVENANCE` (key order kept: rows are in sheet
    order): what ``dicespec rulesets --json`` prints and other implementations read."""
    return {key: value for key, value in data.items() if key not in PROVENANCE}


def published(name: str) -> dict[str, Any]:
    """What ``dicespec rulesets --json`` prints of the ruleset ``name`` (shipped or declared), and
    other implementations read: its :func:`rule_values`, and for a score-sheet ruleset its
    ``sheet``, every line top to bottom as the engine's sheet lays it out and adds it up
    (:attr:`SheetRuleset.lines <dicespec.scoresheet.ruleset.SheetRuleset.lines>` and
    :attr:`~dicespec.scoresheet.ruleset.SheetRuleset.totals`): ``{"id", "kind"}``, the kind a
    ``row`` a player scores in, a ``bonus`` (the upper bonus, a bonus line) or a ``total``, and
    for a total the lines it ``adds``."""
    values = rule_values(ruleset_data(name))
    ruleset = find_ruleset(name)
    if isinstance(ruleset, SheetRuleset):
        totals = ruleset.totals

        def kind(line: str) -> str:
            return "row" if line in ruleset.rows else "total" if line in totals else "bonus"

        values["sheet"] = [
            {"id": line, "kind": kind(line), **({"adds": list(totals[line])} if line in totals else {})}
            for line in ruleset.lines
        ]
    return values


def ruleset_data(name: str) -> dict[str, Any]:
    """The validated plain data of a shipped ruleset (the parent merged in): a copy of its own."""
    return copy.deepcopy(_ruleset_data(name))


def _ruleset_data(name: str) -> dict[str, Any]:
    found = declared(name)
    if found is not None:
        return found.data
    return _shipped_data(name)


@cache
def _shipped_data(name: str) -> dict[str, Any]:
    """A shipped ruleset's validated data, read once a process (declarations come and go: a shipped
    file stays what it is)."""
    shipped = _shipped_files()
    if name not in shipped:
        raise UnknownRulesetError(f"unknown ruleset {name!r}; shipped rulesets: {', '.join(sorted(shipped))}")
    data = _data_from(shipped[name])
    if data["name"] != name:
        raise RulesetError(f"{shipped[name]}: name: {data['name']!r} differs from the file name {name!r}")
    return data


def _build(data: dict[str, Any]) -> Ruleset:
    ruleset: Ruleset = _game(data["game"]).family.ruleset_from_data(data)
    return ruleset


@cache
def find_ruleset(name: str) -> Ruleset:
    """The shipped ruleset called ``name`` (e.g. ``"kiriki-fr"``), as its game's typed object."""
    return _build(_ruleset_data(name))


def game_of_ruleset(name: str) -> Game:
    """The game a shipped ruleset is for (read from its data as it is: asked per roll, no copy)."""
    return game(_ruleset_data(name)["game"])


def find_ruleset_of(kind: type[RulesetT], name: str) -> RulesetT:
    """The shipped ruleset called ``name``, which must be of the family whose ruleset type is
    ``kind`` (e.g. ``find_ruleset_of(SheetRuleset, "kiriki")``); a :class:`RulesetError` otherwise."""
    return of_kind(kind, find_ruleset(name))


def find_rulesets_of(kind: type[RulesetT]) -> list[RulesetT]:
    """Every shipped ruleset of the family whose ruleset type is ``kind`` (e.g.
    ``find_rulesets_of(SetAsideRuleset)``), in :func:`ruleset_names` order."""
    family = family_of_type(kind).name
    return [find_ruleset_of(kind, name) for name in ruleset_names() if game_of_ruleset(name).family_name == family]


def of_kind(kind: type[RulesetT], ruleset: Ruleset) -> RulesetT:
    """``ruleset`` itself, typed as the family whose ruleset type is ``kind``; a
    :class:`RulesetError` naming the ruleset and the family if it is of another family."""
    if not isinstance(ruleset, kind):
        raise RulesetError(f"ruleset {ruleset.name!r} is not a {family_of_type(kind).name} ruleset")
    return ruleset


def load_ruleset(path: str | Path) -> Ruleset:
    """A ruleset from a YAML file of your own; it may ``extends:`` a shipped one."""
    return _build(file_data(path))


@cache
def _shipped_chain(name: str) -> tuple[tuple[Path, dict[str, Any]], ...]:
    _ruleset_data(name)  # an unknown name, or a file that cannot be used, is refused here first
    return tuple(_chain(_shipped_files()[name]))


def prose(name: str, lang: str) -> RulesetProse:
    """The title, description, row labels and gap choices of the shipped ruleset ``name`` in the
    site language ``lang`` (``prose("kiriki-fr", "de").rows["full_house"]``). A language the site
    lacks, or a text the ruleset's files do not give in ``lang``, is a :class:`RulesetError`
    naming the ruleset, the language and the missing key."""
    if lang not in LANGUAGES:
        raise RulesetError(f"ruleset {name!r}: the site has no language {lang!r} (it has {', '.join(LANGUAGES)})")
    chain = _shipped_chain(name)
    try:
        return layered([layer for _, layer in chain], lang, _ruleset_data(name).get("rows") or ())
    except MissingText as missing:
        inherited = "" if missing.layer == len(chain) - 1 else f" (in {chain[missing.layer][0].name}, which it extends)"
        raise RulesetError(f"ruleset {name!r} has no {lang} text for {missing.key}{inherited}") from None


# -- rules of one's own, declared for a run ---------------------------------------------------
#
# A ruleset file named with --ruleset-file, or a ruleset document an implementation declares in
# its hello, is *declared*: from then on this process finds it by its name as it finds a shipped
# ruleset (find_ruleset, ruleset_data, game_of_ruleset), so that the engines, the corpus and the
# spec's steps play it as they play the shipped ones. The process's child processes (the spec's
# pytest run) learn the same rules from the environment (declared_environment).

DECLARED_VARIABLE = "DICESPEC_DECLARED_RULESETS"
"""The environment variable that hands a process's declared rules to its child processes: a JSON
list of ``{"origin", "extends", "data"}``."""

_NAME = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")


def is_ruleset_name(name: str) -> bool:
    """Is ``name`` written as a ruleset's name is: lowercase words and -?"""
    return bool(_NAME.match(name))


def name_from(text: str, fallback: str) -> str:
    """A ruleset name made of any text (a file's stem, an implementation's name): its letters and
    digits in lower case, runs of anything else as -; ``fallback`` when nothing is left."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or fallback


@dataclass(frozen=True)
class Declared:
    """A ruleset of one's own, declared for this run: its ``name``, where it comes from
    (``origin``: a file's path, or the implementation that declared it), the shipped ruleset it
    ``extends`` (if it does), its validated plain data, and its own ``expect`` block."""

    name: str
    origin: str
    extends: str | None
    data: dict[str, Any]
    expect: dict[str, Any] | None = None

    @property
    def digest(self) -> str:
        """The SHA-256 of its rule values (no prose, no provenance), as canonical JSON."""
        return rules_digest(self.data)

    def describe(self) -> str:
        """How reports name these rules: ``house.yaml (extends yahtzee)``."""
        return f"{self.origin} (extends {self.extends})" if self.extends else self.origin


def rules_digest(data: Mapping[str, Any]) -> str:
    """``sha256:`` and the SHA-256 of a ruleset's rule values (:func:`rule_values`, no title or
    description either) as canonical JSON: two rulesets with one digest play alike."""
    values = {key: value for key, value in rule_values(data).items() if key not in ("name", "title", "description")}
    text = json.dumps(values, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()


_declared: dict[str, Declared] = {}
_from_environment = False


def _table() -> dict[str, Declared]:
    global _from_environment
    if not _from_environment:
        _from_environment = True
        for entry in json.loads(os.environ.get(DECLARED_VARIABLE) or "[]"):
            _add(Declared(entry["data"]["name"], entry["origin"], entry.get("extends"), entry["data"]))
    return _declared


def declared(name: str) -> Declared | None:
    """The ruleset of one's own declared under ``name`` in this process, if one is."""
    return _table().get(name)


def declared_rulesets() -> list[Declared]:
    """Every ruleset of one's own declared in this process, in the order declared."""
    return list(_table().values())


def is_shipped(name: str) -> bool:
    """Whether ``name`` is the name of a shipped ruleset."""
    return name in _shipped_files()


def describe_rules(name: str) -> str:
    """How reports name a ruleset: a shipped one by its name, one of one's own as
    ``house.yaml (extends yahtzee)``."""
    found = declared(name)
    return name if found is None else found.describe()


def _add(entry: Declared) -> Declared:
    known = _declared.get(entry.name)
    if known is not None:
        if known.digest != entry.digest:
            raise RulesetError(
                f"{entry.origin}: name: {entry.name!r} is declared twice with different rules (also by {known.origin})"
            )
        return known
    _declared[entry.name] = entry
    return entry


def _declare(origin: Path, document: dict[str, Any], fallback_name: str | None) -> Declared:
    own = dict(document)
    own.pop(EXPECT, None)
    if "name" not in own and fallback_name is not None:
        own["name"] = fallback_name
    name = own.get("name")
    if not isinstance(name, str) or not _NAME.match(name):
        raise RulesetError(f"{origin}: name: {name!r}: rules of one's own need a name (lowercase words and -)")
    data = _data_from(origin, own)
    if is_shipped(name):
        if rules_digest(data) == rules_digest(_ruleset_data(name)):
            raise RulesetError(f"{origin}: name: {name!r}: the shipped ruleset itself; name it as it is")
        raise RulesetError(f"{origin}: name: {name!r} is a shipped ruleset's name: give these rules one of their own")
    parent = document.get("extends")
    expect = document.get(EXPECT)
    _table()  # the declarations handed down in the environment, first
    return _add(Declared(name, str(origin), parent if isinstance(parent, str) else None, data, expect))


def declare_file(path: str | Path) -> Declared:
    """Declare the ruleset file at ``path`` for this run (it may ``extends:`` a shipped ruleset).
    It is named by its own ``name``, or else by the file's name (``house-rules.yaml``:
    ``house-rules``). A :class:`RulesetError` of one line naming the file, and the key path and
    value, when it cannot be used, when its name is a shipped ruleset's, or when another declared
    ruleset of that name has other rules."""
    given = Path(path)
    if not given.is_file():
        raise RulesetError(f"{given}: no such ruleset file")
    document = _read_yaml(given)
    stem = name_from(given.stem, "rules")
    own_name = document.get("name")
    return _declare(given, document, stem if own_name is None else None)


def declare_document(document: Any, origin: str) -> Declared:
    """Declare a ruleset document (a mapping, as a ruleset file holds; it must name itself) for
    this run; ``origin`` names who declared it in messages (``the hello of my-yahtzee``)."""
    if not isinstance(document, Mapping):
        kind = type(document).__name__
        raise RulesetError(f"{origin}: a ruleset document is a mapping of keys to values, not {kind}")
    if EXPECT in document:
        raise RulesetError(f"{origin}: {EXPECT}: only a ruleset file carries the outcomes it expects (dicespec check)")
    return _declare(Path(origin), dict(document), None)


def declared_environment() -> dict[str, str]:
    """The environment that hands this process's declared rules to a child process."""
    entries = [{"origin": d.origin, "extends": d.extends, "data": d.data} for d in declared_rulesets()]
    return {DECLARED_VARIABLE: json.dumps(entries, ensure_ascii=False)} if entries else {}


def forget_declared() -> None:
    """Forget every declared ruleset (for tests: a process declares its rules once)."""
    global _from_environment
    _declared.clear()
    _from_environment = True
    find_ruleset.cache_clear()
