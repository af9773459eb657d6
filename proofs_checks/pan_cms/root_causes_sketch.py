"""pan-cms root causes (see proofs_checks/pan_cms/root_causes.py)."""

from ldpref.ledger.root_causes import RootCause

ROOT_CAUSES: list[RootCause] = [
]
