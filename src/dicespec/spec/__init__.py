"""The spec as data: cases read from ``features/`` and findings from ``fixtures/errata.yaml``."""

from dicespec.spec.errata import Finding, findings, findings_by_case
from dicespec.spec.features import Case, case_index, cases

__all__ = ["Case", "Finding", "case_index", "cases", "findings", "findings_by_case"]
