"""makemessages with sorted output, so that strings added on different branches rarely meet in the .po files."""

from __future__ import annotations

import re
from pathlib import Path

from django.core.management.commands import makemessages


class Command(makemessages.Command):
    # Entries sorted by msgid (and no source locations: `make messages` passes --no-location) keep each new string
    # at its own place in the catalogue instead of at the end, where every branch would add its own.
    msgmerge_options = [*makemessages.Command.msgmerge_options, "--sort-output"]
    msguniq_options = [*makemessages.Command.msguniq_options, "--sort-output"]
    msgattrib_options = [*makemessages.Command.msgattrib_options, "--sort-output"]
    xgettext_options = [*makemessages.Command.xgettext_options, "--sort-output"]

    def write_po_file(self, potfile: str, locale: str) -> None:
        super().write_po_file(potfile, locale)
        # The creation date changes on every run: two branches that both ran the command would conflict on it.
        po = Path(potfile).parent / locale / "LC_MESSAGES" / f"{self.domain}.po"
        text = po.read_text(encoding="utf-8")
        po.write_text(re.sub(r'^"POT-Creation-Date: .*\\n"\n', "", text, count=1, flags=re.M), encoding="utf-8")
