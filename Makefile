# The two commands of the README: `make run` and `make test`. Both install what they need.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
export PYTHONDONTWRITEBYTECODE := 1
SOURCES := $(wildcard game/*.py ai/*.py)

.PHONY: run test lint typecheck unit native bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --upgrade --quiet pip

$(VENV)/.runtime: requirements.txt requirements-native.txt pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -r requirements.txt -r requirements-native.txt
	$(BIN)/python -m pip install --quiet --no-deps -e .
	touch $@

$(VENV)/.dev: $(VENV)/.runtime requirements-dev.txt
	$(BIN)/python -m pip install --quiet -r requirements-dev.txt
	touch $@

# The mypyc-compiled kernel, rebuilt when a source changes; without a C compiler the game and
# the tests run the pure-Python modules (game/_native.py decides at import).
game/_native.json: $(SOURCES) | $(VENV)/.runtime
	@$(BIN)/python tools/build_native.py || echo "(continuing with the pure-Python modules)"

native: game/_native.json

run: $(VENV)/.runtime native
	$(BIN)/python main.py

test: $(VENV)/.dev native lint typecheck unit

lint: $(VENV)/.dev
	$(BIN)/ruff check .

typecheck: $(VENV)/.dev
	$(BIN)/mypy --strict game ai

unit: $(VENV)/.dev native
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/python -m pytest -q

bench: $(VENV)/.runtime native
	$(BIN)/python bench/engine.py

clean:
	$(BIN)/python tools/build_native.py --clean 2>/dev/null || true
	rm -rf $(VENV) build dist .mypy_cache .pytest_cache .ruff_cache
