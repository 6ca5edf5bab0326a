# oddscalc: install into .venv, regenerate the tables, run the tests and the benchmarks.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: install tables test fuzz bench clean

install: $(STAMP)

$(STAMP): pyproject.toml constraints.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet -c constraints.txt -e '.[test]'
	touch $(STAMP)

tables: $(STAMP)
	$(BIN)/oddscalc tables --out tables/

test: $(STAMP)
	$(BIN)/python -m pytest -q

# The command-line fuzz test at full strength (make test runs 200 examples of it).
FUZZ_EXAMPLES ?= 5000
fuzz: $(STAMP)
	FUZZ_EXAMPLES=$(FUZZ_EXAMPLES) $(BIN)/python -m pytest -q -p no:cacheprovider tests/test_fuzz.py

bench: $(STAMP)
	$(BIN)/python -m bench.run --out bench/results.md

clean:
	rm -rf $(VENV) build *.egg-info
