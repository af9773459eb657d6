"""pan-strict derivations: constructions."""
