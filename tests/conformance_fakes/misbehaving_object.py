"""A Python object for ``--python``: the reference, but for three rolls in the chance row. On
66666 it calls ``sys.exit(3)``, on 55555 it ends its process at once (``os._exit``), on 44444
it fills 1 GiB of memory and holds it (a minute at most, then it answers) until it is stopped."""

import os
import sys
import time
from typing import ClassVar

from dicespec.implementation import ReferenceImplementation


class MisbehavingObject(ReferenceImplementation):
    name = "misbehaving-object"
    rulesets: ClassVar[dict[str, list[str]]] = {"kiriki": ["kiriki"]}

    def score(self, ruleset: str, dice: str, row: str) -> int:
        if dice == "66666":
            sys.exit(3)
        if dice == "55555":
            os._exit(4)
        if dice == "44444":
            blocks = [b"4" * (32 << 20) for _ in range(32)]  # written, so resident too
            time.sleep(60)
            return len(blocks)
        return super().score(ruleset, dice, row)
