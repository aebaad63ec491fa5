"""The package's layers point down, and no two of its units import each other.

Every import of every module of ``src/dicespec`` counts: at module level, inside a function, under
``TYPE_CHECKING``, and a module named in a string (``"dicespec.scoresheet.family:FAMILY"``,
``import_module("dicespec.x")``): the package's own reader of its import graph,
:mod:`dicespec.code_graph`, which the caches read too. A *unit* is a direct child of a package: at the top, a module
(``dice``, ``cli``) or a subpackage (``scoresheet``, ``conformance``); inside ``conformance``,
its parts (``protocol``, ``run``). The layers are drawn in ``docs/architecture.md``, and
:data:`LAYERS` is that drawing, checked against it.

Nothing outside the engines branches on a ruleset's type: a layer above keeps its own table per
family, keyed by the family's name, and a function for one family asks for its ruleset by type
(``find_ruleset_of``, ``of_kind``).
"""

from __future__ import annotations

import ast
import re

import pytest

from dicespec.code_graph import FACE, imports, modules
from dicespec.registry import FAMILIES, family
from folders import REPO

ARCHITECTURE = REPO / "docs" / "architecture.md"

# Bottom first: a unit may import units of its own layer (with no cycle) and of the layers below.
LAYERS: tuple[tuple[str, frozenset[str]], ...] = (
    (
        "engines",
        frozenset(
            {
                FACE,
                "schemas",
                "dice",
                "errors",
                "validation",
                "catalog",
                "replay",
                "rule_words",
                "progress",
                "code_graph",
                "scoresheet",
                "setaside",
                "registry",
                "rulesets",
            }
        ),
    ),
    ("reference", frozenset({"caches", "implementation", "solver", "spec"})),
    ("corpus", frozenset({"corpus"})),
    (
        "checking",
        frozenset(
            {
                "conformance",
                "identify",
                "regression",
                "export",
                "terminal",
                "replay_file",
                "ruleset_option",
                "command_line",
                "rulesets_command",
                "solve_command",
                "export_command",
            }
        ),
    ),
    ("pages", frozenset({"site", "check_command"})),
    ("commands", frozenset({"report", "cli", "adapter"})),
)


def unit_graph(package: str) -> dict[str, set[str]]:
    """The units of ``package`` (its direct children) and the units each one imports."""
    prefix = f"{package}."
    graph: dict[str, set[str]] = {}
    for name in modules():
        if not name.startswith(prefix):
            continue
        unit = name[len(prefix) :].split(".")[0]
        graph.setdefault(unit, set())
        for target in imports(name):
            # A part that reads its own package's __init__ reads the unit above, not a sibling; the
            # top level's face is a unit of its own (top_graph).
            if target.startswith(prefix) and (other := target[len(prefix) :].split(".")[0]) != unit:
                graph[unit].add(other)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one unit (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(unit: str) -> None:
        index[unit] = low[unit] = len(index)
        stack.append(unit)
        for other in sorted(graph.get(unit, ())):
            if other not in index:
                visit(other)
                low[unit] = min(low[unit], low[other])
            elif other in stack:
                low[unit] = min(low[unit], index[other])
        if low[unit] == index[unit]:
            component = []
            while True:
                other = stack.pop()
                component.append(other)
                if other == unit:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for unit in sorted(graph):
        if unit not in index:
            visit(unit)
    return found


def packages() -> list[str]:
    return [name for name, path in modules().items() if path.name == "__init__.py"]


def layer_of(unit: str) -> int:
    for number, (_, units) in enumerate(LAYERS):
        if unit in units:
            return number
    raise LookupError(unit)


def top_graph() -> dict[str, set[str]]:
    """The top-level units' graph, with the face as a unit of its own."""
    graph = unit_graph(FACE)
    graph[FACE] = {target.split(".")[1] for target in imports(FACE) if target != FACE}
    for unit, targets in graph.items():
        if unit != FACE and any(
            target == FACE for name in modules() if name.startswith(f"{FACE}.{unit}") for target in imports(name)
        ):
            targets.add(FACE)
    return graph


@pytest.mark.parametrize("package", packages())
def test_no_two_units_of_a_package_import_each_other(package: str) -> None:
    """Within every package, the import graph of its units has no cycle."""
    graph = top_graph() if package == FACE else unit_graph(package)
    assert cycles(graph) == [], f"units of {package} that import each other, directly or round a cycle"


def test_every_top_level_unit_has_a_layer() -> None:
    """A new module or subpackage of dicespec names its layer here and in docs/architecture.md."""
    unplaced = sorted(unit for unit in top_graph() if not any(unit in units for _, units in LAYERS))
    assert unplaced == []


def test_imports_point_down() -> None:
    """No unit imports a unit of a layer above its own; the engines import nothing above them."""
    upward = sorted(
        f"{unit} ({LAYERS[layer_of(unit)][0]}) imports {target} ({LAYERS[layer_of(target)][0]})"
        for unit, targets in top_graph().items()
        for target in targets
        if layer_of(target) > layer_of(unit)
    )
    assert upward == []


def test_the_architecture_page_draws_the_layers_as_they_are() -> None:
    """docs/architecture.md's table of layers lists the same layers, bottom first, with the same units."""
    text = ARCHITECTURE.read_text(encoding="utf-8")
    section = text.split("<!-- layers -->")[1]
    drawn = [
        (match[1], frozenset(re.findall(r"`([a-z_]+)`", match[2])))
        for match in re.finditer(r"^\| \d+ \| (\w+) \| (.+) \|$", section, re.MULTILINE)
    ]
    assert list(reversed(drawn)) == list(LAYERS)  # drawn top first


def test_the_cycle_finder_finds_every_cycle_and_only_cycles() -> None:
    """Three units round a cycle are one component; a unit that only reaches the cycle is not in it."""
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": {"a"}, "c": {"d"}, "d": set()}) == [["a", "b"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


# -- no branch on a ruleset's type above the engines -------------------------------------------

ENGINES_OF_RULESETS = ("scoresheet", "setaside", "rulesets")
"""The units that may ask a ruleset's type: the families' engines and the rulesets' loader."""


def ruleset_types() -> frozenset[str]:
    """The names of the families' ruleset types, and of their union."""
    return frozenset(family(name).ruleset_type.__name__ for name in FAMILIES) | {"Ruleset"}


def type_branches(source: str, types: frozenset[str]) -> list[int]:
    """The lines of ``source`` that ask whether a value is of one of ``types`` (by ``isinstance``,
    ``issubclass``, ``type(x) is``, or a ``case`` pattern), under any name it imports them as."""
    tree = ast.parse(source)
    names = set(types)
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            names |= {alias.asname for alias in node.names if alias.name in types and alias.asname}

    def names_one(node: ast.AST | None) -> bool:
        match node:
            case ast.Name(id=name) | ast.Attribute(attr=name):
                return name in names
            case ast.Tuple(elts=parts):
                return any(names_one(part) for part in parts)
            case ast.BinOp(left=left, op=ast.BitOr(), right=right):
                return names_one(left) or names_one(right)
        return False

    found = []
    for node in ast.walk(tree):
        match node:
            case ast.Call(func=ast.Name(id="isinstance" | "issubclass"), args=[_, kind]) if names_one(kind):
                found.append(node.lineno)
            case ast.Compare(left=ast.Call(func=ast.Name(id="type")), comparators=others) if any(
                names_one(other) for other in others
            ):
                found.append(node.lineno)
            case ast.MatchClass(cls=kind) if names_one(kind):
                found.append(node.lineno)
    return sorted(found)


def test_nothing_above_the_engines_branches_on_a_rulesets_type() -> None:
    """Outside the engines, no module asks which family's type a ruleset is: it asks its own table,
    by the family's name (``registry.game(ruleset.game).family_name``), or ``of_kind``."""
    types = ruleset_types()
    engines = tuple(f"{FACE}.{unit}" for unit in ENGINES_OF_RULESETS)
    found = [
        f"{path.relative_to(REPO)}:{line}"
        for name, path in modules().items()
        if not any(name == engine or name.startswith(f"{engine}.") for engine in engines)
        for line in type_branches(path.read_text(encoding="utf-8"), types)
    ]
    assert found == []


def test_the_type_branch_finder_finds_every_way_of_asking() -> None:
    """isinstance with a type, a tuple or a union, under an alias; type() is; a case pattern; and
    nothing else (a ruleset's name, another type)."""
    source = """
from dicespec.setaside.ruleset import SetAsideRuleset as Aside
isinstance(rules, SheetRuleset)
isinstance(rules, (int, Aside))
isinstance(rules, ruleset.SheetRuleset | None)
type(rules) is SetAsideRuleset
match rules:
    case SheetRuleset():
        pass
isinstance(rules, str)
of_kind(SheetRuleset, rules)
"""
    assert type_branches(source, frozenset({"SheetRuleset", "SetAsideRuleset"})) == [3, 4, 5, 6, 8]
