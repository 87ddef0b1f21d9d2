"""The four deals of QUADRILLE-SCORING.md's PC-6 example as form posts (Ann, Ben, Cat, Dan; Dan deals first)."""

PC6_POSTS = [
    {"hombre": "0", "contract": "solo", "trump": "S", "tricks": "5"},
    {"hombre": "1", "contract": "solo", "trump": "S", "tricks": "3"},
    {"hombre": "2", "contract": "alliance", "ally": "3", "trump": "S", "tricks": "5"},
    {"hombre": "3", "contract": "solo", "trump": "S", "tricks": "6"},
]
# What the page posts for a Parlett-chips deal besides the choices: the shown select and the ticked claims.
BASE = {"run_side": "0", "claims_matadors": "on", "claims_sans_prendre": "on", "action": "save"}
