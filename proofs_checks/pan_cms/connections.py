"""pan-cms claim checks: connections (see derivations.pan_cms.connections)."""
