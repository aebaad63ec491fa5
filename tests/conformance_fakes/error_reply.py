"""Answers a request about the trigger dice with an error reply."""

import json

from _fake import Fake, run, triggered


def error(line: bytes) -> bytes | None:
    if not triggered(line):
        return None
    return json.dumps({"id": json.loads(line)["id"], "error": {"message": "five sixes: no idea"}}).encode() + b"\n"


if __name__ == "__main__":
    run(Fake(error))
