from __future__ import annotations

from django import forms
from django.conf import settings
from django.utils.translation import gettext_lazy as _


class ClubLanguageForm(forms.Form):
    language = forms.ChoiceField(
        label=_("Language and date format of printed documents"),
        choices=settings.LANGUAGES,
        error_messages={"invalid_choice": _("Choose one of the languages in the list.")},
    )
