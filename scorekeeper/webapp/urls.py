from django.urls import path

from scorekeeper.webapp import views

urlpatterns = [
    path("favicon.ico", views.favicon, name="favicon"),
    path("t/sw.js", views.service_worker, name="service-worker"),
    path("t/<str:token>/manifest.webmanifest", views.table_manifest, name="table-manifest"),
]
