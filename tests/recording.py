"""A pytest plugin for the spec run of tests/test_export.py (``-p recording``, with ``tests/`` on
the path): the reference engines, which answer the spec's steps, record every question the steps
ask them, one JSON line per call with the test that asked it, appended to the file
``$DICESPEC_RECORDING`` names."""

from __future__ import annotations

import functools
import inspect
import json
import os
from typing import Any

import pytest

from dicespec.implementation import Implementation, ReferenceImplementation

VARIABLE = "DICESPEC_RECORDING"
OPERATIONS = [name for name, _ in inspect.getmembers(Implementation, inspect.isfunction) if not name.startswith("_")]


def _recorded(op: str, method: Any, path: str) -> Any:
    signature = inspect.signature(method)

    @functools.wraps(method)
    def recording(self: ReferenceImplementation, *args: Any, **kwargs: Any) -> Any:
        answer = method(self, *args, **kwargs)
        arguments = signature.bind(self, *args, **kwargs).arguments
        arguments.pop("self")
        test = os.environ.get("PYTEST_CURRENT_TEST", "").rsplit(" (", 1)[0]  # "nodeid (call)"
        with open(path, "a", encoding="utf-8") as out:
            out.write(json.dumps({"test": test, "op": op, "args": arguments, "answer": answer}) + "\n")
        return answer

    return recording


def pytest_configure(config: pytest.Config) -> None:
    path = os.environ[VARIABLE]
    for op in OPERATIONS:
        setattr(ReferenceImplementation, op, _recorded(op, getattr(ReferenceImplementation, op), path))
