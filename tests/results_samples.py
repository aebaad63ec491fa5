"""A small test module and feature file that runs of the results plugin (``--dicespec-results``) are made of."""

TESTS = """
import pytest
from pytest_bdd import given, scenarios, then

scenarios("cases.feature")


@given("a roll")
def _():
    pass


@then("it scores")
def _():
    pass


@pytest.fixture
def broken():
    raise RuntimeError("no fixture today")


def test_passes():
    pass


def test_fails():
    assert 1 == 2, "one is not two"


@pytest.mark.xfail(strict=True, reason="erratum e1: the text is wrong")
def test_fails_as_expected():
    assert False


@pytest.mark.xfail(strict=True, reason="erratum e2: the text is wrong")
def test_passes_against_the_errata():
    pass


@pytest.mark.xfail(strict=False, reason="erratum e3: maybe")
def test_passes_against_a_loose_expectation():
    pass


def test_skips():
    pytest.skip("no chromium")


def test_errors(broken):
    pass
"""

FEATURE = """\
Feature: Cases
  @id:plain-case
  Scenario: A plain case
    Given a roll
    Then it scores

  Scenario Outline: Rows
    Given a roll
    Then it scores

    Examples:
      | id       | dice  |
      | row-case | 66616 |
"""
