"""Synthetic corpora for the batch tests (no real notes)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

import pytest

from deidkit.corpus.synth import generate
from deidkit.io import write_documents
from deidkit.redact.keys import SecretKey
from deidkit.types import Document

KEY_TEXT = "5b1e0c9d2a7f4e3b8c6d1a0f9e2b7c4d"
POISON = "Zorblax Quuxington-Vandersnoot"
"""A distinctive string planted in notes that must fail: it must never reach any output."""


@pytest.fixture(scope="session")
def notes() -> list[Document]:
    """60 synthetic notes of about 20 patients (several notes each)."""
    return list(generate(60, seed=11))


@pytest.fixture()
def key() -> SecretKey:
    return SecretKey(KEY_TEXT.encode())


def write(documents: Sequence[Document], path: Path, fmt: str) -> Path:
    write_documents(documents, path, fmt)
    return path


def lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


def poisoned(notes: Sequence[Document], at: Sequence[int]) -> list[Document]:
    """The notes with ``POISON`` (a made-up name no detector finds) added to those at ``at``."""
    return [
        replace(doc, text=doc.text + f"\nSeen with {POISON}.") if number in at else doc
        for number, doc in enumerate(notes)
    ]


def everything_written(folder: Path) -> str:
    """The text of every file under ``folder``."""
    return "".join(
        path.read_text(encoding="utf-8", errors="replace")
        for path in folder.rglob("*")
        if path.is_file()
    )
