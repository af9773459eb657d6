"""Root causes of the cross-paper claims (ldpref statements: normally none)."""

from ldpref.ledger.root_causes import RootCause

ROOT_CAUSES: list[RootCause] = [
]
