"""pan-cms claim checks: optimized (see derivations.pan_cms.optimized)."""
