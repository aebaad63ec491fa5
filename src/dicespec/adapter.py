"""The reference engines behind the conformance protocol: ``python -m dicespec.adapter``.

It reads one JSON request a line on standard input and writes one JSON reply a line on
standard output (see ``docs/protocol.md``); ``--validate`` checks every request against the
protocol's schema first. The serving loop lives in :mod:`dicespec.conformance.serving.adapter`.
"""

import sys

from dicespec.conformance.serving.adapter import main

if __name__ == "__main__":
    sys.exit(main())
