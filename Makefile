# Every target is idempotent and works on a fresh machine (only python3 needed).
VENV   := .venv
PY     := $(VENV)/bin/python
# stamps: the package and what it runs on (enough for make app); then the tools of the
# tests, lint and types
APP    := $(VENV)/.installed
DEV    := $(VENV)/.installed-dev
WARM   := $(VENV)/.warm
SOURCES := $(shell find treeviz -name '*.py')
CHROMIUM := /usr/bin/chromium
# make check: every test but these (make test runs them all)
QUICK  := not slow and not browser and not installed
# pytest over the cores (below), the work handed out in the groups and order tests/conftest.py
# gives: the browser lane and the installed package's lane first, each on one worker,
# every other test to whichever worker is free
XDIST  := --dist loadgroup --no-loadscope-reorder
# make test's workers: one more than the cores, as the browser lane's worker mostly
# waits on its server and Chromium (measured quiet on 2 cores: pytest 699 s with two
# workers, 610 s with three); make check's tests keep the cores busy, one worker each
# (three workers there took 163 s against 150 s)
CORES  := $(shell python3 -c 'import os; print(len(os.sched_getaffinity(0)))')
# pytest keeps its rewritten test modules (and its plugins': all of Hypothesis) as
# bytecode in __pycache__; where PYTHONDONTWRITEBYTECODE is set, every worker rewrote
# them again, 4 s of CPU each. The tests write bytecode as Python does by default.
PYTEST := PYTHONDONTWRITEBYTECODE= $(VENV)/bin/pytest

.PHONY: setup app check test lint typecheck pytest quick browser docs dist bench clean

setup: $(WARM)

PIP    := $(PY) -m pip install --quiet --disable-pip-version-check
# uv installs what pip would, downloading in parallel: a fresh clone's make app takes
# about half as long. pip does the install wherever uv cannot.
UV     := $(VENV)/bin/uv pip install --quiet --python $(PY)
# The bytecode of everything installed, written once: uv writes none, and where
# PYTHONDONTWRITEBYTECODE is set Python never does, so every process (the suite starts
# hundreds) would compile pandas, numba and Streamlit again, seconds of CPU each. A
# file a package ships that does not compile is skipped, as pip skips it.
BYTECODE := $(PY) -m compileall -q -j 0 \
	$$($(PY) -c 'import sysconfig; print(sysconfig.get_path("purelib"))') >/dev/null || true

$(APP): pyproject.toml
	test -x $(PY) || python3 -m venv $(VENV)
	test -x $(VENV)/bin/uv || $(PIP) uv
	$(UV) -e . || $(PIP) -e .
	$(BYTECODE)
	touch $(APP)

$(DEV): $(APP)
	$(UV) -e '.[dev]' || $(PIP) -e '.[dev]'
	$(BYTECODE)
	touch $(DEV)

# Compiled kernels and bytecode, written again whenever a source file changes.
$(WARM): $(DEV) $(SOURCES)
	$(PY) -m treeviz.warmup
	touch $(WARM)

# make app AGENTS='mine.py:choose;cmd:./engine': your own agents in the pickers (the only
# user code the dashboard runs); HOST=0.0.0.0 listens beyond this machine; PORT=8502.
# The server compiles the kernels in the background once after an install: it answers
# at once, and a search waits only for its own agent's kernels.
app: $(APP)
	$(VENV)/bin/treeviz app --agents "$(AGENTS)" $(if $(HOST),--host $(HOST)) \
		$(if $(PORT),--port $(PORT))

# Debian's Chromium drives the browser tests; Playwright's own browser download
# cannot work offline, so we never call `playwright install`.
browser:
	@if [ -x $(CHROMIUM) ]; then :; \
	elif [ "$$(id -u)" = 0 ]; then \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	else \
		echo "Browser tests need Debian's chromium: run 'sudo apt-get install chromium'"; exit 1; \
	fi

# ruff's rules, then its formatter: code formatted one way, checked here, so no change
# carries reformatting (`ruff format treeviz tests benchmarks docs/hooks app.py` fixes it)
lint: $(DEV)
	$(VENV)/bin/ruff check treeviz tests benchmarks docs/hooks app.py
	$(VENV)/bin/ruff format --check treeviz tests benchmarks docs/hooks app.py

typecheck: $(DEV)
	$(VENV)/bin/mypy

# The quick loop: lint, types and every test that needs no browser, no wheel and no
# long solve (under 2 minutes), side by side as in make test.
check:
	$(MAKE) --no-print-directory -j3 lint typecheck quick

quick: setup
	$(PYTEST) -q -n $(CORES) $(XDIST) -m "$(QUICK)"

# The whole suite, the browser tests and the installed wheel's test included.
pytest: setup browser
	$(PYTEST) -q -n $$(( $(CORES) + 1 )) $(XDIST)

# The checks side by side: lint, mypy and the docs (about a minute of one core from a
# fresh clone, mypy most of it) run while the suite's first tests do, where the suite
# alone leaves a core partly idle. Their lines interleave; any failure fails the target.
test:
	$(MAKE) --no-print-directory -j4 lint typecheck docs pytest

# The documentation site, into site/: every warning an error (a broken link, a name
# the API reference cannot find), and nothing fetched from the network.
docs: $(DEV)
	NO_MKDOCS_2_WARNING=1 $(VENV)/bin/mkdocs build --strict

# The sdist and the wheel built from it, in dist/.
dist: $(DEV)
	$(PY) -m build --no-isolation --outdir dist .

bench: setup browser
	$(UV) -e '.[bench]' || $(PIP) -e '.[bench]'
	$(PY) benchmarks/engine.py
	$(PY) benchmarks/mcts.py
	$(PY) benchmarks/export.py
	$(PY) benchmarks/dashboard.py
	$(PY) benchmarks/solver.py
	$(PY) benchmarks/solve_uci.py
	$(PY) benchmarks/alphabeta.py
	$(PY) benchmarks/latency.py
	$(PY) benchmarks/first_visit.py
	$(PY) benchmarks/id3.py
	$(PY) benchmarks/arena.py
	$(PY) benchmarks/traced.py
	$(PY) benchmarks/trace_io.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache build dist site
