"""deidkit.patterns.contacts: e-mail, web and IP addresses, phone numbers, ZIP and postal codes.

Each row is (language, text, every match of ``find_patterns(text, language)`` as (matched text,
label, pattern name)).
"""

from __future__ import annotations

import pytest
import regex

from deidkit.patterns import find_patterns
from deidkit.patterns.contacts import ADDRESSES, PHONES, POSTAL_CODES, TOP_LEVEL_DOMAINS

Row = tuple[str, str, list[tuple[str, str, str]]]

FOUND: list[Row] = [
    ("en", "Email john.doe@example.com today.", [("john.doe@example.com", "EMAIL", "email")]),
    ("es", "E-mail.hleon@correo.es para dudas.", [("hleon@correo.es", "EMAIL", "email")]),
    ("en", "See www.example.org for forms.", [("www.example.org", "URL", "url")]),
    ("en", "Portal https://portal.example.org/login?id=7 is up.",
     [("https://portal.example.org/login?id=7", "URL", "url")]),
    ("en", "Records at example-health.com.", [("example-health.com", "URL", "url_domain")]),
    ("en", "Login from 192.168.1.20 noted.", [("192.168.1.20", "IPADDR", "ipv4")]),
    ("en", "Host 2001:0db8:85a3:0000:0000:8a2e:0370:7334 logged.",
     [("2001:0db8:85a3:0000:0000:8a2e:0370:7334", "IPADDR", "ipv6")]),
    ("en", "Host fe80::1 logged.", [("fe80::1", "IPADDR", "ipv6")]),
    ("en", "Call (617) 555-1234 with results.", [("(617) 555-1234", "PHONE", "phone")]),
    ("en", "Call 1-617-555-1234 now.", [("1-617-555-1234", "PHONE", "phone")]),
    ("en", "Call 6175551234 now.", [("6175551234", "PHONE", "phone")]),
    ("en", "Call 617-555-1234 x123 now.", [("617-555-1234 x123", "PHONE", "phone")]),
    ("en", "Faxed to 617-555-9876 today.", [("617-555-9876", "FAX", "phone")]),
    ("en", "Call (123) 456-7890 now.", [("(123) 456-7890", "PHONE", "phone_parenthesised")]),
    ("es", "Llamar al 612345678 mañana.", [("612345678", "PHONE", "phone_es")]),
    ("en", "Reached +44 20 7946 0958 abroad.", [("+44 20 7946 0958", "PHONE", "phone_intl")]),
    ("en", "Reach her at 555-1234 after noon.", [("555-1234", "PHONE", "phone_local")]),
    ("en", "Clinic line ext. 4321.", [("4321", "PHONE", "phone_extension")]),
    # a trunk prefix, as the UK, Ireland, Australia and New Zealand write numbers
    ("en", "ward number (0113 496 0740) if jaundiced",
     [("0113 496 0740", "PHONE", "phone_trunk")]),
    ("en", "mob via switch (07) 5550 3100.", [("(07) 5550 3100", "PHONE", "phone_trunk")]),
    ("en", "hearing pass 500-4000 Hz bilat.", []),  # a frequency range
    ("en", "Lives in Boston, MA 02115 with wife.", [("02115", "ZIP", "zip_state")]),
    ("en", "Springfield, Illinois 62701-1234.", [("62701-1234", "ZIP", "zip_state")]),
    ("en", "Lives at 02115-1234 now.", [("02115-1234", "ZIP", "zip_plus4")]),
    ("es", "c/ del Abedul 5, 2º dcha 28036 Madrid (España).",
     [("28036", "ZIP", "postal_code_es")]),
    # not contacts
    ("en", "Login from 192.168.1.300 noted.", []),  # no octet 300
    ("en", "Lives in Boston 02115 with wife.", []),  # a ZIP code needs a state before it
    ("en", "Heparin 555-1234 units.", []),  # a unit follows
    ("es", "Reach her at 555-1234 after noon.", []),  # seven-digit numbers are English only
    ("es", "Código 99036 Madrid.", []),  # Spanish provinces are numbered 01-52
]


def _found(text: str, lang: str) -> list[tuple[str, str, str]]:
    return [(text[m.start : m.end], m.label, m.name) for m in find_patterns(text, lang)]


@pytest.mark.parametrize(("lang", "text", "expected"), FOUND)
def test_contact_patterns(lang: str, text: str, expected: list[tuple[str, str, str]]) -> None:
    assert _found(text, lang) == expected


def test_every_contact_pattern_has_an_example() -> None:
    examples = {name for _, _, found in FOUND for _, _, name in found}
    assert {p.name for p in (*ADDRESSES, *PHONES, *POSTAL_CODES)} <= examples


def test_only_letters_can_begin_a_top_level_domain() -> None:
    # url_domain's (?=\p{L}) guard: no other character with a case mapping can stand for the
    # first letters of a domain under full case folding (an exhaustive check over every code
    # point, run once, found none either)
    tld = regex.compile(rf"(?i:{TOP_LEVEL_DOMAINS})", regex.VERSION1)
    assert tld.fullmatch("eſ") is not None  # ſ (a letter) folds to s
    letter = regex.compile(r"\p{L}")
    cased = [chr(i) for i in range(0x3000) if chr(i).lower() != chr(i) or chr(i).upper() != chr(i)
             or chr(i).casefold() != chr(i)]
    non_letters = [c for c in cased if not letter.match(c)]
    assert non_letters  # Roman numerals, circled letters, combining marks
    for char in non_letters:
        for domain in TOP_LEVEL_DOMAINS.split("|"):
            for taken in range(1, len(domain) + 1):
                assert tld.match(char + domain[taken:]) is None, (char, domain)
