# The two commands of the README's quick start.
#   make run   create .venv, install arraybench with every CPU backend, run the main job
#   make test  the same set-up plus the dev tools, then ruff, mypy and pytest
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
PIP    := $(BIN)/python -m pip install --quiet --constraint constraints.txt
ARGS   ?=

.PHONY: run test lint clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(VENV)/.stamp-all: $(BIN)/python pyproject.toml constraints.txt
	$(PIP) --editable '.[all]'
	touch $@

$(VENV)/.stamp-dev: $(VENV)/.stamp-all
	$(PIP) --editable '.[all,dev]'
	touch $@

run: $(VENV)/.stamp-all
	$(BIN)/arraybench run $(ARGS)

lint: $(VENV)/.stamp-dev
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks
	$(BIN)/mypy

test: lint
	$(BIN)/python -m pytest

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache
