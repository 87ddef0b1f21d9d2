"""Running a club's server: the start-up checks, backups and restores, the whole-club export, the demo evening.

It sits above every feature app (it reads and writes all of them) and nothing imports it but the commands,
the gunicorn configuration and the settings' middleware list.
"""
