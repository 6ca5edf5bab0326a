"""Round-by-round verification of a simulator's log against the law (`oddscalc verify`, docs/verify.md)."""

from oddscalc.verify.findings import Fault, Report
from oddscalc.verify.reader import LogError
from oddscalc.verify.runner import VerifyError, verify

__all__ = ["Fault", "LogError", "Report", "VerifyError", "verify"]
