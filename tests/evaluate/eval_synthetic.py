"""Helpers for the evaluation tests (synthetic documents only)."""

from __future__ import annotations

import re

from deidkit.types import Document, Span, Token

WORD = re.compile(r"\S+")


def whitespace_tokenize(text: str) -> list[Token]:
    """A tokenizer independent of deidkit.text, for tests that fix the tokens by hand."""
    return [Token(m.group(), m.start(), m.end()) for m in WORD.finditer(text)]


def span_of(text: str, phrase: str, label: str, occurrence: int = 0) -> Span:
    """The span of the n-th occurrence of ``phrase`` in ``text``."""
    start = -1
    for _ in range(occurrence + 1):
        start = text.index(phrase, start + 1)
    return Span(start, start + len(phrase), label)


def doc(text: str, *spans: tuple[str, str], doc_id: str = "d1") -> Document:
    return Document(doc_id, text, tuple(span_of(text, phrase, label) for phrase, label in spans))


FIRST = ("Ann", "Bob", "Cara", "Dev", "Eli", "Fay", "Gus", "Hana", "Ivo", "Jun", "Kai", "Lea")
LAST = ("Lee", "Ray", "Moss", "Ortiz", "Pham", "Quinn", "Roth", "Sato", "Tran", "Usher")
PLACES = ("Mercy Hospital", "Lakeside Clinic", "St Anne Hospital", "Northgate Center")


def synthetic_corpus(n: int, seed: int = 0) -> list[Document]:
    """Short synthetic notes with patient, doctor, date, hospital and MRN spans."""
    import random

    rng = random.Random(seed)
    documents = []
    for i in range(n):
        patient = f"{rng.choice(FIRST)} {rng.choice(LAST)}"
        doctor = rng.choice(LAST)
        date = f"{rng.randint(1, 12)}/{rng.randint(1, 28)}/20{rng.randint(10, 23)}"
        place = rng.choice(PLACES)
        mrn = str(rng.randint(100000, 999999))
        parts = [
            ("Patient ", None),
            (patient, "PATIENT"),
            (" was seen on ", None),
            (date, "DATE"),
            (" at ", None),
            (place, "HOSPITAL"),
            (" by Dr. ", None),
            (doctor, "DOCTOR"),
            (" . MRN ", None),
            (mrn, "MEDICALRECORD"),
            (" . Blood pressure stable , no fever .", None),
        ]
        text, spans = "", []
        for piece, label in parts:
            if label is not None:
                spans.append(Span(len(text), len(text) + len(piece), label))
            text += piece
        documents.append(Document(f"note{i:03d}", text, tuple(spans)))
    return documents


class MemoryDetector:
    """A test double for the Detector contract: remembers the words of training PHI.

    Feature classes: ``memory`` (words seen as PHI), ``digits`` (any number is an ID).
    """

    def __init__(self, classes: tuple[str, ...] | None = None, **params) -> None:
        self.classes = classes or ("memory", "digits")
        self.params = params

    def fit(self, documents):
        from deidkit.text import tokenize

        self.memory_ = {}
        for document in documents:
            for span in document.spans:
                for token in tokenize(document.span_text(span)):
                    self.memory_[token.text] = span.label
        return self

    def predict(self, documents):
        from deidkit.text import tokenize

        result = []
        for document in documents:
            spans = []
            for token in tokenize(document.text):
                label = None
                if "memory" in self.classes:
                    label = self.memory_.get(token.text)
                if label is None and "digits" in self.classes and token.text.isdigit():
                    label = "IDNUM"
                if label is not None:
                    spans.append(Span(token.start, token.end, label, source="memory"))
            result.append(document.with_spans(spans))
        return result


def memory_factory(spec):
    if spec.name not in ("memory", "rules", "svm", "crf"):
        from deidkit.errors import ConfigError

        raise ConfigError(f"no detector {spec.name!r}")
    return MemoryDetector(spec.feature_classes, **dict(spec.params))
