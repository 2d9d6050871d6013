"""Recall on the PHI that is not in the dictionaries (Stat De-id, Table 13).

Stat De-id asks how much a detector relies on dictionaries: of the gold names, places and
hospitals that no dictionary lists, how many does it find? "In the dictionaries" means here
exactly what the ``dictionary`` feature class sees: a token is in the dictionaries when an
entry of one of the language's word lists covers it (``deidkit.features.dictionary``: the
same lists, the same phrase matcher, the same tokens). The tokens counted are the gold PHI
tokens of the name and location categories (people, places, hospitals, organizations, as
Stat De-id's Table 10) that contain a letter; numbers (dates, IDs, ZIP codes) are in no word
list and are not what the table is about.

A counted token is found when it is PHI in the prediction (any label), as the token PHI
recall of ``deidkit evaluate``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from deidkit.errors import InputError
from deidkit.evaluate.evaluation import default_tokenizer
from deidkit.evaluate.token_level import OUTSIDE, label_tokens
from deidkit.labels import Category, category_of
from deidkit.types import Document

CATEGORIES: tuple[str, ...] = (str(Category.NAME), str(Category.LOCATION))
"""Categories whose tokens are counted (Stat De-id: people, locations and organizations)."""


@dataclass(frozen=True, slots=True)
class DictionaryRecall:
    """Gold name/location PHI tokens in and not in the dictionaries, and how many were found."""

    not_in_dictionary: int = 0
    not_in_dictionary_found: int = 0
    in_dictionary: int = 0
    in_dictionary_found: int = 0

    def __add__(self, other: DictionaryRecall) -> DictionaryRecall:
        return DictionaryRecall(
            self.not_in_dictionary + other.not_in_dictionary,
            self.not_in_dictionary_found + other.not_in_dictionary_found,
            self.in_dictionary + other.in_dictionary,
            self.in_dictionary_found + other.in_dictionary_found,
        )

    @property
    def recall_not_in_dictionary(self) -> float | None:
        """Share of the gold tokens in no dictionary that were predicted PHI (None: no such
        token)."""
        if not self.not_in_dictionary:
            return None
        return self.not_in_dictionary_found / self.not_in_dictionary

    @property
    def recall_in_dictionary(self) -> float | None:
        if not self.in_dictionary:
            return None
        return self.in_dictionary_found / self.in_dictionary

    def row(self) -> dict[str, float | int | None]:
        """Table columns (``ood`` = out of dictionary)."""
        return {
            "ood_tokens": self.not_in_dictionary,
            "ood_recall": self.recall_not_in_dictionary,
            "in_dict_tokens": self.in_dictionary,
            "in_dict_recall": self.recall_in_dictionary,
        }


def dictionary_recall(
    gold: Iterable[Document],
    predicted: Iterable[Document],
    *,
    language: str,
    categories: Sequence[str] = CATEGORIES,
) -> DictionaryRecall:
    """Count, over paired documents (same order, same ids), the gold name/location PHI tokens
    in and not in ``language``'s dictionaries and how many of each the prediction found."""
    # lazy: the dictionaries load only for this measure
    from deidkit.features.dictionary import default_dictionaries, load_matcher

    matcher = load_matcher(default_dictionaries(language))
    tokenize = default_tokenizer()
    wanted = frozenset(categories)
    total = DictionaryRecall()
    gold_list, predicted_list = list(gold), list(predicted)
    if len(gold_list) != len(predicted_list):
        raise InputError(
            f"{len(gold_list)} gold documents but {len(predicted_list)} predicted ones",
            fix="predict every gold document",
        )
    for gold_doc, pred_doc in zip(gold_list, predicted_list, strict=True):
        if gold_doc.id != pred_doc.id or gold_doc.text != pred_doc.text:
            raise InputError(
                f"document {gold_doc.id!r} is paired with {pred_doc.id!r} or its text differs",
                fix="give the predictions in the order of the gold documents",
            )
        tokens = list(tokenize(gold_doc.text))
        gold_labels = label_tokens(tokens, gold_doc.spans).labels
        pred_labels = label_tokens(tokens, pred_doc.spans).labels
        masks = matcher.masks([token.text for token in tokens])
        counts = [0, 0, 0, 0]
        for token, label, predicted_label, mask in zip(
            tokens, gold_labels, pred_labels, masks, strict=True
        ):
            if label == OUTSIDE or str(category_of(label)) not in wanted:
                continue
            if not any(character.isalpha() for character in token.text):
                continue
            slot = 2 if mask else 0
            counts[slot] += 1
            counts[slot + 1] += predicted_label != OUTSIDE
        total = total + DictionaryRecall(*counts)
    return total


def dictionary_recall_row(
    gold: Sequence[Document], predicted: Sequence[Document], *, language: str
) -> dict[str, float | int | None]:
    """``dictionary_recall`` as table columns (a picklable run measure for experiments)."""
    return dictionary_recall(gold, predicted, language=language).row()
