"""The claim ledger: claims, evidence, computed verdicts."""

from .claim import NOT_AVAILABLE, Claim, claim, find_claim, load_claims, record, select_claims
from .evidence import Evidence, Instance
from .verdict import VERDICTS, ClaimResult, decide

__all__ = ["NOT_AVAILABLE", "Claim", "claim", "record", "find_claim", "load_claims", "select_claims", "Evidence",
           "Instance", "VERDICTS", "ClaimResult", "decide"]
