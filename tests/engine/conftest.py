from __future__ import annotations

import json
from pathlib import Path

RULES = Path(__file__).resolve().parents[3] / "shared" / "rules"
VECTORS = RULES / "vectors"


def load_vectors() -> list[dict]:
    """Every worked example of QUADRILLE-SCORING.md §4, as the shared vector files give them."""
    vectors = []
    for path in sorted(VECTORS.glob("*.json")):
        vectors.extend(json.loads(path.read_text()))
    assert len(vectors) >= 17, f"expected the spec's vectors in {VECTORS}"
    return vectors
