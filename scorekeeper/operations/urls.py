"""The accounts' pages: Django's own, with the login form that refuses the demo password from elsewhere, and
password reset only where mail is configured."""

from django.contrib.auth import views as auth_views
from django.urls import path

from scorekeeper.operations.accounts import LoginView, mail_required

urlpatterns = [
    path("login/", LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("password_change/", auth_views.PasswordChangeView.as_view(), name="password_change"),
    path("password_change/done/", auth_views.PasswordChangeDoneView.as_view(), name="password_change_done"),
    path("password_reset/", mail_required(auth_views.PasswordResetView.as_view()), name="password_reset"),
    path(
        "password_reset/done/",
        mail_required(auth_views.PasswordResetDoneView.as_view()),
        name="password_reset_done",
    ),
    path(
        "reset/<uidb64>/<token>/",
        mail_required(auth_views.PasswordResetConfirmView.as_view()),
        name="password_reset_confirm",
    ),
    path("reset/done/", mail_required(auth_views.PasswordResetCompleteView.as_view()), name="password_reset_complete"),
]
