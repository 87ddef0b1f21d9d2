"""British English dates with the month in words, "24 November 2026" (Django's own is "24 Nov 2026"); the rest is
Django's en_GB."""

DATE_FORMAT = "j F Y"
