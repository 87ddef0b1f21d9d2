"""A club's own settings, for its directors."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from scorekeeper.clubs import forms, services
from scorekeeper.clubs.selectors import directed_club


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def club_settings(request: HttpRequest, club_id: int) -> HttpResponse:
    """The language and date format a club's documents fall back to when a reader's own is not known."""
    club = directed_club(user=request.user, club_id=club_id)
    if request.method == "POST":
        form = forms.ClubLanguageForm(request.POST)
        if form.is_valid():
            services.club_language_set(club=club, language=form.cleaned_data["language"])
            messages.success(request, _("The club's settings are saved."))
            return redirect("club-settings", club_id=club.pk)
    else:
        form = forms.ClubLanguageForm(initial={"language": club.language})
    return render(request, "clubs/settings.html", {"club": club, "form": form})
