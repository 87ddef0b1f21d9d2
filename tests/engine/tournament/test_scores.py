"""Table scores (TOURNAMENTS.md §0, §4): the worked examples of §9.1, §9.2 and §9.7, and their invariants."""

from __future__ import annotations

import dataclasses
import random
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.engine import Contract, DealRecord, EngineError, Options, RuleSet, fold, parse_document
from scorekeeper.engine.simulate import random_session, random_table
from scorekeeper.engine.tournament.scores import (
    HUNDREDTHS,
    LINEAR,
    TOP_HEAVY,
    TWELFTHS,
    ContractTally,
    Substitution,
    TournamentOptions,
    beaten,
    contract_points,
    end_rule_check,
    place_points,
    round_half_away,
    round_ratio,
    settle_table,
    show,
    table_result,
    table_scores,
)
from tests.engine.conftest import load_vectors

SEEDED = st.integers(min_value=0, max_value=2**63).map(random.Random)
PROPERTY = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def vector(name: str) -> dict:
    return next(v["input"] for v in load_vectors() if v["name"].startswith(name))


def twelfths(*values: Fraction | int) -> tuple[int, ...]:
    return tuple(int(Fraction(v) * 12) for v in values)


# --- T-3, T-4 ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "shown"),
    [(Fraction(7, 3), "2 1/3"), (Fraction(-1, 2), "-1/2"), (Fraction(-7, 3), "-2 1/3"), (52, "52"), (0, "0")],
)
def test_display_is_an_integer_or_a_mixed_fraction(value, shown):
    assert show(value) == shown


def test_twelfths_and_hundredths_display():
    assert TWELFTHS.display(28) == "2 1/3"
    assert TWELFTHS.display(-6) == "-1/2"
    assert TWELFTHS.display(-624) == "-52"
    assert TWELFTHS.display(0) == "0"
    assert TWELFTHS.display(4) == "1/3"
    assert TWELFTHS.display(-3) == "-1/4"
    assert TWELFTHS.display(18) == "1 1/2"
    assert HUNDREDTHS.display(350) == "3.50"
    assert HUNDREDTHS.display(-5) == "-0.05"


@pytest.mark.parametrize(
    ("value", "unit", "rounded"),
    [(Fraction(5, 2), 1, 3), (Fraction(-5, 2), 1, -3), (Fraction(33, 4), 1, 8), (Fraction(49, 4), 1, 12), (30, 12, 36)],
)
def test_rounding_takes_halves_away_from_zero(value, unit, rounded):
    assert round_half_away(value, unit) == rounded


@pytest.mark.parametrize(
    ("total", "rounds", "unit", "rounded"),
    [
        (28 + 30, 2, 12, 24),  # 29 twelfths, 2 5/12: 2
        (18 + 18, 2, 12, 24),  # 1 1/2: 2
        (-18, 1, 12, -24),  # -1 1/2: -2
        (-17, 1, 12, -12),  # -1 5/12: -1
        (35, 3, 1, 12),  # 11 2/3: 12
        (0, 3, 12, 0),
    ],
)
def test_a_bye_average_is_rounded_in_integers_as_a_fraction_is(total, rounds, unit, rounded):
    assert round_ratio(total, rounds, unit) == rounded
    assert round_half_away(Fraction(total, rounds), unit) == rounded


# --- §9.1 placement with ties (T-33, T-34) ------------------------------------------------------------------------


def test_round_2_table_1_shares_first_and_last_places():
    changes = (-24, 24, -24, 24)  # Cat, Fay, Hal, Ann
    assert place_points(changes, LINEAR) == twelfths(-2, 2, -2, 2)
    assert place_points(changes, TOP_HEAVY) == twelfths(Fraction(1, 2), 3, Fraction(1, 2), 3)
    assert place_points(changes, TOP_HEAVY)[0] == 6  # 1/2 is stored as 6 twelfths


def test_round_2_table_2_has_no_tie():
    changes = (20, 0, 4, -24)  # Dan, Eve, Gus, Ben
    assert place_points(changes, LINEAR) == twelfths(3, -1, 1, -3)
    assert place_points(changes, TOP_HEAVY) == twelfths(4, 1, 2, 0)


def test_a_three_way_tie():
    changes = (5, 5, 5, -15)
    assert place_points(changes, LINEAR) == twelfths(1, 1, 1, -3)
    assert place_points(changes, TOP_HEAVY) == (28, 28, 28, 0)
    # The linear check of §9.1: Σ sign(5 − o) over the other three is 0 + 0 + 1.
    assert beaten(changes)[0] == 1


@pytest.mark.parametrize(
    ("changes", "linear", "top_heavy"),
    [
        ((9, 9, 0, -18), (2, 2), (3, 3)),  # 1st-2nd
        ((9, 0, 0, -9), (0, 0), (Fraction(3, 2),) * 2),  # 2nd-3rd
        ((9, 0, -4, -4), (-2, -2), (Fraction(1, 2),) * 2),  # 3rd-4th
        ((3, 3, 3, -9), (1, 1, 1), (Fraction(7, 3),) * 3),  # 1st-3rd
        ((9, -3, -3, -3), (-1, -1, -1), (1, 1, 1)),  # 2nd-4th
        ((0, 0, 0, 0), (0, 0, 0, 0), (Fraction(7, 4),) * 4),  # all four
    ],
)
def test_the_tie_shares_of_t34(changes, linear, top_heavy):
    tied = [i for i, c in enumerate(changes) if changes.count(c) > 1]
    assert tuple(place_points(changes, LINEAR)[i] for i in tied) == twelfths(*linear)
    assert tuple(place_points(changes, TOP_HEAVY)[i] for i in tied) == twelfths(*top_heavy)


# --- §9.2 placement+chips in PC and in BC (T-35, T-36) ----------------------------------------------------------


def round_changes(doc: dict, tours: int, deals: int | None = None) -> tuple[int, ...]:
    """The round changes of [Q]'s seats (Dan deals first): the deals folded from a fresh table and closed."""
    doc = {**doc, "options": {"session.tours": tours}, "deals": doc["deals"][:deals]}
    session, records, _ = parse_document(doc)
    ledger = fold(session, records, close=True)
    return tuple(b - session.start for b in ledger.closing.balances)


def test_pc6_tour_under_placement_and_chips():
    changes = round_changes(vector("PC-6"), 1)
    assert changes == (-4, -28, -28, 60)
    assert place_points(changes) == twelfths(1, -2, -2, 3)
    scores = table_scores(changes, TournamentOptions(), RuleSet.PARLETT_CHIPS)
    assert scores == twelfths(4, -44, -44, 84)
    assert sum(changes) == sum(scores) == 0


def test_bc_tour_splits_the_board_and_the_beast_then_scores_with_twenty():
    doc = {**vector("BC sequence 1"), "options": {"session.tours": 1}}
    session, records, _ = parse_document({**doc, "deals": doc["deals"][:4]})
    ledger = fold(session, records, close=True)
    assert [entry.deltas for entry in ledger.entries] == [
        (12, -7, 12, -17),
        (0, -31, 10, 10),
        (-12, -8, 2, -11),
        (5, -60, -5, 0),
    ]
    assert (ledger.state.board, ledger.state.beasts) == (50, (50,))
    assert ledger.closing.deltas == (25, 25, 25, 25)
    changes = round_changes(vector("BC sequence 1"), 1, deals=4)
    assert changes == (5 + 25, -106 + 25, 19 + 25, -18 + 25) == (30, -81, 44, 7)
    assert place_points(changes) == twelfths(1, -3, 3, -1)
    scores = table_scores(changes, TournamentOptions(), RuleSet.BRITANNICA_COUNTERS)
    assert scores == twelfths(50, -141, 104, -13)
    assert sum(changes) == sum(scores) == 0


@pytest.mark.parametrize(
    ("ruleset", "unit"),
    [
        (RuleSet.PARLETT_CHIPS, 8),
        (RuleSet.MODERN_CHIPS, 8),
        (RuleSet.PARLETT_POINTS, 10),
        (RuleSet.BRITANNICA_COUNTERS, 20),
    ],
)
def test_the_placement_unit_by_rule_set(ruleset, unit):
    assert TournamentOptions().unit(ruleset) == unit
    first = table_scores((3, 1, -1, -3), TournamentOptions(), ruleset)[0]
    assert first == 12 * (3 + 3 * unit)
    assert TournamentOptions(placement_chips_unit=5).unit(ruleset) == 5


def test_a_top_heavy_scale_with_a_unit_keeps_a_fraction_exact():
    options = TournamentOptions(placement_points=TOP_HEAVY, placement_chips_unit=1)
    # 7/3 place points for each of three seats tied first: 1 + 7/3 = 3 1/3.
    assert table_scores((1, 1, 1, -3), options, RuleSet.PARLETT_CHIPS) == (40, 40, 40, -36)


def test_the_chips_and_placement_methods():
    changes = (-4, -28, -28, 60)
    assert table_scores(changes, TournamentOptions(method="chips"), RuleSet.PARLETT_CHIPS) == twelfths(*changes)
    assert table_scores(changes, TournamentOptions(method="placement"), RuleSet.PARLETT_CHIPS) == twelfths(1, -2, -2, 3)


# --- §9.7 contracts (T-37 … T-39) -------------------------------------------------------------------------------


def contracts_of(doc: dict) -> tuple[int, ...]:
    session, records, _ = parse_document(doc)
    return contract_points(fold(session, records).entries, session.options, TournamentOptions(method="contracts"))


def test_contracts_of_the_pc6_tour():
    assert contracts_of(vector("PC-6")) == (0, -20, 0, 120)


def test_contracts_of_the_seven_deal_sequence():
    # A forced Spadille, premiers, voles won and lost: the same under every rule set.
    assert contracts_of(vector("PP sequence")) == (206, 2, 132, 66)
    doc = {**vector("PP sequence"), "ruleset": "parlett-chips", "start": 40}
    assert contracts_of(doc) == (206, 2, 132, 66)


def test_the_tally_of_the_pc6_tour_by_hand():
    """PC-6 by hand: Ann's and Ben's solos lost (values -20, -40) against three defenders, Cat's alliance with Dan
    lost (value -10, Dan exempt) against Ann and Ben, Dan's solo won (value 10) against three."""
    session, records, _ = parse_document(vector("PC-6"))
    tally = ContractTally().added(fold(session, records).entries, session.options)
    assert tally == ContractTally(
        won=(0, 0, 0, 1),
        won_value=(0, 0, 0, 10),
        lost=(1, 1, 1, 0),
        lost_value=(-20, -40, -10, 0),
        defended_two=(1, 1, 0, 0),
        defended_three=(1, 1, 2, 2),
    )
    # 50 a won contract, 50 off a lost one, 40 and 30 a defence: 0, -20, 0, 120 as §9.7 gives.
    assert tally.points(TournamentOptions(method="contracts")) == (0, -20, 0, 120)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False), st.sampled_from(list(RuleSet)), st.integers(min_value=0, max_value=40))
def test_a_tally_kept_deal_by_deal_is_the_tally_of_the_whole_table(rng, ruleset, cut):
    session = random_session(rng, ruleset)
    entries = fold(session, [deal for deal, _ in random_table(rng, session, 40)]).entries
    whole = ContractTally().added(entries, session.options)
    assert ContractTally().added(entries[:cut], session.options).added(entries[cut:], session.options) == whole
    options = TournamentOptions(method="contracts", contracts_win=7, contracts_defence_three=3)
    assert whole.points(options) == contract_points(entries, session.options, options)


@pytest.mark.parametrize(
    ("name", "rows"),
    [
        ("PC-6", [(-70, 30, 30, 30), (30, -90, 30, 30), (40, 40, -60, 0), (0, 0, 0, 60)]),
        (
            "PP sequence",
            [
                (60, 0, 60, 0),
                (30, -90, 30, 30),
                (-56, 40, 40, -56),
                (40, 0, -60, 40),
                (70, 0, 0, 0),
                (0, 52, 0, 52),
                (62, 0, 62, 0),
            ],
        ),
    ],
)
def test_contract_points_deal_by_deal(name, rows):
    session, records, _ = parse_document(vector(name))
    entries = fold(session, records).entries
    options = TournamentOptions(method="contracts")
    assert [contract_points([entry], session.options, options) for entry in entries] == rows


def test_contract_values_take_the_deal_factor_and_the_options():
    pc6 = vector("PC-6")
    options = TournamentOptions(
        method="contracts", contracts_win=0, contracts_loss=0, contracts_defence_two=0, contracts_defence_three=0
    )
    session, records, _ = parse_document(pc6)
    # Only V is left: −20, −40, −10 (the caller alone), 10.
    assert contract_points(fold(session, records).entries, session.options, options) == (-20, -40, -10, 10)
    doubled = {**pc6, "options": {"favourite.mode": "drawn_card"}, "favourite_suit": "S"}
    session, records, _ = parse_document(doubled)
    assert contract_points(fold(session, records).entries, session.options, options) == (-40, -80, -20, 20)


def test_contracts_table_scores_are_contract_points():
    options = TournamentOptions(method="contracts")
    assert table_scores((-4, -28, -28, 60), options, RuleSet.PARLETT_CHIPS, (0, -20, 0, 120)) == twelfths(
        0, -20, 0, 120
    )


# --- T-8, Appendix T --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ruleset", "key", "value"),
    [
        (RuleSet.PARLETT_CHIPS, "pc.session_end_pot", "carry_over"),
        (RuleSet.PARLETT_CHIPS, "pc.session_end_pot", "play_on_until_won"),
        (RuleSet.MODERN_CHIPS, "mc.session_end_pot", "carry_over"),
        (RuleSet.BRITANNICA_COUNTERS, "bc.session_end", "carry_over"),
    ],
)
def test_only_split_equally_ends_a_tournament_round(ruleset, key, value):
    with pytest.raises(EngineError) as refused:
        end_rule_check(ruleset, Options.from_mapping({key: value}))
    assert (refused.value.code, refused.value.field) == ("tournament_end_rule", f"options.{key}")
    end_rule_check(ruleset, Options())
    end_rule_check(RuleSet.PARLETT_POINTS, Options())


def test_options_take_appendix_t_defaults_by_format():
    table = TournamentOptions.from_mapping({})
    assert (table.method, table.tiebreak_chain, table.placement_points) == (
        "placement+chips",
        ("firsts", "chips", "head_to_head"),
        (3, 1, -1, -3),
    )
    duplicate = TournamentOptions.from_mapping({"tournament.format": "duplicate"})
    assert (duplicate.method, duplicate.tiebreak_chain) == ("matchpoints", ("tops",))
    assert duplicate.imp_step(RuleSet.BRITANNICA_COUNTERS) == 4


def test_options_are_read_and_written_by_their_keys():
    values = {
        "tournament.method": "contracts",
        "placement.points": [5, 2, 0, 0],
        "bye.score": "fixed",
        "bye.fixed_value": -2,
        "tiebreak.chain": "chips, fewer_byes",
        "tiebreak.last": "lot",
        "team.size": 2,
    }
    options = TournamentOptions.from_mapping(values)
    assert options.placement_points == (5, 2, 0, 0)
    assert options.tiebreak_chain == ("chips", "fewer_byes")
    assert options.as_mapping(changed_only=True) == values
    assert TournamentOptions.from_mapping({"placement.points": "top_heavy"}).as_mapping(changed_only=True) == {
        "placement.points": "top_heavy"
    }


@pytest.mark.parametrize(
    ("values", "field"),
    [
        ({"tournament.method": "matchpoints"}, "tournament.tournament.method"),
        ({"tournament.method": "points"}, "tournament.tournament.method"),
        ({"placement.points": [1, 3, 0, 0]}, "tournament.placement.points"),
        ({"placement.points": "steep"}, "tournament.placement.points"),
        ({"placement_chips.unit": -1}, "tournament.placement_chips.unit"),
        ({"contracts.win": True}, "tournament.contracts.win"),
        ({"bye.score": "median"}, "tournament.bye.score"),
        ({"tiebreak.chain": "firsts, luck"}, "tournament.tiebreak.chain"),
        ({"tiebreak.chain": "chips, chips"}, "tournament.tiebreak.chain"),
        ({"tiebreak.chain": "tops"}, "tournament.tiebreak.chain"),
        ({"tiebreak.chain": ["firsts"]}, "tournament.tiebreak.chain"),
        ({"team.size": 1}, "tournament.team.size"),
        ({"duplicate.imp_step": 0}, "tournament.duplicate.imp_step"),
        ({"bye.average": "yes"}, "tournament.bye.average"),
    ],
)
def test_an_option_outside_appendix_t_is_refused_by_its_name(values, field):
    with pytest.raises(EngineError) as refused:
        TournamentOptions.from_mapping(values)
    assert (refused.value.code, refused.value.field) == ("document_invalid", field)


# --- Tables settled by the engine -------------------------------------------------------------------------------


def pc6_seat_0_first() -> list:
    """PC-6 with Dan at seat 0, so that seat 0 deals first (T-11)."""
    _, records, _ = parse_document(vector("PC-6"))
    return [
        dataclasses.replace(
            deal,
            dealer=(deal.dealer + 1) % 4,
            hombre=(deal.hombre + 1) % 4,
            ally=None if deal.ally is None else (deal.ally + 1) % 4,
        )
        for deal in records
    ]


def pc_session(tours: int = 1):
    session, _, _ = parse_document({**vector("PC-6"), "options": {"session.tours": tours}})
    return session


def test_a_table_result_from_its_deals():
    result = table_result(
        pc_session(), pc6_seat_0_first(), table=1, seats=(4, 1, 2, 3), tournament=TournamentOptions(method="contracts")
    )
    assert result.changes == (60, -4, -28, -28)
    assert result.contract_points == (120, 0, -20, 0)
    assert (result.valid_deals, result.complete, result.holders) == (4, True, (4, 1, 2, 3))


def test_a_table_still_playing_is_incomplete_and_scored_as_if_it_ended():
    result = table_result(
        pc_session(tours=2), pc6_seat_0_first()[:2], table=1, seats=(4, 1, 2, 3), tournament=TournamentOptions()
    )
    # Ann's remise and Ben's codille leave 24 in the pot: split, 6 each, on top of -2, -26, 2, 2.
    assert not result.complete
    assert result.changes == (8, 4, -20, 8)


def test_seat_0_deals_first():
    with pytest.raises(EngineError) as refused:
        settle_table(pc_session(), parse_document(vector("PC-6"))[1])
    assert (refused.value.code, refused.value.field, refused.value.position) == ("dealer_out_of_turn", "dealer", 1)


def test_the_holder_of_a_seat_is_who_played_most_of_its_deals():
    deals = pc6_seat_0_first()
    session = pc_session()
    late = (Substitution(seat=2, name="Zoe", from_deal=4),)
    half = (Substitution(seat=2, name="Zoe", from_deal=3),)
    most = (Substitution(seat=2, name="Zoe", from_deal=2),)
    for substitutes, holder in ((late, 2), (half, 2), (most, "Zoe")):
        result = table_result(
            session, deals, table=1, seats=(4, 1, 2, 3), tournament=TournamentOptions(), substitutes=substitutes
        )
        assert result.holders == (4, 1, holder, 3)


# --- Invariants -------------------------------------------------------------------------------------------------


@PROPERTY
@given(SEEDED, st.sampled_from([RuleSet.PARLETT_CHIPS, RuleSet.MODERN_CHIPS, RuleSet.BRITANNICA_COUNTERS]))
def test_chips_and_placement_scores_sum_to_zero_at_a_table(rng, ruleset):
    session = random_session(rng, ruleset, Options(session_tours=3))
    deals = [deal for deal, _ in random_table(rng, session, 12)]
    ledger = fold(session, deals, close=True)
    changes = tuple(b - session.start for b in ledger.closing.balances)
    for method in ("chips", "placement", "placement+chips"):
        assert sum(table_scores(changes, TournamentOptions(method=method), ruleset)) == 0


@PROPERTY
@given(
    st.lists(st.integers(-30, 30), min_size=4, max_size=4),
    st.lists(st.integers(-10, 10), min_size=4, max_size=4).map(lambda p: tuple(sorted(p, reverse=True))),
    st.permutations(range(4)),
)
def test_place_points_sum_to_the_scale_and_follow_the_seats(changes, scale, order):
    points = place_points(changes, scale)
    assert sum(points) == 12 * sum(scale)
    assert place_points([changes[i] for i in order], scale) == tuple(points[i] for i in order)
    # The linear scale is the number of opponents beaten minus those who beat you (T-34).
    assert place_points(changes, LINEAR) == tuple(12 * b for b in beaten(changes))
    # A seat with a larger change never scores fewer place points.
    for a in range(4):
        for b in range(4):
            if changes[a] > changes[b]:
                assert points[a] >= points[b]


@PROPERTY
@given(SEEDED)
def test_contract_points_are_the_same_under_every_rule_set(rng):
    session = random_session(rng, RuleSet.PARLETT_CHIPS, Options(session_tours=3))
    deals = [deal for deal, _ in random_table(rng, session, 12, penalty_rate=0)]
    options = TournamentOptions(method="contracts")
    reference = contract_points(fold(session, deals).entries, session.options, options)
    for ruleset in (RuleSet.PARLETT_POINTS, RuleSet.MODERN_CHIPS):
        other = type(session)(ruleset=ruleset, options=session.options, start=session.start)
        assert contract_points(fold(other, deals).entries, other.options, options) == reference


def test_a_void_record_at_a_duplicate_table_passes_the_deal_and_counts_as_a_board_with_no_result():
    won = [
        DealRecord(dealer=d, contract=Contract.SOLO, hombre=(d + 1) % 4, trump="S", tricks=6, run_side=0)
        for d in range(4)
    ]
    void = DealRecord(dealer=1, void=True)
    # Board 2 (dealer seat 1) has no result: board 3 is dealt by its own dealer, seat 2 (T-58, T-63).
    ledger = settle_table(pc_session(), [won[0], void, won[2], won[3]], boards=True)
    assert (ledger.state.number, ledger.state.passed, ledger.state.next_dealer) == (3, 1, 0)
    # At an ordinary table a misdeal is dealt again by the same seat (INV-14): seat 2 is out of turn.
    with pytest.raises(EngineError) as refused:
        settle_table(pc_session(), [won[0], void, won[2], won[3]])
    assert (refused.value.code, refused.value.position) == ("dealer_out_of_turn", 3)
