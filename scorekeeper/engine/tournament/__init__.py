"""Tournaments: seating plans, table scores, standings and duplicate boards (docs/TOURNAMENTS.md)."""
