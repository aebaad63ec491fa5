"""Answers a request about the trigger dice with a reply that carries another id."""

import json

from _fake import Fake, run, triggered


def wrong_id(line: bytes) -> bytes | None:
    if not triggered(line):
        return None
    return json.dumps({"id": json.loads(line)["id"] + 100_000, "result": 0}).encode() + b"\n"


if __name__ == "__main__":
    run(Fake(wrong_id))
