# The two commands of the README's quick start.
#   make run   create .venv, install arraybench with every CPU backend, run the main job
#   make test  the same set-up plus the dev tools, then ruff, mypy, lint-imports and pytest
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
PIP    := $(BIN)/python -m pip install --quiet --constraint constraints.txt
ARGS   ?=

.PHONY: run test lint browser clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(VENV)/.stamp-all: $(BIN)/python pyproject.toml constraints.txt
	$(PIP) --editable '.[all]'
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
	$(BIN)/python -m pytest

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache .import_linter_cache
