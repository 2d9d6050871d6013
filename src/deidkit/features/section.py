"""The section-heading class (the SVM paper and Stat De-id): ``section`` = the normalised name
of the section the token is in (``history_of_present_illness``; ``none`` before the first heading).
"""

from __future__ import annotations

import bisect
import itertools
from typing import TYPE_CHECKING

from deidkit.features.base import ChunkContext, DocumentContext, FeatureClass, Features
from deidkit.text import NO_SECTION

if TYPE_CHECKING:
    from deidkit.features.columns import Block, Columns


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

    def chunk_columns(self, chunk: ChunkContext, columns: Columns) -> Block:
        import numpy as np  # lazy: importing the features needs no numpy

        from deidkit.features.columns import Block

        # a section at a time: a token is in the last section starting at or before it
        # (``deidkit.text.section_names``)
        names: list[str] = []
        lengths: list[int] = []
        for context in chunk.contexts:
            starts = context.starts
            sections = context.found_sections
            bounds = [0, *(bisect.bisect_left(starts, section.start) for section in sections),
                      len(context)]
            names += [NO_SECTION, *(section.name for section in sections)]
            lengths += [end - start for start, end in itertools.pairwise(bounds)]
        ids = [columns.column("section", name) for name in names]
        per_token = np.repeat(np.asarray(ids, np.int32), lengths)
        return Block.ones(np.arange(len(chunk)), per_token)
