from django.urls import path

from scorekeeper.tournaments import views_duplicate as views

urlpatterns = [
    path("events/<int:event_id>/duplicate/", views.director_page, name="duplicate-director"),
    path("t/<str:token>/board/", views.board_entry, name="board-entry"),
]
