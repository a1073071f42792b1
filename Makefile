# Every target is idempotent and works on a fresh machine.
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
WARM   := $(VENV)/.warm
SOURCES := $(shell find treeviz -name '*.py')
CHROMIUM := /usr/bin/chromium

.PHONY: setup app test lint typecheck pytest browser bench clean

setup: $(WARM)

$(STAMP): pyproject.toml
	test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

# Compiled kernels and bytecode, written again whenever a source file changes.
$(WARM): $(STAMP) $(SOURCES)
	$(PY) -m treeviz.warmup
	touch $(WARM)

# make app AGENTS='mine.py:choose;cmd:./engine': your own agents in the pickers (the only
# user code the dashboard runs); HOST=0.0.0.0 listens beyond this machine
app: setup
	$(VENV)/bin/treeviz app --agents "$(AGENTS)" $(if $(HOST),--host $(HOST))

# Debian's Chromium drives the browser tests; Playwright's own browser download
# cannot work offline, so we never call `playwright install`.
browser:
	@if [ -x $(CHROMIUM) ]; then :; \
	elif [ "$$(id -u)" = 0 ]; then \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	else \
		echo "Browser tests need Debian's chromium: run 'sudo apt-get install chromium'"; exit 1; \
	fi

lint: setup
	$(VENV)/bin/ruff check treeviz tests benchmarks app.py

typecheck: setup
	$(VENV)/bin/mypy

pytest: setup browser
	$(VENV)/bin/pytest -q

test: lint typecheck pytest

bench: setup browser
	$(PY) -m pip install --quiet -e '.[bench]'
	$(PY) benchmarks/engine.py
	$(PY) benchmarks/mcts.py
	$(PY) benchmarks/export.py
	$(PY) benchmarks/dashboard.py
	$(PY) benchmarks/solver.py
	$(PY) benchmarks/solve_uci.py
	$(PY) benchmarks/alphabeta.py
	$(PY) benchmarks/latency.py
	$(PY) benchmarks/id3.py
	$(PY) benchmarks/arena.py
	$(PY) benchmarks/traced.py
	$(PY) benchmarks/trace_io.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
