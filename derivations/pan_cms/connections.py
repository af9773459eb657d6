"""pan-cms derivations: connections."""
