"""pan-strict claim checks: optimality (see derivations.pan_strict.optimality)."""
