"""What an implementation under test may take, and that it leaves nothing behind: the run's
defaults (:mod:`~dicespec.conformance.containment.defaults`), the resource limits of its
processes (:mod:`~dicespec.conformance.containment.limits`), its processes found and ended
(:mod:`~dicespec.conformance.containment.processes`) and the bubblewrap sandbox
(:mod:`~dicespec.conformance.containment.sandbox`). It imports no other part of
:mod:`dicespec.conformance`; the transports start their processes with it."""
