"""The reference adapter, whose hello says what its JSON argument says besides: e.g. rules of
its own (``rulesets``), the player counts it plays (``players``), the games it plays (``games``)
or another ``protocol``. ``--protocol 1`` as the second argument: it speaks protocol 1."""

import json
import sys

from _fake import Fake, run

from dicespec.rulesets import declare_document


class Declares(Fake):
    def __init__(self, extra: dict) -> None:
        super().__init__(plays_documents=True)
        self.extra = extra
        if "games" in extra:  # it plays what it says it plays: its own rules among them, declared here
            self.games = {game: tuple(names) for game, names in extra["games"].items()}
            for number, document in enumerate(extra.get("rulesets", ())):
                declare_document(document, f"rulesets[{number}]")

    def answer(self, message: dict) -> dict:
        reply = super().answer(message)
        if message.get("op") == "hello" and "result" in reply:
            reply["result"].update(self.extra)
        return reply


if __name__ == "__main__":
    run(Declares(json.loads(sys.argv[1])))
