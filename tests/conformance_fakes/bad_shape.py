"""Answers a request about the trigger dice with a result of the wrong shape (text, not a number)."""

import json

from _fake import Fake, run, triggered


def as_text(line: bytes) -> bytes | None:
    if not triggered(line):
        return None
    return json.dumps({"id": json.loads(line)["id"], "result": "twenty-five"}).encode() + b"\n"


if __name__ == "__main__":
    run(Fake(as_text))
