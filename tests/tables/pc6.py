"""The four deals of QUADRILLE-SCORING.md's PC-6 example (Ann, Ben, Cat, Dan; Dan deals first), as records and
as form posts. The spec works out their changes by hand: -5 -1 -1 -1; +3 -25 +3 +3; -1 -1 -29 -1; -1 -1 -1 +59
(final balances 36 / 12 / 12 / 100 from 40 each, pot 0)."""

from scorekeeper.engine import Contract, DealRecord

PC6 = [
    DealRecord(dealer=3, contract=Contract.SOLO, hombre=0, trump="S", tricks=5),
    DealRecord(dealer=0, contract=Contract.SOLO, hombre=1, trump="S", tricks=3),
    DealRecord(dealer=1, contract=Contract.ALLIANCE, hombre=2, ally=3, trump="S", tricks=5),
    DealRecord(dealer=2, contract=Contract.SOLO, hombre=3, trump="S", tricks=6),
]

PC6_POSTS = [
    {"hombre": "0", "contract": "solo", "trump": "S", "tricks": "5"},
    {"hombre": "1", "contract": "solo", "trump": "S", "tricks": "3"},
    {"hombre": "2", "contract": "alliance", "ally": "3", "trump": "S", "tricks": "5"},
    {"hombre": "3", "contract": "solo", "trump": "S", "tricks": "6"},
]
# What the page posts for a Parlett-chips deal besides the choices: the shown select (claims in time are unticked).
BASE = {"run_side": "0", "action": "save"}
