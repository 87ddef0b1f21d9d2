from django.urls import path

from scorekeeper.reports import views_duplicate as views

urlpatterns = [
    path("events/<int:event_id>/duplicate/<int:number>/folders.pdf", views.folder_sheet, name="duplicate-folders"),
    path("events/<int:event_id>/duplicate/<int:number>/check.pdf", views.check_sheet, name="duplicate-check"),
    path("events/<int:event_id>/duplicate/<int:number>/movement.pdf", views.movement_sheet, name="duplicate-movement"),
    path("events/<int:event_id>/duplicate/results.pdf", views.results_sheet, name="duplicate-results-pdf"),
]
