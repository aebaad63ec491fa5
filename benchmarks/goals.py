"""The figures a benchmark measures, each beside its goal: the rows of ``make bench``'s table.

Every benchmark in this folder prints its own table and, given ``--json FILE``, also writes
its figures to ``FILE`` as rows (:class:`Figure`: a measure, its figure and unit, its goal,
met or not) that ``benchmarks/summary.py`` gathers into one table. A goal is a bound
(:class:`Goal`); whether a figure meets it is decided here only, for the benchmark's own table
and for the summary alike. Figures only: a goal missed is printed, it fails nothing.

The scripts import this module as ``goals`` (``benchmarks/`` is their own folder, so it is on
``sys.path`` when they run).
"""

from __future__ import annotations

import argparse
import json
import os
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Literal

Comparison = Literal[">=", ">", "<=", "<", "=="]
SIGNS: dict[Comparison, str] = {">=": "≥", ">": ">", "<=": "≤", "<": "<", "==": "="}
NO_GOAL = "—"
UNITS_WITHOUT_SPACE = ("", "×")


def with_unit(number: str, unit: str) -> str:
    """``number`` followed by ``unit`` (a space between, but none before ``×``)."""
    return number + unit if unit in UNITS_WITHOUT_SPACE else f"{number} {unit}"


@dataclass(frozen=True)
class Goal:
    """A bound a figure is meant to keep: the figure, compared by ``comparison``, with ``bound``
    (in the figure's unit)."""

    comparison: Comparison
    bound: float

    def met(self, figure: float) -> bool:
        """Whether ``figure`` keeps this bound."""
        return {
            ">=": figure >= self.bound,
            ">": figure > self.bound,
            "<=": figure <= self.bound,
            "<": figure < self.bound,
            "==": figure == self.bound,
        }[self.comparison]

    def text(self, unit: str) -> str:
        """The goal as it is printed, e.g. ``≥ 0.5`` or ``< 15 s``."""
        bound = f"{self.bound:,g}".replace("e-0", "e-")
        return f"{SIGNS[self.comparison]} {with_unit(bound, unit)}"


@dataclass(frozen=True)
class Figure:
    """One measure of a benchmark run: its figure (``value`` in ``unit``, printed with the format
    ``spec``), its goal (``None``: a figure without one) and what to print beside it."""

    measure: str
    value: float
    unit: str = ""
    goal: Goal | None = None
    beside: str = ""
    spec: str = ",.2f"

    @property
    def met(self) -> bool | None:
        """Whether the figure meets its goal; ``None`` without a goal."""
        return None if self.goal is None else self.goal.met(self.value)

    @property
    def figure_text(self) -> str:
        """The figure with its unit, e.g. ``1.75 s``."""
        return with_unit(format(self.value, self.spec), self.unit)

    @property
    def goal_text(self) -> str:
        """The goal with its unit, or a dash without one."""
        return NO_GOAL if self.goal is None else self.goal.text(self.unit)

    @property
    def verdict(self) -> str:
        """``met``, ``MISSED``, or a dash without a goal."""
        return {None: NO_GOAL, True: "met", False: "MISSED"}[self.met]

    def as_data(self) -> dict[str, Any]:
        """The figure as JSON-ready data (what :func:`read` reads back)."""
        return asdict(self)

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Figure:
        """The figure written by :meth:`as_data`."""
        goal = data.get("goal")
        return cls(**{**data, "goal": None if goal is None else Goal(goal["comparison"], float(goal["bound"]))})


@dataclass
class Figures:
    """The figures one benchmark run records, in the order measured."""

    rows: list[Figure] = field(default_factory=list)

    def add(
        self,
        measure: str,
        value: float,
        unit: str = "",
        goal: Goal | None = None,
        *,
        beside: str = "",
        spec: str = ",.2f",
    ) -> Figure:
        """Record one figure; returns it (for the benchmark's own table: its verdict, its text)."""
        figure = Figure(measure, float(value), unit, goal, beside, spec)
        self.rows.append(figure)
        return figure

    def write(self, path: Path | None) -> None:
        """Write the figures to ``path`` as JSON (nothing without a path)."""
        if path is not None:
            path.write_text(
                json.dumps([row.as_data() for row in self.rows], indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
            )


def read(path: Path) -> list[Figure]:
    """The figures a benchmark wrote to ``path`` with :meth:`Figures.write`."""
    return [Figure.from_data(row) for row in json.loads(path.read_text(encoding="utf-8"))]


def add_json_option(parser: argparse.ArgumentParser) -> None:
    """Give a benchmark's command line the ``--json FILE`` option (its figures written there)."""
    parser.add_argument(
        "--json",
        type=Path,
        metavar="FILE",
        help="also write the figures, each with its goal, to FILE as JSON (for benchmarks/summary.py)",
    )


def table(rows: list[list[str]]) -> str:
    """``rows`` (the first one the header) as a Markdown table, columns padded."""
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = [
        "| " + " | ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)) + " |" for row in rows
    ]
    lines.insert(1, "|" + "|".join("-" * (width + 2) for width in widths) + "|")
    return "\n".join(lines)


def load() -> str:
    """The machine's load average (other work running at the same time), over 1 and 5 minutes."""
    one, five, _ = os.getloadavg()
    return f"{one:.1f} (1 min), {five:.1f} (5 min)"


def cores() -> int:
    """The cores this process may run on."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
