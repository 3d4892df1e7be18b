# Two entry points, both create .venv on first use:
#   make run   set up and run the main job on the shipped example
#   make test  set up and run the linters and the test suite
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: run test lint clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,dask,mcp]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/projeval run

lint: $(STAMP)
	$(BIN)/ruff check evaluator tests benchmarks projections
	$(BIN)/mypy evaluator

test: lint
	$(BIN)/python -m pytest -q

clean:
	rm -rf $(VENV) .projeval reports/*.html
