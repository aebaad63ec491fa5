"""Every scenario of ``features/`` as a test, for pytest to collect (with the plugin
:mod:`dicespec.spec.steps.plugin` loaded). Each game of the registry keeps its cases in
``features/<game>/``; a test module that imports ``*`` from here runs them under its own name."""

from pytest_bdd import scenarios

from dicespec.registry import games
from dicespec.spec.paths import features_dir

scenarios(
    *(str(features_dir() / found.name) for found in games() if (features_dir() / found.name).is_dir()),
    features_base_dir=str(features_dir()),
)

__all__ = [name for name in globals() if name.startswith("test_")]  # in the order they were made
