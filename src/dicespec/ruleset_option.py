"""``--ruleset-file PATH``: a ruleset file of one's own, as every command that names a ruleset
takes it (``score``, ``play``, ``solve``, ``rulesets``, ``export``, ``diff``, ``check``,
``report``).

One definition of the option (:func:`add_ruleset_file`) and one reading of it
(:func:`ruleset_file`; :func:`usable_file` for the commands that read the file themselves), so
that every command means the same by it and refuses a file it cannot use in the same words: one
line naming the file, the line where the file writes the key (where it does), the key path and the
value, as ``dicespec check`` names them; the command exits with status 2 and writes nothing.

The file is *declared* for the run (:func:`dicespec.rulesets.declare_file`): named by its own
``name``, or else by its file's name (``house.yaml``: ``house``), it is then found by that name
as a shipped ruleset is, by the engines, the corpus and the spec's steps; a file that takes a
shipped ruleset's name is refused. ``check`` and ``report`` read the file themselves and declare
nothing (``dicespec check`` may check a shipped ruleset's own file).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

import yaml

from dicespec.rulesets import Declared, RulesetError, declare_file, file_data
from dicespec.rulesets.expect import InvalidFile, located

OPTION = "--ruleset-file"
HELP = "a ruleset YAML file of your own (it may 'extends:' a shipped ruleset and write only what differs)"


def add_ruleset_file(parser: argparse._ActionsContainer, help: str = HELP) -> argparse.Action:
    """Add ``--ruleset-file PATH`` (``args.ruleset_file``) to ``parser``, or to a group of it."""
    return parser.add_argument(OPTION, metavar="PATH", dest="ruleset_file", help=help)


def ruleset_file(path: str | Path, *, game: str | None = None) -> Declared:
    """The ruleset in the file at ``path``, declared for this run; with ``game``, it must be a
    ruleset of that game. An :class:`~dicespec.rulesets.expect.InvalidFile` (a
    :class:`~dicespec.rulesets.RulesetError`) of one line otherwise, and nothing declared."""
    given, data = _read(path)
    found = data["game"]
    if game is not None and found != game:
        document = yaml.safe_load(given.read_text(encoding="utf-8"))  # read fine just now: a mapping
        key = "game" if "game" in document else "extends"
        message = f"{given}: {key}: {document[key]!r}: a ruleset of {found}, not of {game}"
        raise located(given, RulesetError(message))
    try:
        return declare_file(given)
    except RulesetError as exc:  # a name that is not one, or a shipped ruleset's
        raise located(given, exc) from None


def usable_file(path: str | Path) -> Path:
    """The file at ``path``, refused as :func:`ruleset_file` refuses it when it cannot be used,
    but not declared: for a command that reads the file itself (``check``, ``report``), which may
    be a shipped ruleset's own file."""
    return _read(path)[0]


def _read(path: str | Path) -> tuple[Path, dict[str, Any]]:
    """The file and its validated data (:func:`dicespec.rulesets.file_data`), or its one-line error."""
    given = Path(path)
    if not given.is_file():
        raise InvalidFile(given, None, "no such ruleset file")
    try:
        return given, file_data(given)
    except RulesetError as exc:
        raise located(given, exc) from None
