"""English surrogate data: words that stay, sex words, numbers in words, sample values and
the lists surrogate values are drawn from (written for deidkit)."""

from __future__ import annotations

from deidkit.lang.base import PoolSources, SurrogateWords


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


def _split(text: str) -> tuple[str, ...]:
    return tuple(text.split())


_UNITS = _split(
    """
    zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen
    fifteen sixteen seventeen eighteen nineteen
    """
)
_TENS = _split("_ _ twenty thirty forty fifty sixty seventy eighty ninety")


def spell_number(number: int) -> str:
    """0 to 199 in English words ("ninety-one", "one hundred and two")."""
    prefix = "one hundred " if number >= 100 else ""
    rest = number % 100
    if rest < 20:
        body = _UNITS[rest] if rest or not prefix else ""
    else:
        tens, units = divmod(rest, 10)
        body = _TENS[tens] + (f"-{_UNITS[units]}" if units else "")
    return (prefix + ("and " if prefix and body else "") + body).strip()


SAMPLES: dict[str, str] = {
    "PATIENT": "John Smith",
    "DOCTOR": "Smith",
    "RELATIVE": "Mary",
    "USERNAME": "jsmith",
    "PROFESSION": "teacher",
    "HOSPITAL": "General Hospital",
    "ORGANIZATION": "Acme Corp",
    "DEPARTMENT": "Blake 7",
    "ROOM": "412",
    "STREET": "12 Main Street",
    "CITY": "Springfield",
    "STATE": "Ohio",
    "COUNTRY": "Canada",
    "LOCATION_OTHER": "Springfield",
    "AGE": "45",
    "FAX": "(617) 555-0199",
    "EMAIL": "jsmith@example.com",
    "URL": "www.example.com",
    "IPADDR": "10.0.0.1",
    "SSN": "123-45-6789",
    "MEDICALRECORD": "1234567",
    "HEALTHPLAN": "12 34567890 12",
    "ACCOUNT": "12345678",
    "LICENSE": "12 12 12345",
    "VEHICLE": "1234 ABC",
    "DEVICE": "SN123456",
    "BIOID": "B1234",
    "IDNUM": "123456",
    "OTHER": "other",
    "ZIP": "02114",
    "DATE": "3/14/2012",
    "PHONE": "(617) 555-0123",
    "SEX": "male",
}
"""Labels -> a value of the label as notes in the language write it: what a re-identifying
placeholder with no original (``SurrogateGenerator.fresh``) is made from."""

SURROGATES = SurrogateWords(
    titles=_words(
        """
        brother capt doctor dr father fr miss mr mrs ms mx nurse prof professor rev sgt sister
        sr
        """
    ),
    name_suffixes=_words("cnm crna dds dmd do ii iii iv jr lpn md mph np pa pharmd phd rn sr"),
    particles=_words("da de den der di du la le st van von"),
    kinship=_words(
        """
        aunt boyfriend brother child children cousin dad daughter family father fiance
        fiancee friend friends girlfriend granddaughter grandfather grandmother grandson
        guardian husband in-law kids maternal mom mother mum nephew niece parent parents
        partner paternal sibling siblings sister son spouse stepdaughter stepfather
        stepmother stepson uncle wife
        """
    ),
    relation_words=_words("a an and her his my our the their your"),
    role_words=_words("patient pt attending resident physician surgeon"),
    street_words=_words(
        """
        apartment apt ave avenue bldg blvd boulevard box building cir circle county court ct
        dr drive e e. east fl floor highway hwy lane ln n n. ne no north nw of p.o. parkway
        pkwy pl place po rd road route rte rural s s. se south sq square st state ste street
        suite sw ter terrace the trail trl unit w w. way west
        """
    ),
    facility_words=_words(
        """
        academy affairs agency and associates at bank behavioral cancer cardiac cardiology
        care ccu center center's centre children's childrens church clinic clinics co co.
        college community company corp corp. county delivery department dept ear ed
        emergency er eye floor for foundation general group health healthcare heart home
        hospice hospital hospitals icu inc inc. infirmary institute intensive labor library
        llc ltd maternity medical memorial mental micu museum nicu nursing of office oncology
        pacu partners pediatric pediatrics picu psychiatric radiology regional rehab
        rehabilitation saint school service services sicu society st. surgery surgery's
        surgical system the unit units university va veterans ward women's womens
        """
    ),
    title_small_words=_words("of the and at"),
    free_mail=_words(
        """
        aol.com gmail.com hotmail.com icloud.com live.com msn.com outlook.com yahoo.com
        """
    ),
    sex_words=(
        ("male", "female"),
        ("man", "woman"),
        ("boy", "girl"),
        ("gentleman", "lady"),
        ("m", "f"),
        ("masculine", "feminine"),
    ),
    number_words={
        **{word: value for value, word in enumerate(_UNITS)},
        **{word: value * 10 for value, word in enumerate(_TENS) if value >= 2},
        "hundred": 100,
    },
    number_joiners=("and",),
    spell_number=spell_number,
    non_year_units=("months?", "mos?", "weeks?", "wks?", "days?"),
    samples=SAMPLES,
    first_name_endings={},
    phone_keeps_first_digit=False,
    postal_prefixes=0,
    pools=PoolSources(
        faker_locale="en_US",
        faker_world_locale="en",
        city_lists=("us_cities", "cities"),
        city_fallback="towns",
        state_list="us_states",
        region_list=None,
        country_list="countries",
        hospital_lists=("hospitals", "us_hospitals"),
        street_name_list="street_names",
        faker_street_types="street_suffixes",
        state_abbreviations=True,
    ),
)
