from django.urls import path

from scorekeeper.clubs import views

urlpatterns = [
    path("clubs/<int:club_id>/settings/", views.club_settings, name="club-settings"),
]
