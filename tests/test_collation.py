"""Names sort as a reader of the club's language expects: Émile with the Es, Øster after Z in Danish, Ñ after N in
Spanish, ß as ss in German; accents and case decide only between names otherwise equal."""

from __future__ import annotations

import pytest

from scorekeeper.collation import by_name, name_key

NAMES = ["Zoe", "Øster", "Émile", "Anders", "Åse", "Ægir", "Eve", "ösel", "Ñaco", "Nora", "Straße", "Strasse", "eve"]


def ordered(language: str) -> list[str]:
    return sorted(NAMES, key=lambda name: name_key(name, language))


def test_english_and_french_read_accented_letters_as_their_base_letter():
    expected = [
        "Ægir", "Anders", "Åse", "Émile", "Eve", "eve", "Ñaco", "Nora", "ösel", "Øster", "Strasse", "Straße", "Zoe"
    ]  # fmt: skip
    assert ordered("en") == expected
    assert ordered("en-gb") == expected
    assert ordered("fr") == expected


def test_danish_puts_ae_oe_and_aa_after_z():
    assert ordered("da") == [
        "Anders", "Émile", "Eve", "eve", "Ñaco", "Nora", "Strasse", "Straße", "Zoe", "Ægir", "ösel", "Øster", "Åse"
    ]  # fmt: skip


def test_spanish_puts_n_tilde_after_n():
    assert ordered("es").index("Ñaco") == ordered("es").index("Nora") + 1
    assert by_name(["Ñaco", "Nuñez", "Nora", "Oscar"], "es", name=str) == ["Nora", "Nuñez", "Ñaco", "Oscar"]


def test_german_reads_sharp_s_as_ss_and_umlauts_as_their_vowel():
    assert by_name(["Strauss", "Straße", "Strasse", "Ober", "Öhler", "Ozon"], "de", name=str) == [
        "Ober", "Öhler", "Ozon", "Strasse", "Straße", "Strauss"
    ]  # fmt: skip


@pytest.mark.parametrize("language", ["en", "fr", "de", "da", "es"])
def test_the_order_is_total_and_keeps_every_name(language):
    assert sorted(ordered(language)) == sorted(NAMES)
    assert len({name_key(name, language) for name in NAMES}) == len(NAMES)
