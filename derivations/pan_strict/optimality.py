"""pan-strict derivations: optimality."""
