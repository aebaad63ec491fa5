"""Plays only the reference Kiriki ruleset, and skips every request for a best 10000 roll."""

from _fake import Fake, run

from dicespec.implementation import ReferenceImplementation


class KirikiOnly(ReferenceImplementation):
    name = "kiriki-only"

    def best(self, ruleset: str, dice: str) -> int:
        raise NotImplementedError("no 10000 here")


if __name__ == "__main__":
    server = Fake(implementation=KirikiOnly())
    server.games = {"kiriki": ("kiriki",), "ten-thousand": ("ten-thousand",)}
    run(server)
