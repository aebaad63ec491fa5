"""The spec: every scenario of features/, collected here so that ``make test`` runs it with the
rest, through the spec's pytest plugin (``dicespec.spec.steps.plugin``, loaded by conftest.py)."""

from dicespec.spec.steps.scenarios import *  # noqa: F403  (the scenarios' tests, under this module's name)
