# The README's two commands are `make serve` and `make test`; each sets up what it needs.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PY := $(BIN)/python
HOST ?= 127.0.0.1
PORT ?= 8000
CHROMIUM ?= /usr/bin/chromium
export NO_MKDOCS_2_WARNING := 1

.PHONY: setup serve build test test-load lint typecheck bench bench-pairings bench-site bench-bots bench-live lighthouse analysis puzzles mutation examples chromium clean

$(BIN)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test,docs,cluster]'
	touch $@

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

setup: $(BIN)/.installed node_modules/.installed

## serve: set everything up, then build and serve the site on http://127.0.0.1:8000
serve: setup
	@$(PY) -c "import socket; s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1); s.bind(('$(HOST)', $(PORT)))" 2>/dev/null \
		|| { echo "make serve: port $(PORT) is busy; choose another with PORT=, such as: make serve PORT=$$(( $(PORT) + 1 ))" >&2; exit 1; }
	$(BIN)/mkdocs serve --strict --dev-addr $(HOST):$(PORT)

## build: build the site into site/
build: setup
	$(BIN)/mkdocs build --strict

## chromium: install Debian's Chromium for the browser tests when it is missing
chromium:
	@if [ ! -x $(CHROMIUM) ]; then \
		echo "Installing Debian's chromium for the browser tests..."; \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -q && $$SUDO apt-get install -y -q chromium; \
	fi

lint: setup
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: setup
	$(BIN)/mypy

## test: set everything up, then run every check: lint, types, unit, docs, browser.
## TEST_WORKERS pytest processes (3 by default): on 2 cores, the third keeps both busy
## while the others wait on a browser, a server or a command (87% of the CPU used with 2)
TEST_WORKERS ?= 3
test: setup chromium lint typecheck build
	$(BIN)/pytest -n $(TEST_WORKERS) --dist loadfile --durations=25

## test-load: the browser tests on a busy machine: two busy loops beside `pytest -n 2`,
## every page's main thread 4x slower (LOAD_LOOPS=, PIRATE_RULES_CPU_THROTTLE= change
## them). Not part of `make test`; see tests/load.py
test-load: setup chromium build
	$(PY) tests/load.py

## bench: the engine's speed with the baseline bots: CPU and wall games/s, median and range.
## BASELINE=DIR times another source tree's engine in the same run, paired, for a ratio
## (DIR from, say, mkdir DIR && git archive COMMIT | tar -x -C DIR)
bench: setup
	$(PY) benchmarks/engine.py $(if $(BASELINE),--baseline $(BASELINE))

## bench-pairings: the same for every pairing of bots, and each Marvin bot's decisions/s (slow)
bench-pairings: setup
	$(PY) benchmarks/engine.py --pairings --games 300 --runs 3

## bench-site: first and second visits (with and without Python's snapshot) of both play
## pages and a rules page: time to the first choice or Run's answer, against a bare Pyodide
## boot in the same run, and the bytes each visit transfers
bench-site: build chromium
	$(PY) benchmarks/site.py

## lighthouse: Lighthouse 12 (pinned in package-lock.json) on seven pages, mobile, median of 3
lighthouse: build chromium
	$(PY) benchmarks/lighthouse.py

## examples: run every script in examples/ with the project's Python, as their docstrings show
examples: setup
	$(PY) examples/custom_bot.py
	$(PY) examples/pirate_race.py --games 20
	$(PY) examples/replay_record.py --game pirate --seed 3
	$(PY) examples/tournament.py --games 5

## bench-live: time the live examples' first and later runs and the bot lab's tournaments
bench-live: build chromium
	$(PY) benchmarks/live.py

## bench-bots: a Marvin bot's time per move in the browser (Pyodide) beside CPython
bench-bots: build chromium
	$(PY) benchmarks/browser_bots.py

## analysis: rerun the simulations behind docs/analysis (pages, data and charts).
## Long: the luck page alone took 47 minutes on two busy shared cores; allow an hour or
## more for all three (one page alone: python -m analysis --only luck).
analysis: setup
	$(PY) -m analysis

## puzzles: find the Puzzles page's positions again in simulated games, measure every move
## and explain the best (docs/learn/data/puzzles.json). Long: 54 minutes on two busy shared
## cores (11 minutes of CPU); progress on standard error. The tests re-check the answers.
puzzles: setup
	$(PY) -m analysis.puzzles

## mutation: mutate the engine's rule modules and run only the rules pages against each mutant
mutation: setup
	$(PY) -m pip install --quiet -e '.[mutation]'
	$(PY) tests/misreadings/mutation.py

clean:
	rm -rf site .pytest_cache .mypy_cache .ruff_cache
