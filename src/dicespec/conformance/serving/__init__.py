"""The serving side of the protocol: the loop that answers requests on standard input and
output with any implementation's methods (:mod:`~dicespec.conformance.serving.adapter`), and the
reference engines as it serves them (:mod:`~dicespec.conformance.serving.quick_reference`).
``python -m dicespec.adapter`` is its entry point."""
