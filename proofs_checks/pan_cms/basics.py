"""pan-cms claim checks: basics (see derivations.pan_cms.basics)."""
