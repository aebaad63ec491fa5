"""Set-aside games (10000, Farkle, Dix mille, Greed): combinations of a roll, the turn and game,
replays (the terminal game is :mod:`dicespec.terminal.setaside`)."""
