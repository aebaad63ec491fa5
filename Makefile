# dicespec: the two set-up commands are `make serve` and `make test`; both install what they need.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
INSTALLED := $(VENV)/.installed

.PHONY: help check lint format typecheck test serve site bench golden conformance optimal mutation constraints clean

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | sed -E 's/:.*## /\t/' | expand -t 14

$(INSTALLED): pyproject.toml constraints.txt package-lock.json
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -c constraints.txt pip setuptools wheel
	$(PY) -m pip install --quiet --disable-pip-version-check -c constraints.txt --no-build-isolation -e '.[test,docs,bench,thirdparty,mutation]'
	if command -v npm >/dev/null; then npm ci --no-audit --no-fund --silent; fi  # biome for make lint, axe-core for the browser tests (each skipped without npm, failed under CI=true)
	touch $@

# Python's bytecode cache, whatever the shell says: the suite starts hundreds of Python processes
# (adapters, the spec's runs, each console block's commands), and with PYTHONDONTWRITEBYTECODE set
# each compiles every module it imports again, and each worker rewrites every test module's asserts.
unexport PYTHONDONTWRITEBYTECODE

# pytest-xdist's workers: make check has one per core, make test one more, since its tests wait on
# a browser and on child processes often enough to leave a core idle (measured on this 2-core
# machine: 11 min 28 s with two workers, 10 min 40 s with three; later, 11 min 24 s with four against
# 11 min 30 s with three, at the same processor time: more workers than that only share the two
# cores; make check, busy with Python throughout, was 12 s slower with three). WORKERS=N sets both
# (WORKERS=0: all in one process).
# A test file runs whole on one worker, so a module's fixtures are made once; what several files
# share (the built site) is made once per run (tests/shared.py); a test marked alone runs with no
# other beside it (tests/alone.py); the longest files are handed out first (tests/order.py).
WORKERS ?= auto
TEST_WORKERS ?= $(if $(filter auto,$(WORKERS)),$(shell $(PYTHON) -c 'import os; print((os.cpu_count() or 1) + 1)'),$(WORKERS))
PARALLEL = -n $(WORKERS) --dist loadfile

# make check fails a test not marked slow that takes more than BUDGET seconds, setup and teardown
# included, saying so (tests/budget.py); make test passes no budget, so CI never fails on a timing.
BUDGET ?= 5

# make check INCREMENTAL=1: after a first run that records which code each test runs (pytest-testmon,
# its data in .testmondata), only the tests whose code changed since, in one process. testmon sees
# Python only: when any other file (features, rulesets, fixtures, docs, settings) was added, removed
# or changed since the data was written (.testmondata.inputs holds their hash), every test runs.
# Not the default, because it is not sound here: testmon counts the code a test ran, and a test
# that took its answer from a cache (the engines' lru_cache, the cache folder, a fixture made once)
# or from a child process ran none of it. Measured on this 2-core machine, idle: nothing changed,
# 2.4 s; a renamed local in scoresheet/rows.py, 26 s (45 tests); a changed score of 66666 there,
# 23 s, 41 tests chosen, 9 of the 23 that fail among them (the full make check: 1 min 44 s).
# Emptying every cache before each test makes it choose 411 and catch 21, in 5 min 31 s.
INCREMENTAL ?= 0
TESTMON_DATA := .testmondata
TESTMON_INPUTS := .testmondata.inputs
# The hash of every file of the checkout (tracked or not, git's ignored ones left out) but Python's.
INPUTS_HASH = git ls-files -co --exclude-standard -z | grep -zv '\.py$$' | xargs -0 sha1sum | sha1sum

check: $(INSTALLED) lint typecheck ## the fast loop: ruff, mypy, then every test but the slow ones (a second or more each: corpora, solves, identify runs, browser, wheel, third party)
ifeq ($(INCREMENTAL),1)
	@now=$$($(INPUTS_HASH)); \
	if [ ! -f $(TESTMON_DATA) ]; then \
	    echo "check: no testmon data yet: every test, recorded"; echo "$$now" > $(TESTMON_INPUTS); \
	    $(PY) -m pytest -m "not slow" --budget=$(BUDGET) $(PARALLEL) --testmon --testmon-forceselect; \
	elif [ "$$now" != "$$(cat $(TESTMON_INPUTS) 2>/dev/null)" ]; then \
	    echo "check: a file other than Python changed since the testmon data: every test"; \
	    $(PY) -m pytest -m "not slow" --budget=$(BUDGET) $(PARALLEL) && echo "$$now" > $(TESTMON_INPUTS); \
	else \
	    $(PY) -m pytest -m "not slow" --budget=$(BUDGET) -n 0 --testmon --testmon-forceselect; \
	fi
else
	$(PY) -m pytest -m "not slow" --budget=$(BUDGET) $(PARALLEL)
endif

# ruff, over the code and its tests, benchmarks and examples; its rules in pyproject.toml.
LINTED := src tests benchmarks examples docs/hooks.py $(wildcard tools)

# biome, over every .mjs and .js of the checkout (js/, examples/; what git ignores left out); its
# rules in biome.json, its version pinned in package.json and installed by npm ci. Without npm the
# JavaScript is left unchecked, said in one line; under CI (CI=true) that is a failure.
BIOME := node_modules/.bin/biome
biome = @if [ -x $(BIOME) ]; then echo "$(BIOME) $(1)"; $(BIOME) $(1); \
	elif [ "$$CI" = true ]; then echo "biome is not installed (npm ci), and CI must check the JavaScript" >&2; exit 1; \
	else echo "biome is not installed (no npm): the JavaScript is not checked" >&2; fi

lint: $(INSTALLED) ## ruff and biome: the lint rules and the format checked, Python and JavaScript (make check and make test start with it)
	$(VENV)/bin/ruff check $(LINTED)
	$(VENV)/bin/ruff format --check $(LINTED)
	$(call biome,ci .)

format: $(INSTALLED) ## ruff and biome: fix what the lint rules can, then format
	$(VENV)/bin/ruff check --fix $(LINTED)
	$(VENV)/bin/ruff format $(LINTED)
	$(call biome,check --write .)

typecheck: $(INSTALLED) ## mypy --strict over src/ and the maintainer tools (part of make check and make test)
	$(PY) -m mypy --strict

test: $(INSTALLED) lint ## run the whole test suite (spec, engines, CLI, site) and mypy; results in artifacts/results.jsonl
	@run() { echo "$$*"; "$$@"; }; \
	TIMEFORMAT='make test: %0lR, processor time %0lU user + %0lS system (mypy and pytest, however they end)'; \
	time { run $(PY) -m mypy --strict && \
	       run $(PY) -m pytest -n $(TEST_WORKERS) --dist loadfile --dicespec-results=artifacts/results.jsonl --junitxml=artifacts/junit.xml; }

# The site's pages are generated from features/, the rulesets, the errata and the last test
# results (artifacts/results.jsonl, one JSON line per test, written by `make test`) by the hook
# in docs/hooks.py.
serve: $(INSTALLED) ## build and serve the rules website on http://127.0.0.1:8000 (rebuilds on edits)
	NO_MKDOCS_2_WARNING=1 $(VENV)/bin/mkdocs serve --strict --dev-addr 127.0.0.1:8000

site: $(INSTALLED) ## build the rules website into site/
	NO_MKDOCS_2_WARNING=1 $(VENV)/bin/mkdocs build --strict

bench: $(INSTALLED) ## run every benchmark once; their figures against their goals in one table, also written into benchmarks/README.md (their own output on stderr)
	$(PY) benchmarks/summary.py

golden: $(INSTALLED) ## rewrite fixtures/golden/ from the reference engines (after a deliberate rule change)
	$(PY) -m dicespec.regression.golden

conformance: $(INSTALLED) ## run the compared implementations (examples/adapters/, js/) and rewrite fixtures/conformance/
	$(PY) -m dicespec.cli rulesets --json > js/rulesets.json
	$(PY) -m tools.comparison
	$(PY) -m tools.identified

optimal: $(INSTALLED) ## solve every shipped ruleset and rewrite fixtures/optimal-play.json (about ten seconds uncached)
	$(PY) -m dicespec.solver.figures

# make mutation FULL=1: every mutant again, whatever the kept run in mutants/ holds.
FULL ?= 0

mutation: $(INSTALLED) ## mutation-test the engines with the spec as the only tests (the features, the model rulesets' expected outcomes); record the score in fixtures/mutation/ (a whole run about 18 minutes, measured on 2 cores; after an engine edit, only the changed functions' mutants)
	$(PY) -m tools.mutation $(if $(filter 1,$(FULL)),--full)

constraints: $(INSTALLED) ## re-pin constraints.txt from the installed set
	{ sed -n '1,2p' constraints.txt; $(PY) -m pip freeze --all --exclude-editable | grep -v '^dicespec'; } > constraints.new && mv constraints.new constraints.txt

clean: ## remove the virtual environment and build output
	rm -rf $(VENV) site build dist docs/generated artifacts mutants $(TESTMON_DATA)* $(TESTMON_INPUTS)
