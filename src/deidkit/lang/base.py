"""The :class:`Language` type: what the rest of deidkit may ask about a language.

Fields hold plain data (tuples, frozensets, mappings) so a language folder is data, not code.
Subsystems whose data is large keep their own typed record in the language folder
(``deidkit/lang/<code>/<part>.py``) and reach it through a field of this class.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Language:
    """One supported language.

    ``code`` is the ISO 639-1 code used on the command line (``--lang``); ``name`` its English
    name; ``day_first`` says whether ``3/4`` reads as 3 April (True) or 4 March (False).
    """

    code: str
    name: str
    day_first: bool
