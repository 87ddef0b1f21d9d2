from django.urls import path

from scorekeeper.public import views

urlpatterns = [
    path("events/<int:event_id>/public-link/", views.event_link, name="event-public-link"),
    path("p/<str:token>/", views.standings, name="public-standings"),
    path("p/<str:token>/live/", views.live, name="public-live"),
    path("p/<str:token>/qr.svg", views.standings_qr, name="public-qr"),
]
