"""Talking to an implementation under test: what every transport shares
(:mod:`~dicespec.conformance.transports.wire`), a command speaking the protocol
(:mod:`~dicespec.conformance.transports.stdio`, over one
:mod:`~dicespec.conformance.transports.child` process), a Python object called in process
(:mod:`~dicespec.conformance.transports.in_process`), and either one turned back into the
interface (:mod:`~dicespec.conformance.transports.client`)."""
