"""Age surrogates: HIPAA Safe Harbor only protects ages over 89.

An age of 89 or less is kept (it is clinically useful and not an identifier). An age over 89
becomes either the bucket ``90+`` (the default, Safe Harbor's "90 or older") or a random age
over 89 other than the original, written the same way (digits or words, English or Spanish).
"""

from __future__ import annotations

import random
from typing import Literal

from deidkit.lang import get_language
from deidkit.text.ages import age_value

AgePolicy = Literal["bucket", "surrogate"]


def to_words(number: int, lang: str) -> str:
    """A number from 0 to 199 in the words of ``lang``."""
    return get_language(lang).surrogates.spell_number(number)


def age(
    original: str,
    rng: random.Random,
    *,
    policy: AgePolicy = "bucket",
    bucket: str = "90+",
    lang: str = "en",
) -> str:
    """The original if 89 or less (or not an age in years), else the bucket or a surrogate."""
    found = age_value(original)
    if found is None:
        return original
    years, start, end, in_words = found
    if years <= 89:
        return original
    if policy == "bucket":
        new = bucket
    else:
        choice = rng.choice([n for n in range(90, 106) if n != years])
        new = to_words(choice, lang) if in_words else str(choice)
        written = original[start:end]
        if in_words and written[:1].isupper():
            new = new[:1].upper() + new[1:]
    return original[:start] + new + original[end:]
