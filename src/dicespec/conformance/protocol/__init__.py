"""The conformance protocol, the wire format every other part speaks: its version, operations
and messages (:mod:`~dicespec.conformance.protocol.messages`), checked against its JSON Schema,
quickly where it can be (:mod:`~dicespec.conformance.protocol.schema_check`). It imports no
other part of :mod:`dicespec.conformance`."""
