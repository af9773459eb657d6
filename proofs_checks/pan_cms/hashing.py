"""pan-cms claim checks: hashing (see derivations.pan_cms.hashing)."""
