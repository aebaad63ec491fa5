"""The spec: every scenario of features/, run through the steps in tests/steps/.

Each game of the registry keeps its cases in ``features/<game>/``."""

from pytest_bdd import scenarios

from dicespec.registry import games
from dicespec.spec.paths import features_dir

scenarios(*(found.name for found in games() if (features_dir() / found.name).is_dir()))
