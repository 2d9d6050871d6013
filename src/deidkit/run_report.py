"""What a run over a corpus did (counts only: no note text).

``CorpusReport`` is the report of ``deidkit.redact.corpus`` and the base of the batch
runner's ``BatchReport`` (``deidkit.batch.runner``); it lives below both so that a batch
``detect`` run imports no redaction engine.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class CorpusReport:
    """What a corpus run did (counts only: no note text)."""

    source: Path
    target: Path
    source_format: str
    target_format: str
    mode: str
    documents: int = 0
    spans: Counter[str] = field(default_factory=Counter)
    skipped: list[str] = field(default_factory=list)
    mapping: Path | None = None
    mapping_entries: int = 0
    key_generated: bool = False
    dropped_metadata: set[str] = field(default_factory=set)
    spans_dropped_by_format: bool = False
