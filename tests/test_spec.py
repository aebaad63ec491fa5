"""The spec: every scenario of features/, run through the steps in tests/steps/."""

from pytest_bdd import scenarios

scenarios("kiriki", "ten-thousand")
