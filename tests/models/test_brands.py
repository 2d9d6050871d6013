"""Brand names of medicines and devices are no PHI (deidkit.models.brands)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from deidkit.lang import get_language
from deidkit.models.brands import without_brands
from deidkit.models.rules.lexicons import lexicons
from deidkit.types import Document

from .crafted import found_in


def _kept(text: str, found: list[tuple[str, str]], lang: str = "en") -> list[str]:
    (done,) = without_brands([found_in(text, found)], lang)
    return [text[s.start : s.end] for s in done.spans]


@pytest.mark.parametrize(
    ("text", "found", "kept"),
    [
        # a brand taken for a name, a place or a department; with a number or a common word
        ("apixaban (Eliquis) 2.5 mg", [("Eliquis", "DOCTOR")], []),
        ("Zoster RZV (Shingrix) #1", [("Shingrix", "PATIENT")], []),
        ("PCV20 (Prevnar 20) given", [("Prevnar 20", "DEPARTMENT")], []),
        ("tiotropium (Spiriva Respimat) daily", [("Spiriva", "RELATIVE")], []),
        ("Biomed ticket for chair 6 Alaris PC unit", [("6 Alaris", "ROOM")], ["6"]),
        ("Equipment: LifePak 15 SN 44871230", [("LifePak 15", "DEPARTMENT"),
                                              ("44871230", "IDNUM")], ["44871230"]),
        # a brand in camel case, two tokens each found alone; a number glued after one kept
        ("ECG (LifePak): sinus", [("Life", "DOCTOR"), ("Pak", "ORGANIZATION")], []),
        ("Defib: LifePak 20e", [("LifePak 20", "STREET")], []),
        ("Trikafta since 08/2021", [("Trikafta", "DOCTOR")], []),
        # brands of several words: a pen, a contrast agent and its strength, a hearing aid,
        # a stent, an assay and a criteria set, taken for names, places and organisations
        ("glargine (Lantus SoloStar) 20 units", [("Lantus SoloStar", "PATIENT")], []),
        ("CT with Omnipaque 350, 100 mL", [("Omnipaque 350", "ORGANIZATION")], []),
        ("bilateral Phonak Audeo aids", [("Phonak Audeo", "DOCTOR")], []),
        ("DES: Xience Skypoint 3.0 x 18", [("Xience Skypoint", "HOSPITAL")], []),
        ("QuantiFERON-TB Gold negative", [("QuantiFERON", "PATIENT")], []),
        ("meets InterQual criteria", [("InterQual", "ORGANIZATION")], []),
        ("packed with Vashe, then Vaseline gauze", [("Vashe", "DOCTOR"), ("Vaseline", "RELATIVE")],
         []),
        # a surname that is also a brand ("Foley" catheter, "Starkey" hearing aids) is no
        # brand: kept, alone or beside one
        ("Dr. Foley reviewed Lantus SoloStar use",
         [("Foley", "DOCTOR"), ("Lantus SoloStar", "PATIENT")], ["Foley"]),
        ("aids from Phonak Starkey", [("Phonak Starkey", "PATIENT")], ["Phonak Starkey"]),
        # a name beside a brand, an identifier, a brand inside a longer name: kept
        ("Dexcom rep Quorbit Zanetti called", [("Quorbit Zanetti", "RELATIVE")],
         ["Quorbit Zanetti"]),
        ("lot ELIQUIS-2291", [("ELIQUIS-2291", "IDNUM")], ["ELIQUIS-2291"]),
        ("Lasix Quorbit Pharmacy", [("Lasix Quorbit Pharmacy", "ORGANIZATION")],
         ["Lasix Quorbit Pharmacy"]),
        # a product or an eponym of several words, each alone a name: what lies inside it
        ("Warming: Bair Hugger on; FreeStyle Libre 3; Salter - Harris II; (Schmitt-Thompson)",
         [("Bair Hugger", "PATIENT"), ("Libre", "PATIENT"), ("Salter", "RELATIVE"),
          ("Harris", "DOCTOR"), ("Schmitt-Thompson", "ORGANIZATION")], []),
        ("Dr. Harris saw a Salter-Harris II; Libre Quorbit called",
         [("Harris", "DOCTOR"), ("Libre Quorbit", "PATIENT")], ["Harris", "Libre Quorbit"]),
    ],
)
def test_brand_names_are_dropped(text: str, found: list[tuple[str, str]], kept: list[str]) -> None:
    assert _kept(text, found) == kept


def test_a_language_without_brand_names_keeps_everything() -> None:
    assert _kept("Eliquis 5 mg", [("Eliquis", "PATIENT")], lang="es") == ["Eliquis"]


def test_no_brand_name_is_a_listed_name_or_an_ordinary_word() -> None:
    """A brand shared with a surname or a word stays to the detectors."""
    brands = get_language("en").rules.brand_names
    lex = lexicons("en")
    assert len(brands) > 2000
    assert all(brand == brand.casefold() and brand.isalpha() for brand in brands)
    assert not brands & (lex.names | lex.first_names | lex.common)


def test_a_mention_propagated_inside_a_brand_phrase_is_dropped() -> None:
    """Mention propagation runs after the brands' pass: a name found alone elsewhere in the
    note does not come back inside "FreeStyle Libre"."""
    from deidkit.models.adjust import Adjusted

    class _Found:
        def predict(self, documents: Sequence[Document]) -> list[Document]:
            return [found_in(d.text, [("Libre", "PATIENT")], source="rules") for d in documents]

    text = "Handouts: Libre leaflet. Device: FreeStyle Libre 2 Plus."
    (done,) = Adjusted(_Found(), lang="en", propagate=True).predict([Document(id="a", text=text)])
    assert [(s.start, text[s.start : s.end]) for s in done.spans] == [(10, "Libre")]
