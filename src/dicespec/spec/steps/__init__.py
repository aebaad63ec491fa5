"""The spec's steps and the pytest plugin that runs its features: product, shipped in the wheel.

- :mod:`.plugin`, the pytest plugin (``pytest -p dicespec.spec.steps.plugin``): the step
  definitions, the data tags made markers, the ``ruleset`` parametrization, the errata's strict
  expected failures, and the ``implementation`` fixture (the reference engines, unless a plugin
  answers :func:`~.plugin.Hooks.pytest_dicespec_implementation`, as ``--dicespec-impl`` does);
- :mod:`.scenarios`, the test module pytest collects: every scenario of ``features/``;
- :mod:`.common`, :mod:`.sheet`, :mod:`.setaside`, the step logic, written once and bound by
  :mod:`.phrasebook` to every phrasing of ``dicespec/spec/phrasebook.yaml``.

The step modules are imported, not registered as plugins, so that pytest leaves their asserts as
they are: a failing step's message is its own sentence, in every run.
"""
