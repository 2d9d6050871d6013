"""A fast subset of the malformed-input run (``tests/fuzz/malformed.py``): no traceback, no
value echoed, nothing slow, nothing un-redacted (issue 18)."""

from __future__ import annotations

import pytest

from fuzz.malformed import run


def test_malformed_inputs_and_requests_are_refused_cleanly():
    pytest.importorskip("fastapi")
    counts = run(per_format=10, cli_every=40, service=20, seed=18)
    assert counts.inputs >= 100 and counts.rejected > 0 and counts.accepted > 0
    kinds = ("tracebacks", "echoed", "slow", "unredacted")
    problems = {kind: counts.examples.get(kind) for kind in kinds if getattr(counts, kind)}
    assert not problems, problems
