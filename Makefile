# The two commands a newcomer needs:  `make` (build everything into output/)  and  `make test`.
PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
TESTED := $(VENV)/.installed-test

.PHONY: all build fast test bench docs clean distclean

all: build

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e .        # what the outputs need: no test tools, no plots
	$(PY) -m compileall -q -j 0 cardforge   # bytecode now: every later start skips compiling
	@touch $@

$(TESTED): $(STAMP)
	$(PY) -m pip install --quiet -e '.[test]'
	@touch $@

build: $(STAMP)
	$(PY) -m cardforge build --out output

# opt-in: the rows engine compiled with mypyc (about 2 minutes; needs a C compiler), used from then
# on by this checkout unless CARDFORGE_PURE=1 (cardforge/games/compiled.py, docs/engines.md)
fast: $(STAMP)
	$(PY) -m pip install --quiet -e '.[fast]'
	CARDFORGE_PURE=1 $(PY) -c 'from cardforge.games.compiled import main; main()'

test: $(TESTED)
	$(PY) -m pytest

bench: $(TESTED)
	$(PY) -m compileall -q -j 0 cardforge   # start-up is measured as installed: sources edited since compiled too
	$(PY) benchmarks/run.py   # bench_faces installs protograf 0.6.0 into a throwaway venv (benchmarks/peers.py)

docs: $(STAMP)
	$(PY) -m cardforge.rules > docs/rulings.md
	$(PY) -m cardforge schema --out docs/deck.schema.json
	$(PY) -m cardforge schema --layout --out docs/layout.schema.json
	$(PY) -m cardforge.cli.reference docs/cli.md

clean:
	find output -mindepth 1 ! -name .gitkeep ! -name README.md -exec rm -rf {} +

distclean: clean
	rm -rf $(VENV) .pytest_cache
