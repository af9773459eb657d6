"""pan-cms derivations: hashing."""
