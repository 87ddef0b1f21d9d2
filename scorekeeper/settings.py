"""One settings module, driven by environment variables (see README.md).

SQLite in WAL mode by default; PostgreSQL when DATABASE_URL says so. DEBUG is off unless asked for.
"""

from __future__ import annotations

import datetime as dt
import warnings
from pathlib import Path

import environ

BASE_DIR = Path(__file__).resolve().parent.parent

env = environ.Env()
environ.Env.read_env(BASE_DIR / ".env", overwrite=False)

DEBUG = env.bool("DEBUG", default=False)
# A real key comes from the environment or `.env` (`manage.py serve` writes one there on its first run);
# the development key is only for tests and runserver: gunicorn refuses to start with it (gunicorn.conf.py).
DEVELOPMENT_SECRET_KEY = "django-insecure-quadrille-development-key-not-for-production-use"  # noqa: S105
SECRET_KEY = env("SECRET_KEY", default=DEVELOPMENT_SECRET_KEY)
ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=["localhost", "127.0.0.1", "[::1]"])
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", default=[])

# Behind HTTPS (a federation server), every cookie is secure and browsers are told to stay on HTTPS.
HTTPS = env.bool("HTTPS", default=False)
SESSION_COOKIE_SECURE = HTTPS
CSRF_COOKIE_SECURE = HTTPS
SECURE_SSL_REDIRECT = HTTPS
SECURE_HSTS_SECONDS = env.int("SECURE_HSTS_SECONDS", default=31536000 if HTTPS else 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = HTTPS
SECURE_HSTS_PRELOAD = HTTPS
BEHIND_PROXY = env.bool("BEHIND_PROXY", default=False)
if BEHIND_PROXY:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials",
    "scorekeeper.pages",
    "scorekeeper.clubs",
    "scorekeeper.events",
    "scorekeeper.tables",
    "scorekeeper.analysis",
    "scorekeeper.tournaments",
    "scorekeeper.public",
    "scorekeeper.webapp",
    "scorekeeper.operations",
    "axes",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # WhiteNoise right after security, so static files skip the session and CSRF work below.
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # LocaleMiddleware needs the session (for a chosen language) and must run before CommonMiddleware.
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    # Inside the messages and the session: the page it draws for a form's address opened in a browser has both.
    "scorekeeper.pages.middleware.FormOnlyAddress",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Last, as django-axes requires: it turns a login refused for too many failures into the lockout page.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "scorekeeper.urls"
# Django's form renderer with the commonest widget templates written out in Python (a preview re-renders the
# deal form on every tap); the HTML is the same.
FORM_RENDERER = "scorekeeper.renderers.FastWidgets"
WSGI_APPLICATION = "scorekeeper.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "scorekeeper.links.site_url",
            ],
        },
    },
]

DATABASES = {"default": env.db("DATABASE_URL", default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}")}
DATABASES["default"]["CONN_MAX_AGE"] = env.int("CONN_MAX_AGE", default=600)
DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # synchronous=FULL: a deal the phone saw acknowledged survives a power cut, not only a killed process
    # (NORMAL may lose the last commits on power loss); bench/club_night.py measures what it costs a save.
    # WAL lets readers (the standings projector) run while a table phone writes; IMMEDIATE takes the write
    # lock at BEGIN so two phones saving at once queue on busy_timeout instead of failing mid-transaction.
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": (
            "PRAGMA journal_mode=WAL; PRAGMA synchronous={}; PRAGMA busy_timeout=20000; PRAGMA foreign_keys=ON;"
        ).format(env("SQLITE_SYNCHRONOUS", default="FULL")),
    }
    # Tests run on a file too: an in-memory database has neither WAL nor busy_timeout, and two phones saving
    # at once would fail there where the club's database waits its turn.
    DATABASES["default"]["TEST"] = {"NAME": str(BASE_DIR / ".test-db.sqlite3")}

# The analysis keeps the parts of the club's averages here, keyed by the stamps of the table digests they add up
# (a digest gets a new stamp each time it is made, so nothing kept before a restore is met after it), and a
# tournament's standings and boards, keyed by the digest of the results they are made of. A table's figures are
# never cached here: its snapshot is a database row (scorekeeper/tables/snapshot.py).
CACHES = {
    "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    # A tournament's standings and boards, kept under digests of what they are made of (tournaments.standings).
    # Under gunicorn its workers share them in a directory of files the server makes when it starts and removes when
    # it stops, or the next start does after a kill (gunicorn.conf.py): a change of the tournament is then ranked
    # and drawn once, not once a worker.
    # Elsewhere (runserver, the tests, a command) each process keeps its own.
    "standings": (
        {
            "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
            "LOCATION": env("STANDINGS_CACHE_DIR"),
            "TIMEOUT": 600,
            "OPTIONS": {"MAX_ENTRIES": 1000},
        }
        if env("STANDINGS_CACHE_DIR", default="")
        else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "standings"}
    ),
}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
AUTHENTICATION_BACKENDS = [
    # First, so a locked-out account and address is refused before any password is checked.
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
# Login throttling (django-axes): five failures for one account from one address lock that pair for 15 minutes;
# the director's own phone, on another address, still gets in. The admin login counts the same way.
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = dt.timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "scorekeeper.operations.lockout.lockout_response"
AXES_CLIENT_IP_CALLABLE = "scorekeeper.operations.lockout.client_address"
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "director"
LOGOUT_REDIRECT_URL = "home"

LANGUAGE_CODE = "en"
# en-gb is English words with British dates ("22 November 2026"); each other language has its catalogue in locale/.
LANGUAGES = [
    ("en", "English"),
    ("en-gb", "English (UK)"),
    ("fr", "Français"),
    ("de", "Deutsch"),
    ("da", "Dansk"),
    ("es", "Español"),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
# Date formats that differ from Django's for a language: British English writes the month in words.
FORMAT_MODULE_PATH = ["scorekeeper.formats"]
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600  # the switch's choice outlives the browser session: a phone keeps it all season
TIME_ZONE = env("TIME_ZONE", default="Europe/London")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
# Served by WhiteNoise from the source folders too, so a club laptop needs no collectstatic step.
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = DEBUG
# STATIC_ROOT exists only after collectstatic (a federation server); the finders serve until then.
warnings.filterwarnings("ignore", message="No directory at: ")
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}

# Mail, for password reset only: EMAIL_URL such as smtp+tls://user:password@smtp.example.org:587. Without it nothing
# is sent, and the login page says whom to ask instead of offering a reset that would never arrive.
MAIL_CONFIGURED = bool(env("EMAIL_URL", default=""))
vars().update(env.email_url("EMAIL_URL", default="dummymail://"))  # django-environ's way: EMAIL_BACKEND, EMAIL_HOST...
DEFAULT_FROM_EMAIL = env("DEFAULT_FROM_EMAIL", default="quadrille@localhost")

# The address phones use to reach this server (e.g. http://192.168.1.20:8000): every table link and QR code is
# built from it. Empty: the address the page was asked for (`manage.py serve` fills it in on a club's LAN).
SITE_URL = env("SITE_URL", default="").rstrip("/")
# Where `manage.py backup` and the server's automatic backups go; the newest BACKUP_KEEP are kept.
BACKUP_DIR = Path(env("BACKUP_DIR", default=str(BASE_DIR / "backups")))
BACKUP_KEEP = env.int("BACKUP_KEEP", default=20)
BACKUP_EVERY_SECONDS = env.int("BACKUP_EVERY_SECONDS", default=600)
# gunicorn writes its pid here; `manage.py restore` refuses to replace the database while that process lives.
SERVER_PIDFILE = Path(env("SERVER_PIDFILE", default=str(BASE_DIR / ".server.pid")))

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env("LOG_LEVEL", default="WARNING")},
    # The server's automatic backups say where they wrote, in the terminal the club started it from.
    "loggers": {"scorekeeper.operations": {"level": "INFO"}},
}
