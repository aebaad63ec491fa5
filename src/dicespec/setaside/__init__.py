"""10000 (Farkle, Dix mille): combinations of a roll, the turn and game, replays, the terminal."""
