# gardenkit — developer commands. Run `make help`.
#
#   make dashboards   serve notebooks/ with Voilà (PORT=8866) and print the gallery URL
#   make lab          open notebooks/ in JupyterLab (LAB_PORT=8888; works as root too)
#   make test         every test: engines, notebooks (nbval --nbval-lax), browser tests, doctests
#   make test-fast    the edit-test loop: engines, tutor, widgets, doctests (no server, no browser)
#   make bench        every benchmarks/bench_*.py
#   make lite         build the static site _site/ (Voici on Pyodide: no server; tools in .lite-venv)
#   make lite-serve   serve _site/ on 127.0.0.1 (LITE_PORT=8000)
#   make lock         regenerate requirements-lock.txt (and binder/requirements.txt) from a clean resolution
#   make binder-badge print the README's Binder badge for REPO=owner/name (default: git's origin)
#
# The virtualenv .venv is (re)built only when pyproject.toml or the lock file changes.

SHELL       := /bin/bash
PYTHON      ?= python3
VENV        ?= .venv
BIN         := $(VENV)/bin
LOCK        := requirements-lock.txt
STAMP       := $(VENV)/.gardenkit-installed
PORT        ?= 8866
# Voilà leaves a kernel behind after every page load: cull the idle ones.
CULL_IDLE_TIMEOUT ?= 900
CULL_INTERVAL     ?= 60
PYTEST_ARGS ?=

# Compiled modules are cached (in __pycache__/, ignored by git) even where the environment says not
# to (PYTHONDONTWRITEBYTECODE, set on some CI images): otherwise every test process rewrites and
# compiles every test module again (9 of the 18 s pytest takes to collect), and every kernel and
# server compiles gardenkit again.
unexport PYTHONDONTWRITEBYTECODE

.DEFAULT_GOAL := help
.PHONY: help .venv venv dashboards lab test test-fast test-lite bench lock binder-requirements binder-badge clean lite lite-serve

help:
	@sed -n '2,13p' Makefile | sed 's/^# \{0,1\}//'

# The lock is installed by uv (UV_VERSION, itself installed into the venv by pip): ~5 s where pip
# takes ~50 s (most of it compiling every module of every package, which an import does on demand).
# The same pins either way; if uv cannot be had or fails (USE_UV=0 skips it), pip installs the lock.
UV_VERSION ?= 0.13.9
USE_UV     ?= 1
PIP_LOCK    = $(BIN)/python -m pip install --quiet --disable-pip-version-check -c $(LOCK) -e '.[dashboards,test]'
$(STAMP): pyproject.toml $(LOCK)
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	@if [ "$(USE_UV)" = 1 ] && $(BIN)/python -m pip install --quiet --disable-pip-version-check 'uv==$(UV_VERSION)' \
		&& $(BIN)/uv pip install --quiet --python $(BIN)/python -c $(LOCK) -e '.[dashboards,test]'; then \
		echo "installed the lock with uv $(UV_VERSION)"; \
	else \
		echo "$(if $(filter 1,$(USE_UV)),uv could not install the lock: ,)installing it with pip"; $(PIP_LOCK); \
	fi
	touch $@

.venv venv: $(STAMP)

# Serving a class: HOST=0.0.0.0 (or this machine's class-network address) listens beyond this
# machine; learners may then use its IP address or host name, and ALLOWED_HOSTS (comma-separated)
# adds other names they type (e.g. garden.lan). See docs/hosting.md.
# (HOST := : a HOST in the environment, which some shells set, is not picked up; HOST=... is.)
# SERVE_ARGS: more options for the server, e.g. "--GardenkitGuard.messages_per_second=40".
HOST          := 127.0.0.1
ALLOWED_HOSTS ?= $(GARDENKIT_ALLOWED_HOSTS)
SERVE_ARGS    ?=
# Pre-warmed kernels (each with its notebook already run, ~110 MB each): POOL for every notebook,
# or, with GAME=<game> (miyabi, samurai, karesansui; several: GAME=miyabi,samurai), POOL for that
# game's notebook and 1 for the others. A class opening the game of the day at once:
#   make dashboards HOST=0.0.0.0 POOL=20 GAME=miyabi
# KERNEL_TRANSPORT=ipc: kernels talk to the server over Unix sockets in its own 0700 folder, so
# kernels starting together never collide on TCP ports (tcp: the old way; ipc needs Linux/macOS).
POOL             ?= 1
GAME             ?=
comma            := ,
KERNEL_TRANSPORT ?= ipc

dashboards: $(STAMP)
	@echo
	@echo "  gardenkit gallery: http://$(if $(filter 0.0.0.0 ::,$(HOST)),<this machine's address>,$(HOST)):$(PORT)/voila/render/index.ipynb"
	@echo "  (TCP_NODELAY on; GARDENKIT_NODELAY=0 turns it off. Pre-warmed kernels: $(POOL)$(if $(GAME), for $(GAME)$(comma) 1 for the others, per notebook). Ctrl-C stops.)"
	@echo
	GARDENKIT_ALLOWED_HOSTS="$(ALLOWED_HOSTS)" \
	$(BIN)/python -m gardenkit.server --no-browser --Voila.ip=$(HOST) --port=$(PORT) \
		--MappingKernelManager.cull_idle_timeout=$(CULL_IDLE_TIMEOUT) \
		--MappingKernelManager.cull_interval=$(CULL_INTERVAL) \
		--preheat_kernel=True --pool=$(POOL) $(if $(GAME),--game=$(GAME)) \
		--KernelManager.transport=$(KERNEL_TRANSPORT) $(SERVE_ARGS) \
		notebooks/

# JupyterLab on notebooks/, on this machine only (LAB_IP=0.0.0.0 to listen beyond it), no browser
# opened (it prints the URL with its token). As root (containers) Jupyter refuses to start
# without --allow-root: it is added when `id -u` is 0. LAB_ARGS: more options for jupyter lab.
LAB_PORT ?= 8888
LAB_IP   ?= 127.0.0.1
LAB_ARGS ?=
LAB_UID  ?= $(shell id -u)

lab: $(STAMP)
	$(BIN)/jupyter lab --no-browser --ServerApp.ip=$(LAB_IP) --ServerApp.port=$(LAB_PORT) \
		$(if $(filter 0,$(LAB_UID)),--allow-root) $(LAB_ARGS) notebooks/

# Every test in two pytest runs (the units of work, and why: conftest.py). First, in parallel
# (pytest-xdist, TEST_WORKERS processes): engine tests (tests/), every notebook in notebooks/ and
# the echo benchmark notebook executed by nbval (--nbval-lax: only cells marked NBVAL_CHECK_OUTPUT
# are compared; the static board pictures a checked cell may end in are compared as one
# placeholder: tests/nbval-sanitize.cfg), the doctests of every gardenkit module, and the browser
# tests (tests/browser and the JupyterLab one, marked `browser`: a Voilà server and a Chromium
# profile per worker, started when the worker meets its first browser test; the static site's test
# builds _site/ with `make lite` first when its inputs changed). The longest units go
# first, so neither worker is left running alone for long at the end. Then, alone on the machine,
# the tests marked `quiet` (they time wall-clock work: a time budget kept, a click answered within
# a bound while another client floods the server; or load the machine on purpose), all in tests/;
# that run imports only the modules conftest.QUIET names.
# Both runs run even after one failed; any failure fails `make`; pytest's "no tests collected"
# (exit 5) is reported and fails too.
# three processes on two cores: while one waits on a page, a kernel or a server, another runs (the
# same code took 824 s with three, 888 s and 925 s with two: docs/benchmarks.md)
TEST_WORKERS ?= 3
NBVAL_ARGS   := --nbval-lax --nbval-cell-timeout=600 --nbval-sanitize-with tests/nbval-sanitize.cfg
TEST_PATHS   := tests notebooks benchmarks/echo.ipynb --doctest-modules gardenkit benchmarks/echo_board.py
QUIET_PATHS  := tests
test: $(STAMP)
	@rc=0; for run in "not quiet|-n $(TEST_WORKERS) --dist loadgroup $(NBVAL_ARGS) $(TEST_PATHS)|engine tests, notebooks, doctests and browser tests" \
		"quiet|$(QUIET_PATHS)|quiet tests"; do \
		marks=$${run%%|*}; rest=$${run#*|}; opts=$${rest%%|*}; what=$${rest#*|}; \
		echo "== make test: $$what (-m \"$$marks\" $$opts)"; \
		r=0; $(BIN)/python -m pytest -m "$$marks" $$opts --durations=15 $(PYTEST_ARGS) || r=$$?; \
		if [ $$r -eq 5 ]; then echo "make test: pytest collected no $$what" >&2; fi; \
		if [ $$r -ne 0 ]; then echo "make test: the $$what failed (pytest exit $$r)" >&2; rc=$$r; fi; \
	done; exit $$rc

# The static site's browser test alone (make test runs it too; it builds _site/ with make lite's
# tools when its inputs changed).
test-lite: $(STAMP)
	$(BIN)/python -m pytest tests/browser/test_lite_site.py $(PYTEST_ARGS)

# The edit-test loop (a few minutes): the engines, bots, tutor and widgets without a server, a
# kernel or a browser, and the doctests; `make test` is what CI runs.
FAST_IGNORE := --ignore=tests/browser $(foreach f,serve_binder serve_guard serve_kernel_limits serve_pool kernel_forks dashboard_kernel \
	binder_jupyterlab binder_repo2docker,--ignore=tests/test_$(f).py)
test-fast: $(STAMP)
	$(BIN)/python -m pytest tests $(FAST_IGNORE) --doctest-modules gardenkit -m "not quiet" \
		-n $(TEST_WORKERS) --dist loadgroup --durations=10 $(PYTEST_ARGS)

# Every benchmark runs, even after one misses its goal; the ones that missed are named at the end.
bench: $(STAMP)
	@failed=""; for b in benchmarks/bench_*.py; do \
		echo "== $$b"; $(BIN)/python $$b || failed="$$failed $$b"; echo; \
	done; \
	if [ -n "$$failed" ]; then echo "make bench: goal missed or error in:$$failed" >&2; exit 1; fi

# A clean resolution of pyproject's pins in a throwaway venv, frozen (minus gardenkit).
lock:
	rm -rf .lock-venv
	$(PYTHON) -m venv .lock-venv
	.lock-venv/bin/python -m pip install --quiet --disable-pip-version-check -e '.[dashboards,test]'
	{ echo "# Generated by 'make lock' with $$(.lock-venv/bin/python -V) on $$(uname -m). Do not edit."; \
	  .lock-venv/bin/python -m pip freeze --exclude-editable | grep -viE '^(gardenkit|-e )'; } > $(LOCK).tmp
	mv $(LOCK).tmp $(LOCK)
	rm -rf .lock-venv
	@echo "wrote $(LOCK): $$(grep -vc '^#' $(LOCK)) pins"
	$(MAKE) --no-print-directory binder-requirements

# Binder installs the whole lock into its base image's Python (which has older tornado, ipykernel,
# traitlets, ... and notebook 7.4.7, which needs jupyterlab < 4.5), plus the notebook release made
# for the lock's jupyterlab (notebook 7.6.5 needs jupyterlab >= 4.6.6, < 4.7). Generated: edit the
# lock (make lock) or BINDER_NOTEBOOK, never binder/requirements.txt; the consistency test checks it.
BINDER_NOTEBOOK ?= 7.6.5
binder-requirements:
	@{ echo "# Generated by 'make binder-requirements' (make lock runs it) from $(LOCK). Do not edit."; \
	  echo "# Binder (repo2docker) installs these into its base image's environment, upgrading what is there;"; \
	  echo "# then binder/postBuild checks the result (pip check) and installs gardenkit (--no-deps)."; \
	  echo "# Every pin of $(LOCK):"; \
	  grep -v '^#' $(LOCK); \
	  echo "# Not in the lock: the base image's notebook 7.4.7 needs jupyterlab < 4.5; this one fits the lock's jupyterlab."; \
	  echo "notebook==$(BINDER_NOTEBOOK)"; } > binder/requirements.txt.tmp
	@mv binder/requirements.txt.tmp binder/requirements.txt
	@echo "wrote binder/requirements.txt: $$(grep -vc '^#' binder/requirements.txt) pins"

# The README's Binder badge, for where the project is published: REPO=owner/name (a GitHub
# repository), or else derived from `git remote get-url origin` when that is a GitHub URL.
REPO :=
binder-badge:
	@$(PYTHON) binder/badge.py "$(REPO)"

# The static site (docs/hosting.md): every notebook as a Voici page on JupyterLite's Pyodide kernel,
# Pyodide and every wheel served from the site itself. The build tools live in their own venv
# (lite/build-requirements.txt, every package pinned with its hashes; regenerate: python3 lite/pin.py);
# lite/build.py skips the build when its inputs (notebooks/, gardenkit/, pyproject.toml, lite/) are
# unchanged, and caches its downloads in .lite-cache/.
LITE_VENV  ?= .lite-venv
LITE_STAMP := $(LITE_VENV)/.gardenkit-lite-tools
LITE_OUT   ?= _site
LITE_PORT  ?= 8000

# (installed by the project venv's uv when there is one, as the lock is: seconds instead of ~25 s;
# else, or if uv fails, by pip; the same pins and hashes either way)
$(LITE_STAMP): lite/build-requirements.txt
	test -x $(LITE_VENV)/bin/python || $(PYTHON) -m venv $(LITE_VENV)
	@if [ "$(USE_UV)" = 1 ] && [ -x $(BIN)/uv ] && $(BIN)/uv pip install --quiet --python $(LITE_VENV)/bin/python \
		--require-hashes -r lite/build-requirements.txt; then echo "installed the site's build tools with uv"; \
	else $(LITE_VENV)/bin/python -m pip install --quiet --disable-pip-version-check --require-hashes \
		-r lite/build-requirements.txt; fi
	touch $@

lite: $(LITE_STAMP)
	$(LITE_VENV)/bin/python lite/build.py --out $(LITE_OUT)

lite-serve: lite
	@echo
	@echo "  gardenkit static site: http://127.0.0.1:$(LITE_PORT)/voici/render/index.html  (Ctrl-C stops)"
	@echo
	$(PYTHON) -m http.server --bind 127.0.0.1 --directory $(LITE_OUT) $(LITE_PORT)

clean:
	rm -rf $(VENV) .lock-venv test-artifacts .pytest_cache $(LITE_VENV) .lite-cache $(LITE_OUT)
