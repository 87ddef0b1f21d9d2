from __future__ import annotations

import json
from pathlib import Path

# The worked examples of docs/QUADRILLE-SCORING.md §4, in the format of docs/INTERCHANGE.md.
VECTORS = Path(__file__).resolve().parent / "vectors"


def load_vectors() -> list[dict]:
    """Every worked example of QUADRILLE-SCORING.md §4, as the vector files beside this module give them."""
    vectors = []
    for path in sorted(VECTORS.glob("*.json")):
        vectors.extend(json.loads(path.read_text()))
    assert len(vectors) >= 17, f"expected the spec's vectors in {VECTORS}"
    return vectors


# Points of QUADRILLE-SCORING.md §7.10 and §3.2 the engine once settled wrongly: each input with its ledger or error.
RULINGS = VECTORS / "rulings"


def load_rulings() -> list[dict]:
    return [vector for path in sorted(RULINGS.glob("*.json")) for vector in json.loads(path.read_text())]
