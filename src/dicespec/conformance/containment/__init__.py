"""What an implementation under test may take, and that it leaves nothing behind: the run's
defaults (:mod:`~dicespec.conformance.containment.defaults`), the limits of its processes
(:mod:`~dicespec.conformance.containment.limits`), its processes found, measured and ended
(:mod:`~dicespec.conformance.containment.processes`), its crash files kept out of the user's
folder (:mod:`~dicespec.conformance.containment.crashes`) and the bubblewrap sandbox
(:mod:`~dicespec.conformance.containment.sandbox`). It imports no other part of
:mod:`dicespec.conformance`; the transports start their processes with it."""
