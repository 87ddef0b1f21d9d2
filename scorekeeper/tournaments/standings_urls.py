from django.urls import path

from scorekeeper.tournaments import standings_views

urlpatterns = [
    path("events/<int:event_id>/tournament/standings/", standings_views.standings, name="tournament-standings"),
    path("events/<int:event_id>/tournament/live/", standings_views.live, name="tournament-live"),
    path("events/<int:event_id>/tournament/cards/<int:number>/", standings_views.card, name="tournament-card"),
    path("events/<int:event_id>/tournament.json", standings_views.document, name="tournament-document"),
]
