"""Contact patterns: e-mail and web addresses, IP addresses, phone/fax numbers (North American,
Spanish, international, extensions) and ZIP / postal codes.

A phone number after a fax cue is labelled FAX. Values after cue words (``Tel: ...``,
``Pager #...``, ``zip ...``) are found by ``deidkit.patterns.cues``.
"""

from __future__ import annotations

import regex

from deidkit.patterns.context import UNITS, unit_follows, words_before
from deidkit.patterns.spec import (
    ALL,
    DIGIT_PAIR,
    DIGITS,
    EN,
    ES,
    LEFT,
    RIGHT,
    SPACE,
    Check,
    Expression,
    Found,
    Head,
    Pattern,
    hit,
    lengths,
)

TOP_LEVEL_DOMAINS = (
    "com|org|net|edu|gov|mil|info|biz|io|es|uk|de|fr|it|pt|ca|au|us|eu|cat|gal|eus|mx|ar|cl|co"
)
PATH_ONLY_DOMAINS = "me|nz|ie|tv"
"""Top-level domains taken only before a path ("Doxy.me" is a service, "doxy.me/pscard" a
room)."""
_OCTET = r"(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)"
_US_STATES = (
    "AL|AK|AZ|AR|CA|CO|CT|DE|DC|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|"
    "NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY|PR"
)
_US_STATE_NAMES = (
    "Alabama|Alaska|Arizona|Arkansas|California|Colorado|Connecticut|Delaware|Florida|Georgia|"
    "Hawaii|Idaho|Illinois|Indiana|Iowa|Kansas|Kentucky|Louisiana|Maine|Maryland|"
    "Massachusetts|Michigan|Minnesota|Mississippi|Missouri|Montana|Nebraska|Nevada|"
    "New Hampshire|New Jersey|New Mexico|New York|North Carolina|North Dakota|Ohio|Oklahoma|"
    "Oregon|Pennsylvania|Rhode Island|South Carolina|South Dakota|Tennessee|Texas|Utah|"
    "Vermont|Virginia|Washington|West Virginia|Wisconsin|Wyoming|Puerto Rico"
)

# --- checks ------------------------------------------------------------------------------------


def _contact_label(text: str, start: int) -> str:
    return "FAX" if "fax" in " ".join(words_before(text, start, 3)) else "PHONE"


def _check_phone(name: str) -> Check:
    def check(text: str, m: regex.Match[str], lang: str | None) -> Found:
        if unit_follows(text, m.end()):
            return None
        digits = sum(map(str.isdigit, m.group()))
        if not 7 <= digits <= 15:
            return None
        return m.start(), m.end(), _contact_label(text, m.start()), name

    return check


_EMAIL_LOCAL = Expression(r"[\w.+-]+$")
_EMAIL_PREFIX = Expression(r"(?i)e-?mail[.:-]")


def _check_email(text: str, m: regex.Match[str], lang: str | None) -> Found:
    local = _EMAIL_LOCAL.compiled.search(text, max(0, m.start() - 64), m.start())
    if local is None:
        return None
    start = local.start()
    prefix = _EMAIL_PREFIX.compiled.match(text, start, m.start())
    if prefix is not None and prefix.end() < m.start():
        start = prefix.end()  # "E-mail.name@host.com": the label glued to the address
    while start < m.start() and text[start] in ".-+":
        start += 1
    if start == m.start():
        return None
    return start, m.end(), "EMAIL", "email"


_DOMAIN_LEFT = Expression(r"(?i)(?:[a-z0-9-]+\.)*[a-z0-9-]*[a-z][a-z0-9-]*$")


def _check_domain(text: str, m: regex.Match[str], lang: str | None) -> Found:
    left = _DOMAIN_LEFT.compiled.search(text, max(0, m.start() - 80), m.start())
    if left is None or left.start() == m.start():
        return None
    start = left.start()
    if start > 0 and text[start - 1] in "@.-_/":
        return None  # part of an e-mail address or a longer URL
    return start, m.end(), "URL", "url_domain"


_HEX_LEFT = Expression(r"(?i)(?<![\w:])[0-9a-f]{1,4}$")


def _check_ipv6(text: str, m: regex.Match[str], lang: str | None) -> Found:
    left = _HEX_LEFT.compiled.search(text, max(0, m.start() - 4), m.start())
    start = left.start() if left is not None else m.start()
    if left is None and not m.group().startswith("::"):
        return None
    value = text[start : m.end()]
    if "::" not in value and value.count(":") != 7:
        return None
    if not any(ch.isalpha() for ch in value) and "::" not in value:
        return None
    return start, m.end(), "IPADDR", "ipv6"


_STATE_BEFORE = Expression(
    rf"(?<![\p{{L}}])(?:{_US_STATES}|{_US_STATE_NAMES})\.?,?\s{{1,3}}$"
)


def _check_zip_state(text: str, m: regex.Match[str], lang: str | None) -> Found:
    if _STATE_BEFORE.compiled.search(text, max(0, m.start() - 20), m.start()) is None:
        return None
    return hit(m, "ZIP", "zip_state")


def _check_postal_es(text: str, m: regex.Match[str], lang: str | None) -> Found:
    if not 1 <= int(m.group()[:2]) <= 52:  # Spanish provinces are numbered 01-52
        return None
    before = words_before(text, m.start(), 1)
    if before and (before[0] in UNITS or before[0] in {"de", "los", "unos", "las", "nº"}):
        return None
    return hit(m, "ZIP", "postal_code_es")


# --- heads -------------------------------------------------------------------------------------

_SEPARATOR = SPACE + ".-"
# North American numbers (phone): 1 (country code) then a separator or "(", or glued to the
# area code and more; 617 or 617555 then a separator; 6175551234; "(617)" and "+1..."
_PHONE_HEADS = (
    Head(frozenset({1}), first="1", follow=((_SEPARATOR, DIGITS + "("), ("(", "23456789"))),
    Head(frozenset({4}), first="1", follow=((_SEPARATOR, "23456789"),)),
    Head(frozenset({7}), first="1", follow=((_SEPARATOR, DIGITS),)),
    Head(frozenset({3}), first="23456789", follow=((_SEPARATOR, "23456789"),)),
    Head(frozenset({6}), first="23456789", follow=((_SEPARATOR, DIGITS),)),
    Head(frozenset({10}), first="23456789"),
    Head(frozenset({11}), first="1"),
    Head(frozenset({3}), first="23456789", before="(", at_start=False, follow=((")",),),
         opener=True),
    Head(frozenset({1, 4, 7, 11}), first="1", before="+", at_start=False, opener=True),
)

# --- the patterns, in priority order -----------------------------------------------------------

ADDRESSES: tuple[Pattern, ...] = (
    Pattern(
        name="email", label="EMAIL", langs=ALL, check=_check_email,
        expression=r"@[\w-]+(?:\.[\w-]+)*\.[A-Za-z]{2,}(?![\w-])", description="e-mail address",
    ),
    Pattern(
        name="url", label="URL", langs=ALL,
        expression=r"(?i)(?<![\w@])(?:https?://|ftp://|www\.)[^\s<>\"'()]*[^\s<>\"'().,;:!?]",
        description="web address with a scheme or www.",
        anchors=("http", "https", "ftp", "www."),
    ),
    # (?=\p{L}): the engine skips the other dots at once; only letters fold to a domain's first
    # letter, even with full case folding (ſ, the Kelvin sign)
    Pattern(
        name="url_domain", label="URL", langs=ALL, check=_check_domain,
        expression=rf"\.(?=\p{{L}})(?:(?i:{TOP_LEVEL_DOMAINS})(?![\w@-])"
        rf"(?:/[^\s<>\"']*[^\s<>\"'.,;:!?)])?|(?i:{PATH_ONLY_DOMAINS})"
        r"/[^\s<>\"']*[^\s<>\"'.,;:!?)])",
        description="bare domain name with a common top-level domain (one that is also a word or "
        "a brand's ending, \".me\", only with a path: \"doxy.me/room\")",
    ),
    Pattern(
        name="ipv4", label="IPADDR", langs=ALL,
        expression=LEFT + rf"(?:{_OCTET}\.){{3}}{_OCTET}" + RIGHT, description="IPv4 address",
        heads=(Head(lengths(1, 3), follow=((".", DIGITS, DIGITS + "."),)),),
    ),
    Pattern(
        name="ipv6", label="IPADDR", langs=ALL, check=_check_ipv6,
        expression=r"(?i):(?:[0-9a-f]{0,4}:){1,6}[0-9a-f]{1,4}(?![\w:])",
        description="IPv6 address",
    ),
)

PHONES: tuple[Pattern, ...] = (
    Pattern(
        name="phone", label="PHONE", langs=ALL, check=_check_phone("phone"),
        expression=r"(?=[(+\d])" + LEFT + r"(?:\+?1[\s.-]?)?(?:\([2-9]\d{2}\)\s?|"
        r"[2-9]\d{2}[\s.-]?)[2-9]\d{2}[\s.-]?\d{4}(?:\s*(?:x|ext\.?)\s*\d{1,5})?" + RIGHT,
        description="North American phone number", heads=_PHONE_HEADS,
    ),
    Pattern(
        name="phone_parenthesised", label="PHONE", langs=ALL,
        check=_check_phone("phone_parenthesised"),
        expression=r"\((?<=(?:^|[^\w(])\()\d{3}\)\s?\d{3}[-.\s]\d{4}" + RIGHT,
        description="(ddd) ddd-dddd with any digits",
    ),
    Pattern(
        name="phone_es", label="PHONE", langs=ES, check=_check_phone("phone_es"),
        expression=LEFT + r"(?:(?:\+|00)\s?34[\s.-]?)?(?:[6789]\d{8}|[6789]\d{2}"
        r"[\s.-]\d{3}[\s.-]\d{3}|[6789]\d[\s.-]\d{3}[\s.-]\d{2}[\s.-]\d{2}|[6789]\d{2}[\s.-]"
        r"\d{2}[\s.-]\d{2}[\s.-]\d{2})" + RIGHT,
        description="Spanish phone number (nine digits from 6-9, +34 optional)",
    ),
    Pattern(
        name="phone_intl", label="PHONE", langs=ALL, check=_check_phone("phone_intl"),
        expression=r"(?<![\w+])\+\d{1,3}(?:[\s.-]?\(?\d{1,4}\)?){2,5}" + RIGHT,
        description="international number with a + prefix",
    ),
    Pattern(
        name="phone_local", label="PHONE", langs=EN, check=_check_phone("phone_local"),
        expression=LEFT + r"[2-9]\d{2}-\d{4}" + RIGHT,
        description="seven-digit local number 555-1234",
        heads=(Head(lengths(3, 3), first="23456789", follow=DIGIT_PAIR),),
    ),
    Pattern(
        name="phone_trunk", label="PHONE", langs=EN, check=_check_phone("phone_trunk"),
        expression=r"(?:\((?<=(?:^|[^\w(])\()0\d{1,4}\)[ \t]?\d{3,4}[ \t-]?\d{3,4}|"
        + LEFT + r"0\d{2,4}[ \t]\d{3,4}[ \t]\d{3,4})" + RIGHT,
        description="a number with its trunk prefix 0, as the UK, Ireland, Australia and New "
        "Zealand write it: (09) 555 0120, 0113 496 0740",
        heads=(Head(lengths(2, 5), first="0", before="(", at_start=False, opener=True,
                    follow=((")",),)),
               Head(lengths(3, 5), first="0", follow=((" \t",),))),
    ),
    Pattern(
        name="phone_extension", label="PHONE", langs=ALL,
        expression=r"(?i)(?<![\p{L}])(?:ext|extension)\.?\s?(?P<phi>\d{3,5})(?!\d)",
        description="telephone extension: ext. 1234", anchors=("ext", "extension"),
    ),
)

POSTAL_CODES: tuple[Pattern, ...] = (
    Pattern(
        name="zip_state", label="ZIP", langs=EN, check=_check_zip_state,
        expression=LEFT + r"\d{5}(?:-\d{4})?" + RIGHT, description="ZIP code after a state",
        heads=(Head(lengths(5, 5)),),
    ),
    Pattern(
        name="zip_plus4", label="ZIP", langs=EN,
        expression=LEFT + r"\d{5}-\d{4}" + RIGHT, description="ZIP+4 code 02115-1234",
        heads=(Head(lengths(5, 5), follow=DIGIT_PAIR),),
    ),
    Pattern(
        name="postal_code_es", label="ZIP", langs=ES, check=_check_postal_es,
        expression=LEFT + r"[0-5]\d{4}(?=[\s-]+\p{Lu}\p{L}+"
        r"(?:[\s-]+(?:del?|la|las|los|\p{Lu}\p{L}+))*\s*(?:[.,;(]|$))",
        description="Spanish postal code before a place name and punctuation (28036 Madrid.)",
        heads=(Head(lengths(5, 5), first="012345", follow=((SPACE + "-",),)),),
    ),
)
