# The two commands of the README: `make run` and `make test`. Both install what they need.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
export PYTHONDONTWRITEBYTECODE := 1

.PHONY: run test lint typecheck unit bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --upgrade --quiet pip

$(VENV)/.runtime: requirements.txt | $(BIN)/python
	$(BIN)/python -m pip install --quiet -r requirements.txt
	touch $@

$(VENV)/.dev: requirements.txt requirements-dev.txt | $(BIN)/python
	$(BIN)/python -m pip install --quiet -r requirements-dev.txt
	touch $@

run: $(VENV)/.runtime
	$(BIN)/python main.py

test: $(VENV)/.dev lint typecheck unit

lint: $(VENV)/.dev
	$(BIN)/ruff check .

typecheck: $(VENV)/.dev
	$(BIN)/mypy --strict game ai ui

unit: $(VENV)/.dev
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/python -m pytest -q

bench: $(VENV)/.runtime
	$(BIN)/python bench/engine.py

clean:
	rm -rf $(VENV) build dist .mypy_cache .pytest_cache .ruff_cache
