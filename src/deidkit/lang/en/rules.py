"""English data for the rules detector (:class:`deidkit.lang.rules.RuleLanguage`)."""

from __future__ import annotations

from deidkit.lang.rules import RuleLanguage

RULES = RuleLanguage(
    first_names=("first_names",),
    last_names=("last_names",),
    common_words=("common_words",),
    medical_words=("medical_words",),
    cities=("us_cities", "us_counties"),
    regions=("us_states",),
    countries=("countries",),
    hospitals=("hospitals",),
    not_names=("weekdays", "months", "nationalities"),
    street_types=(),
    street_suffixes=("street_suffixes",),
    address_units=("address_units",),
    state_codes=("us_state_abbreviations", "usps"),
    credentials=("name_suffixes", "credential"),
    titles=("titles",),
    extra_titles={},
    name_indicators=("name_indicators",),
    extra_name_indicators=(),
    location_indicators=("location_indicators",),
    extra_location_indicators=(),
    too_general_place_cues=frozenset(
        {"from", "address", "visited", "visiting", "transfer", "transferred"}
    ),
    hospital_indicators=("hospital_indicators",),
    fields={
        "patient name": ("PATIENT", "names"),
        "name": ("PATIENT", "names"),
        "patient": ("PATIENT", "names"),
        "attending": ("DOCTOR", "names"),
        "pcp": ("DOCTOR", "names"),
        "physician": ("DOCTOR", "names"),
        "provider": ("DOCTOR", "names"),
        "dictated by": ("DOCTOR", "names"),
        "signed by": ("DOCTOR", "names"),
        "surgeon": ("DOCTOR", "names"),
        "address": ("STREET", "clause"),
        "street": ("STREET", "clause"),
        "city": ("CITY", "clause"),
        "hospital": ("HOSPITAL", "clause"),
        "facility": ("HOSPITAL", "clause"),
        "employer": ("ORGANIZATION", "clause"),
        "occupation": ("PROFESSION", "clause"),
        "caller": ("RELATIVE", "names"),
    },
    hospital_name_first=True,
    hospital_cues=frozenset({"at", "to", "from", "in", "@", "the", "and"}),
    wordlike_state_codes=frozenset(
        {"IN", "OR", "ME", "OK", "HI", "OH", "AS", "AL", "DE", "LA", "MA", "PA", "GA", "CO", "ID",
         "MD"}
    ),
    eponym_heads=frozenset(
        str.split(
            """disease syndrome sign signs test fracture cyst catheter tube reflex phenomenon
        procedure operation maneuver manoeuvre drain drains position criteria classification
        scale technique incision approach method retractor clamp forceps needle score law node
        nodes palsy disorder lymphoma sarcoma tumor tumour ulcer pouch hernia triad solution
        stockings stocking bag"""
        )
    ),
    link_words=frozenset({"of", "'s", "’s", "and"}),
    cue_fillers=frozenset({"is", "was", "named", "'s", "’s", "d/w", "by", "the"}),
    articles=frozenset({"the"}),
)
