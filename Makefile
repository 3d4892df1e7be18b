# Two entry points, both create .venv on first use:
#   make run   set up and run the main job on the shipped example
#   make test  set up and run the linters and the test suite
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
# The TypeScript compiler for the TypeScript example (package.json's devDependencies).
NODE_STAMP := node_modules/.installed

.PHONY: run test lint clean bytecode

# pip leaves site-packages without bytecode when PYTHONDONTWRITEBYTECODE is set, and then
# every process (projeval, each worker, the MCP server) compiles every module it imports:
# the install compiles them once.
$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,dask,mcp]'
	$(BIN)/python -m compileall -q -j 2 $(VENV)/lib
	touch $(STAMP)

# projeval's own modules and the example's projections (an editable install: they change
# under the install), compiled again where they changed; quick when nothing did.
bytecode: $(STAMP)
	$(BIN)/python -m compileall -q -j 2 evaluator projections

$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $(NODE_STAMP)

# The configured suites and the meter's MCP server (question_sets/meter_mcp.yaml), which a
# plain `projeval score` leaves out for its start-up time (see the README).
EXAMPLE := question_sets/support_desk.yaml question_sets/meter.yaml question_sets/meter_mcp.yaml

run: $(STAMP) bytecode
	$(BIN)/projeval run $(EXAMPLE)

lint: $(STAMP)
	$(BIN)/ruff check evaluator tests benchmarks projections
	$(BIN)/ruff format --check .
	$(BIN)/mypy evaluator

test: lint bytecode $(NODE_STAMP)
	$(BIN)/python -m pytest -q

clean:
	rm -rf $(VENV) node_modules .projeval reports/*.html
