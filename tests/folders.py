"""Where the tests find the checkout's files, wherever in ``tests/`` a test module stands."""

from __future__ import annotations

from pathlib import Path

TESTS = Path(__file__).resolve().parent
REPO = TESTS.parent
FAKES = TESTS / "conformance_fakes"  # the adapters that break on purpose, one kind of breakage each
