"""pan-cms derivations: basics."""
