"""Write a club's results site as static HTML files, for the club's own website: the same pages the app serves
(public.site), their charts inline SVG, linked to each other as files in one folder."""

from __future__ import annotations

import shutil
from pathlib import Path

from django.contrib.staticfiles import finders
from django.core.management.base import BaseCommand, CommandError
from django.template.loader import render_to_string

from scorekeeper.clubs.models import Club
from scorekeeper.public import site


class Command(BaseCommand):
    help = "Write CLUB's results site (its id or name) as static HTML into DIR. The club must have opened its site."

    def add_arguments(self, parser) -> None:
        parser.add_argument("club")
        parser.add_argument("directory")

    def handle(self, *args, club: str, directory: str, **options) -> None:
        found = Club.objects.filter(pk=int(club)) if club.isdigit() else Club.objects.filter(name=club)
        chosen = found.filter(results_site__isnull=False).first()
        if chosen is None:
            raise CommandError(
                f"No club {club!r} with a results site (a director publishes it from the director page)."
            )
        target = Path(directory)
        target.mkdir(parents=True, exist_ok=True)
        links = site.FileLinks()
        pages = {links.index(): ("public/site/index.html", site.index_context(chosen, links))}
        players = set()
        for event in site.site_events(chosen):
            context = site.event_context(event, links)
            pages[links.event(event)] = ("public/site/event.html", context)
            players |= {account.player for account in context["summary"].accounts}
        for year in site.site_years(chosen):
            context = site.season_context(chosen, year, links)
            pages[links.season(year)] = ("public/site/season.html", context)
            players |= {line.player for section in context["ladder"].sections for line in section.lines}
        for player in players:
            pages[links.player(player)] = ("public/site/player.html", site.player_context(player, links))
        for name, (template, context) in pages.items():
            (target / name).write_text(render_to_string(template, context), encoding="utf-8")
        shutil.copyfile(finders.find("css/app.css"), target / links.css)
        self.stdout.write(f"{len(pages)} pages written to {target}")
