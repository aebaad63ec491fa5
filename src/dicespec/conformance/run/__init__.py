"""A conformance run against an implementation, the top of :mod:`dicespec.conformance`: the
runner (:mod:`~dicespec.conformance.run.runner`), the worker process that contains a Python
object or function (:mod:`~dicespec.conformance.run.worker`, :mod:`~dicespec.conformance.run.function`),
the shrinking of a failing replay (:mod:`~dicespec.conformance.run.shrink`), the results and
their reports (:mod:`~dicespec.conformance.run.report`), the spec's pytest plugin
(:mod:`~dicespec.conformance.run.pytest_plugin`) and the compared implementations' results
(:mod:`~dicespec.conformance.run.compared`)."""
