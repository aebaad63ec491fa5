"""Examples of implementations and adapters run through dicespec's conformance suite."""
