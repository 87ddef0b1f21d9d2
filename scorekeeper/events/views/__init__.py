"""Director pages, by what they serve: the evening (evening), its standings (standings), the club (club)."""
