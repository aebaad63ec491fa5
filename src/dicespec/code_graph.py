"""The package's own import graph, read from its source: which of its modules each module imports.

Every import counts: at module level, inside a function, under ``TYPE_CHECKING``, a relative one,
and a module of the package named in a string (``"dicespec.scoresheet.family:FAMILY"``,
``import_module("dicespec.x")``). Two readers: :mod:`dicespec.caches`, which names what it keeps by
the code that made it (:func:`closure`: the modules a module runs), and the test of the package's
layers, which checks that the graph's arrows point down.

Nothing here imports the package's modules: it reads their text.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Iterator
from functools import cache
from pathlib import Path

__all__ = ["FACE", "PACKAGE", "closure", "imports", "imports_in", "modules"]

FACE = "dicespec"  # the package's own __init__: the public names of the engines
PACKAGE = Path(__file__).resolve().parent


def _module_name(path: Path, package: Path) -> str:
    parts = [FACE, *path.relative_to(package).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@cache
def modules(package: Path = PACKAGE) -> dict[str, Path]:
    """Every module of the package (the one in ``package``, by default this one), by dotted name."""
    return {_module_name(path, package): path for path in sorted(package.rglob("*.py"))}


def _named_module(text: str, known: dict[str, Path]) -> str | None:
    """The module a string names, if it names one of the package's (``dicespec.x.y`` or ``dicespec.x:NAME``)."""
    name = text.split(":", 1)[0]
    return name if name.startswith(f"{FACE}.") and name in known else None


def imports_in(source: str, name: str, *, is_package: bool = False, package: Path = PACKAGE) -> Iterator[str]:
    """Every module of the package that ``source``, the text of the module ``name``, imports or names."""
    known = modules(package)
    here = name if is_package else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(source, name)):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names if alias.name.split(".")[0] == FACE)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = here.split(".")[: len(here.split(".")) - node.level + 1]
                source_module = ".".join([*base, *([node.module] if node.module else [])])
            else:
                source_module = node.module or ""
            if source_module.split(".")[0] != FACE:
                continue
            for alias in node.names:  # `from dicespec import corpus` imports a module; `import __version__`, the face
                submodule = f"{source_module}.{alias.name}"
                yield submodule if submodule in known else source_module
        elif (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and (named := _named_module(node.value, known))
        ):
            yield named


@cache
def imports(name: str, package: Path = PACKAGE) -> frozenset[str]:
    """Every module of the package that the module ``name`` imports or names, anywhere in it."""
    path = modules(package)[name]
    text = path.read_text(encoding="utf-8")
    return frozenset(imports_in(text, name, is_package=path.name == "__init__.py", package=package))


def _with_packages(name: str) -> Iterator[str]:
    """The module and every package above it, whose ``__init__`` runs when it is imported (a
    namespace package, with none, is not a module: :func:`closure` passes it by)."""
    parts = name.split(".")
    for end in range(1, len(parts) + 1):
        yield ".".join(parts[:end])


def closure(roots: Iterable[str], package: Path = PACKAGE) -> list[str]:
    """The modules that importing ``roots`` can run: each root, the packages above it, and whatever
    they import, round and round; sorted."""
    known = modules(package)
    seen: set[str] = set()
    unknown = sorted(root for root in roots if root not in known)
    if unknown:
        raise LookupError(f"no module {unknown[0]} in {package}")
    waiting = [each for root in roots for each in _with_packages(root)]
    while waiting:
        name = waiting.pop()
        if name in seen or name not in known:
            continue
        seen.add(name)
        waiting.extend(each for target in imports(name, package) for each in _with_packages(target))
    return sorted(seen)
