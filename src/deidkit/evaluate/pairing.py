"""Pair gold and predicted documents by id, and check that they describe the same text."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from deidkit.errors import InputError
from deidkit.types import Document, Token

Tokenizer = Callable[[str], Sequence[Token]]


@dataclass(frozen=True, slots=True)
class DocumentPair:
    """A gold document and the prediction for the same text."""

    gold: Document
    pred: Document

    @property
    def id(self) -> str:
        return self.gold.id


def pair_documents(
    gold: Iterable[Document],
    pred: Iterable[Document],
    *,
    gold_path: Path | str | None = None,
    pred_path: Path | str | None = None,
) -> list[DocumentPair]:
    """Match predictions to gold documents by id, in gold order.

    Every gold document needs exactly one prediction with the same text, and every prediction
    needs a gold document: anything else raises InputError (naming ids, never text).
    """
    gold_list = list(gold)
    by_id: dict[str, Document] = {}
    for document in pred:
        if document.id in by_id:
            raise InputError(
                f"document id {document.id!r} appears twice in the predictions",
                path=pred_path,
                fix="give every predicted document a unique id",
            )
        by_id[document.id] = document
    seen: set[str] = set()
    pairs: list[DocumentPair] = []
    for document in gold_list:
        if document.id in seen:
            raise InputError(
                f"document id {document.id!r} appears twice in the gold corpus",
                path=gold_path,
                fix="give every gold document a unique id",
            )
        seen.add(document.id)
        predicted = by_id.get(document.id)
        if predicted is None:
            raise InputError(
                f"no prediction for gold document {document.id!r}",
                path=pred_path,
                fix="predict every gold document (the ids must match)",
            )
        if predicted.text != document.text:
            raise InputError(
                f"document {document.id!r}: the predicted text differs from the gold text "
                f"(lengths {len(predicted.text)} and {len(document.text)}, digests "
                f"{_digest(predicted.text)} and {_digest(document.text)})",
                path=pred_path,
                fix="evaluate predictions made on the same text as the gold corpus",
            )
        pairs.append(DocumentPair(document, predicted))
    extra = sorted(set(by_id) - seen)
    if extra:
        raise InputError(
            f"{len(extra)} predicted document(s) have no gold document, e.g. {extra[0]!r}",
            path=pred_path,
            fix="evaluate against the gold corpus the predictions were made on",
        )
    return pairs


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:10]
