"""Talking to an implementation under test: a subprocess over stdio, or a Python object.

The pieces live in their own modules; this one gathers their public names so that
``from dicespec.conformance.transport import ...`` keeps working:

- :mod:`~dicespec.conformance.wire`: :class:`Hello`, what a request and a transport are;
- :mod:`~dicespec.conformance.child`: one child process with non-blocking pipes;
- :mod:`~dicespec.conformance.stdio`: :class:`StdioTransport`, the pipelined window, timeouts
  and restarts;
- :mod:`~dicespec.conformance.in_process`: :class:`InProcessTransport` and :func:`load_object`;
- :mod:`~dicespec.conformance.client`: :class:`ProtocolImplementation`, which turns either
  transport back into an :class:`~dicespec.implementation.Implementation`, and its errors.
"""

from __future__ import annotations

from dicespec.conformance.client import (
    ImplementationError,
    ImplementationSkipped,
    ProtocolImplementation,
    SubprocessImplementation,
)
from dicespec.conformance.in_process import InProcessTransport, load_object
from dicespec.conformance.stdio import StdioTransport
from dicespec.conformance.wire import Hello, Request, Transport

__all__ = [
    "Hello",
    "ImplementationError",
    "ImplementationSkipped",
    "InProcessTransport",
    "ProtocolImplementation",
    "Request",
    "StdioTransport",
    "SubprocessImplementation",
    "Transport",
    "load_object",
]
