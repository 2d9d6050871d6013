"""The section-heading class (seeds 000, 001): ``section`` = the normalised name of the
section the token is in (``history_of_present_illness``; ``none`` before the first heading).
"""

from __future__ import annotations

from deidkit.features.attributes import AttributeItem, AttributeNames
from deidkit.features.base import DocumentContext, FeatureClass, Features
from deidkit.text import NO_SECTION


class SectionFeatures(FeatureClass):
    name = "section"
    summary = "the section heading the token is under"

    def add_document_features(self, context: DocumentContext, items: list[Features]) -> None:
        if not context.found_sections:
            for item in items:
                item["section"] = NO_SECTION
            return
        for item, name in zip(items, context.sections, strict=True):
            item["section"] = name

    def add_document_attributes(
        self, context: DocumentContext, items: list[AttributeItem], names: AttributeNames
    ) -> None:
        table = names.table("section")
        if not context.found_sections:
            name = table[NO_SECTION]
            if name is not None:
                for item in items:
                    item[name] = 1.0
            return
        for item, name in zip(items, [table[s] for s in context.sections], strict=True):
            if name is not None:
                item[name] = 1.0
