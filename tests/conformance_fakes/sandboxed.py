"""On a request about the trigger dice, tries to get out: it writes a file in the current
directory, in the home folder and in another folder, connects to a TCP port and to a Unix
socket, all named in the environment variable ``DICESPEC_FAKE_ESCAPE`` (JSON: ``home``,
``folder``, ``port``, ``unix``), and starts a process. If it managed anything, it answers as if
nothing happened (the case passes); if it managed nothing, it says what it tried in an error
reply (the case is errored). Its own temporary folder it must be able to write.

    DICESPEC_FAKE_ESCAPE='{...}' python sandboxed.py TOKEN
"""

import json
import os
import socket
import sys
import tempfile
from pathlib import Path

from _fake import Fake, background, run, triggered


def attempts(escape: dict, token: str) -> dict[str, str]:
    """Each way out tried, and what came of it: 'done', or why not."""
    tried: dict[str, str] = {}
    for folder in (os.getcwd(), escape["home"], escape["folder"]):
        target = Path(folder, f"written-by-the-sandboxed-fake-{token}")
        try:
            target.write_text("out\n")
            tried[f"write {target}"] = "done"
        except OSError as exc:
            tried[f"write {target}"] = exc.strerror or str(exc)
    try:
        with socket.create_connection(("127.0.0.1", escape["port"]), timeout=2):
            tried[f"connect 127.0.0.1:{escape['port']}"] = "done"
    except OSError as exc:
        tried[f"connect 127.0.0.1:{escape['port']}"] = exc.strerror or str(exc)
    try:
        with socket.socket(socket.AF_UNIX) as unix:
            unix.connect(escape["unix"])
            tried[f"connect {escape['unix']}"] = "done"
    except OSError as exc:
        tried[f"connect {escape['unix']}"] = exc.strerror or str(exc)
    return tried


def escape(line: bytes) -> bytes | None:
    if not triggered(line):
        return None
    token = sys.argv[-1]
    own = Path(tempfile.gettempdir(), f"mine-{token}")
    own.write_text("in\n")  # its own temporary folder is writable
    assert own.read_text() == "in\n"
    background(holds_stdout=False)
    tried = attempts(json.loads(os.environ["DICESPEC_FAKE_ESCAPE"]), token)
    request_id = json.loads(line)["id"]
    if any(outcome == "done" for outcome in tried.values()):
        return json.dumps({"id": request_id, "result": 0}).encode() + b"\n"
    message = "contained: " + "; ".join(f"{what}: {outcome}" for what, outcome in tried.items())
    return json.dumps({"id": request_id, "error": {"message": message}}).encode() + b"\n"


if __name__ == "__main__":
    run(Fake(escape))
