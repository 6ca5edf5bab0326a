# oddscalc: install into .venv, regenerate the tables, run the tests and the benchmarks, rebuild the shipped data.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: install tables data test check lint docs examples wheel-smoke studies fuzz bench clean

install: $(STAMP)

$(STAMP): pyproject.toml constraints.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet -c constraints.txt -e '.[test,dev,docs]'
	touch $(STAMP)

tables: $(STAMP)
	$(BIN)/oddscalc tables --out tables/

# The whole suite (README's test command; CI runs it), on two processes.
test: $(STAMP)
	$(BIN)/python -m pytest -q -n 2 --dist worksteal

# The fast tier: every module, the tests marked slow left out, on two processes (under two minutes on two cores).
check: $(STAMP)
	$(BIN)/python -m pytest -q -m "not slow" -n 2

# The architecture contracts, the linter, the formatter and the type checker (CI runs it).
lint: $(STAMP)
	$(BIN)/lint-imports --no-cache
	$(BIN)/ruff check conftest.py oddscalc tests bench studies tools
	$(BIN)/ruff format --check conftest.py oddscalc tests bench studies tools
	$(BIN)/mypy

# The documentation site, built into site/ (strict: a broken link, a missing page or a failing example fails it;
# docs/hooks.py runs every command example and adds the printed tables). CI runs it.
docs: $(STAMP)
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict --quiet

# Rewrite the example outputs of README.md and docs/ with what the commands print now (the tests and the site's
# build fail while they differ).
examples: $(STAMP)
	$(BIN)/python -m tools.doc_examples --write

# Rebuild the exact results shipped in oddscalc/data (only what is missing or stale; resumable).
data: $(STAMP)
	$(BIN)/oddscalc data build

# Build the wheel, install it outside the checkout, read-only, and use it from there (CI runs it).
wheel-smoke: $(STAMP)
	PYTHON=$(PYTHON) tools/wheel_smoke.sh

# The command-line fuzz test at full strength (make test runs 200 examples of it).
FUZZ_EXAMPLES ?= 5000
fuzz: $(STAMP)
	FUZZ_EXAMPLES=$(FUZZ_EXAMPLES) $(BIN)/python -m pytest -q -p no:cacheprovider tests/cli/test_fuzz.py

# The self-checks of the studies and tools (studies/README.md), and the full one-pack PE over every decision;
# not part of make test.
studies: $(STAMP)
	$(BIN)/python -m pytest -q -p no:cacheprovider studies tools
	ODDSCALC_STUDIES=1 $(BIN)/python -m pytest -q -p no:cacheprovider tests/protect/test_later_decisions.py

bench: $(STAMP)
	$(BIN)/python -m bench.run --out bench/results.md

clean:
	rm -rf $(VENV) build site *.egg-info
