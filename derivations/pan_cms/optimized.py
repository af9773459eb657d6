"""pan-cms derivations: optimized."""
