"""The section-heading class (the SVM paper and Stat De-id): ``section`` = the normalised name
of the section the token is in (``history_of_present_illness``; ``none`` before the first heading).
"""

from __future__ import annotations

import bisect

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
        # What add_document_features gives, a section at a time: a token is in the last
        # section starting at or before it (``deidkit.text.section_names``).
        table = names.table("section")
        starts = context.starts
        sections = context.found_sections
        firsts = [bisect.bisect_left(starts, section.start) for section in sections]
        runs = zip(
            [0, *firsts],
            [*firsts, len(items)],
            [NO_SECTION, *(section.name for section in sections)],
            strict=True,
        )
        for first, last, section in runs:
            name = table[section] if first < last else None
            if name is not None:
                for item in items[first:last]:
                    item[name] = 1.0
