from django.urls import path

from scorekeeper.webapp import views

urlpatterns = [
    path("favicon.ico", views.favicon, name="favicon"),
]
