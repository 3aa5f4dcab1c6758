# Two commands: `make serve` (the salon on http://127.0.0.1:8000) and `make test` (the
# whole suite); `make quick` runs the quick tier while you work. Everything a target needs
# is installed into .venv inside the repo.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: test quick bench bench-okey bench-engines bench-casino bench-server bench-rl bench-ladder clean replay serve cluster bench-cluster

# setup.py compiles the Koz Maça hot path (_core.pyx): a change to it reinstalls.
$(STAMP): pyproject.toml setup.py kahvehane/games/koz_maca/_core.pyx
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[test,server,rl]'
	@touch $(STAMP)

# The browser tests (tests/web) drive Debian's Chromium; Playwright's own download does not work here.
CHROMIUM := /usr/bin/chromium

$(CHROMIUM):
	apt-get install -y -q chromium || (apt-get update -q && apt-get install -y -q chromium)

# tests/server/test_balancer.py runs deploy/nginx.conf and deploy/haproxy.cfg in front of three nodes.
NGINX := /usr/sbin/nginx
HAPROXY := /usr/sbin/haproxy

$(NGINX) $(HAPROXY):
	apt-get install -y -q nginx haproxy || (apt-get update -q && apt-get install -y -q nginx haproxy)

# pytest caches the tests' rewritten assertions as bytecode; with PYTHONDONTWRITEBYTECODE
# set, each of the two workers (and every server the tests start) would compile them
# anew on every run. The caches go to __pycache__/, which git ignores.
test quick: export PYTHONDONTWRITEBYTECODE :=

# The whole gate: lint, types and every test (browsers, servers, the cluster). A module
# runs on one worker (a server its tests share starts once), the long tiers first
# (tests/conftest.py).
# The browser tests check every screen with axe-core, from the npm registry (pinned in
# tests/web/axe/package-lock.json; the machine's node and npm).
# (npm dates the files it unpacks 1985: a stamp of our own says when it ran.)
AXE := tests/web/axe/node_modules/.installed

$(AXE): tests/web/axe/package-lock.json
	npm ci --prefix tests/web/axe --no-audit --no-fund --silent
	@touch $(AXE)

test: $(STAMP) $(CHROMIUM) $(NGINX) $(HAPROXY) $(AXE)
	$(BIN)/ruff check kahvehane tests bench
	$(BIN)/mypy kahvehane
	$(BIN)/python -m pytest -n 2 --dist loadfile --no-loadscope-reorder

# The quick tier (under a minute): the engines, the pure parts, the table driven in
# process and the doctests; no browser, no server process, no Redis, nothing slow
# (the markers: pyproject.toml, tests/tiers.py). No apt package; the store's own tests
# still use this machine's PostgreSQL (KAHVEHANE_NO_POSTGRES=1 leaves it out).
QUICK := not browser and not server and not cluster and not slow
quick: $(STAMP)
	$(BIN)/python -m pytest -n 2 -m "$(QUICK)"

# Benchmarks (bench/README.md); `make bench` runs them all, which takes a while.
BENCH_STAMP := $(VENV)/.bench-installed

$(BENCH_STAMP): $(STAMP)
	$(BIN)/python -m pip install -q -e '.[test,server,rl,bench]'
	@touch $(BENCH_STAMP)

bench: bench-okey bench-engines bench-casino bench-server bench-rl bench-ladder

bench-okey: $(BENCH_STAMP)
	$(BIN)/python bench/okey_solver.py

bench-engines: $(BENCH_STAMP)
	$(BIN)/python bench/engines.py

bench-casino: $(STAMP)
	$(BIN)/python bench/casino_legal.py

# The salon on http://$(HOST):$(PORT)/ (`make serve PORT=8080`), with an SQLite file it
# creates (kahvehane.sqlite3) unless KAHVEHANE_DB names another database; every other
# serve option from its KAHVEHANE_* variable (docs/operations.md). It installs only what
# serving needs (the `server` extra: no test, benchmark or RL libraries).
SERVE_STAMP := $(VENV)/.serve-installed
PORT ?= $(or $(KAHVEHANE_PORT),8000)
HOST ?= $(or $(KAHVEHANE_HOST),127.0.0.1)

$(SERVE_STAMP): pyproject.toml setup.py kahvehane/games/koz_maca/_core.pyx
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[server]'
	@touch $(SERVE_STAMP)

serve: $(SERVE_STAMP)
	$(BIN)/kahvehane serve --host $(HOST) --port $(PORT)

# Three nodes on this machine's Redis and PostgreSQL (docs/scaling.md): ports 8001-8003.
CLUSTER_DB ?= postgresql://127.0.0.1:5432/kahvehane_cluster
CLUSTER_REDIS ?= redis://127.0.0.1:6379/0
cluster: $(STAMP)
	@redis-cli -u $(CLUSTER_REDIS) ping >/dev/null 2>&1 || { echo "Redis does not answer at $(CLUSTER_REDIS): start it (redis-server --daemonize yes, or systemctl start redis-server)"; exit 1; }
	@pg_isready -q -h 127.0.0.1 -p 5432 || { echo "PostgreSQL does not answer at 127.0.0.1:5432: start it (pg_ctlcluster <version> main start, or systemctl start postgresql)"; exit 1; }
	@psql -h 127.0.0.1 -d postgres -tAc "SELECT 1 FROM pg_database WHERE datname='kahvehane_cluster'" | grep -q 1 || psql -h 127.0.0.1 -d postgres -c "CREATE DATABASE kahvehane_cluster"
	@echo "kahvehane cluster: http://127.0.0.1:8001/ http://127.0.0.1:8002/ http://127.0.0.1:8003/ (Ctrl-C stops all three)"
	@trap 'kill 0' INT TERM; \
	for i in 1 2 3; do $(BIN)/kahvehane serve --host 127.0.0.1 --port 800$$i --db $(CLUSTER_DB) --redis $(CLUSTER_REDIS) --node-id node$$i & done; wait

bench-cluster: $(STAMP)
	$(BIN)/python bench/cluster.py

bench-server: $(STAMP)
	$(BIN)/python bench/server.py

# The games as RL environments beside PettingZoo's and OpenSpiel's (issue 18; a few minutes).
bench-rl: $(BENCH_STAMP)
	$(BIN)/python bench/rl.py

# The bots' ladder of all six games and their decision times (issue 19; about 20 minutes).
bench-ladder: $(STAMP)
	$(BIN)/python bench/ladder.py --jobs 2

replay: $(STAMP)
	$(BIN)/kahvehane replay $(FILE)

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
