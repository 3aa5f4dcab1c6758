# Two commands: `make test` (the whole suite) and, for now, `make replay FILE=...`.
# Everything a target needs is installed into .venv inside the repo.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: test lint typecheck unit bench clean replay

$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[test]'
	@touch $(STAMP)

test: $(STAMP)
	$(BIN)/ruff check kahvehane tests bench
	$(BIN)/mypy kahvehane
	$(BIN)/python -m pytest -n 2

unit: $(STAMP)
	$(BIN)/python -m pytest -n 2

bench: $(STAMP)
	$(BIN)/python -m pip install -q -e '.[bench]'
	$(BIN)/python bench/okey_solver.py

replay: $(STAMP)
	$(BIN)/kahvehane replay $(FILE)

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
