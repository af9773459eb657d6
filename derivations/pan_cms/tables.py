"""pan-cms derivations: tables."""
