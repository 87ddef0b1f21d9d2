# Two commands matter: `make run` (the app with a demo evening, served by gunicorn) and `make test` (every check).
SHELL := /bin/bash
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: install system-deps run dev test test-quick test-pg lint bench clean messages

$(PY):
	python3 -m venv $(VENV)

# Reinstall only when the declared or pinned dependencies change.
$(STAMP): pyproject.toml requirements.lock | $(PY)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -c requirements.lock -e ".[dev]"
	touch $(STAMP)

install: $(STAMP)

# Debian's Chromium drives the browser tests; pdftoppm renders the PDFs in tests. Never Playwright's own download.
system-deps:
	@missing=""; \
	command -v chromium >/dev/null || missing="$$missing chromium"; \
	command -v pdftoppm >/dev/null || missing="$$missing poppler-utils"; \
	command -v msgfmt >/dev/null || missing="$$missing gettext"; \
	command -v zbarimg >/dev/null || missing="$$missing zbar-tools"; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	fi

lint: install
	$(VENV)/bin/ruff check .
	$(VENV)/bin/lint-imports

# Every test on every core (pytest-xdist: each worker has its own test database and live server).
test: install system-deps lint
	$(PY) manage.py compilemessages --ignore=.venv -v 0
	$(VENV)/bin/pytest -n auto

# The loop while working: the engine and every test without a browser or a server of its own, on every core, the
# property tests with fewer examples.
test-quick: install
	$(PY) manage.py compilemessages --ignore=.venv -v 0
	HYPOTHESIS_PROFILE=quick $(VENV)/bin/pytest -n auto -m "not browser and not slow"

# The whole suite again, against a throwaway PostgreSQL cluster on loopback, on every core (a test database each).
test-pg: install system-deps
	$(PY) manage.py compilemessages --ignore=.venv -v 0
	bash scripts/with-postgres.sh $(VENV)/bin/pytest -n auto

# gunicorn, DEBUG off (gunicorn.conf.py). HOST=0.0.0.0 is club mode: see README, "Running it for a club".
run: install
	$(PY) manage.py compilemessages --ignore=.venv -v 0 || true
	$(PY) manage.py serve --host $(HOST) --port $(PORT)

# Django's development server: DEBUG on, reloads on every code change. Never on a club's Wi-Fi.
dev: install
	$(PY) manage.py compilemessages --ignore=.venv -v 0 || true
	$(PY) manage.py migrate --noinput -v 0
	$(PY) manage.py demo --if-empty
	@echo ""
	@echo "  Development server: http://$(HOST):$(PORT)/  (director / quadrille)"
	@echo ""
	DEBUG=true $(PY) manage.py runserver $(HOST):$(PORT)

# The translation catalogues, after adding or changing a string (README: "Adding a string"). Sorted, without
# source lines, so that strings added on different branches rarely touch the same lines.
LANGUAGES := fr de da es
messages: install
	$(PY) manage.py makemessages $(addprefix -l ,$(LANGUAGES)) --no-location --no-obsolete --ignore=.venv --ignore=tests --ignore=bench --ignore=staticfiles -v 0
	$(PY) scripts/messages_todo.py

bench: install
	$(PY) bench/engine_fold.py
	$(PY) bench/reports.py
	$(PY) bench/analysis.py
	$(PY) bench/web.py
	$(PY) bench/room.py
	$(PY) bench/club_night.py

clean:
	rm -rf $(VENV) staticfiles .pytest_cache .hypothesis
