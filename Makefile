# The two commands of the README's quick start.
#   make run   create .venv, install arraybench with every CPU backend, run the main job
#   make test  the same set-up plus the dev tools, then ruff, mypy, lint-imports and pytest (in
#              parallel: TEST_WORKERS=0 for one process)
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
PIP    := $(BIN)/python -m pip install --quiet --constraint constraints.txt
ARGS   ?=
# pytest-xdist workers for `make test`, one per core of the 2-core machines the suite is timed on
# (each test file runs whole in one worker: module fixtures are built once). 0: one process.
TEST_WORKERS ?= 2

.PHONY: run test lint browser clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# (an editable install leaves arraybench's own modules uncompiled, and where the environment sets
# PYTHONDONTWRITEBYTECODE every command compiled ~250 of them again, ~0.3 s: compiled once here,
# as pip compiles an installed package; a module edited since is compiled as before)
$(VENV)/.stamp-all: $(BIN)/python pyproject.toml constraints.txt
	$(PIP) --editable '.[all]'
	$(BIN)/python -m compileall -q src >/dev/null
	touch $@

$(VENV)/.stamp-dev: $(VENV)/.stamp-all
	$(PIP) --editable '.[all,dev]'
	touch $@

run: $(VENV)/.stamp-all
	$(BIN)/arraybench run --html arraybench-report.html $(ARGS)

lint: $(VENV)/.stamp-dev
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks
	$(BIN)/mypy
	$(BIN)/lint-imports --no-logo

# The HTML report is checked in a real headless browser: Debian's Chromium, installed when missing
# and we may (root, apt-get present). Without it those tests skip and say why.
browser:
	@command -v chromium >/dev/null 2>&1 || { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null \
	  && (apt-get update -qq && apt-get install -y -qq chromium >/dev/null) \
	  || echo "chromium not installed: the browser test of the HTML report will be skipped"; }

test: lint browser
	$(BIN)/python -m pytest -n $(TEST_WORKERS) --dist loadfile

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache .import_linter_cache
