from django.urls import path

from scorekeeper.analysis import views

urlpatterns = [
    path("clubs/<int:club_id>/season/", views.season, name="season"),
    path("clubs/<int:club_id>/players/<int:player_id>/", views.player, name="player"),
    path("events/<int:event_id>/analysis/", views.event, name="event-analysis"),
]
