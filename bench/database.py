"""Set up Django on a fresh temporary SQLite database for a benchmark script: import this first."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
DB = Path(tempfile.mkdtemp()) / "bench.sqlite3"
os.environ["DATABASE_URL"] = f"sqlite:///{DB}"
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402

call_command("migrate", verbosity=0)
