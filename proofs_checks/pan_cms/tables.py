"""pan-cms claim checks: tables (see derivations.pan_cms.tables)."""
