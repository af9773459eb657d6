"""pan-strict claim checks: constructions (see derivations.pan_strict.constructions)."""
