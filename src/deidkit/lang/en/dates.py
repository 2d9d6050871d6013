"""How English writes dates: month, season and weekday names, holidays, date words."""

from __future__ import annotations

from deidkit.lang.base import DateWords


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


def _split(text: str) -> tuple[str, ...]:
    return tuple(text.split())


def ordinal_suffix(day: int) -> str:
    """``st``, ``nd``, ``rd`` or ``th``: the suffix of ``day`` ("1st", "12th", "22nd")."""
    if 10 <= day % 100 <= 20:
        return "th"
    return {1: "st", 2: "nd", 3: "rd"}.get(day % 10, "th")


DATES = DateWords(
    months=(
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    ),
    month_abbreviations=_split("Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec"),
    other_month_names={"sept": 9},
    seasons=("winter", "spring", "summer", "fall"),
    season_aliases={"autumn": 3},
    holidays=(
        "Christmas Eve",
        "Christmas Day",
        "Christmas",
        "New Year's Eve",
        "New Year's Day",
        "New Year's",
        "Lunar New Year",
        "Chinese New Year",
        "New Year",
        "Boxing Day",
        "Thanksgiving Day",
        "Thanksgiving",
        "Easter Sunday",
        "Easter",
        "Halloween",
        "Independence Day",
        "Fourth of July",
        "Memorial Day",
        "Labor Day",
        "Veterans Day",
        "Valentine's Day",
        "St. Patrick's Day",
        "Mother's Day",
        "Father's Day",
        "Presidents' Day",
        "Hanukkah",
        "Passover",
        "Yom Kippur",
        "Rosh Hashanah",
        "Ramadan",
        "Good Friday",
        "Ash Wednesday",
        "Palm Sunday",
        "Diwali",
        "Juneteenth",
        "Kwanzaa",
        "Labour Day",
        "Canada Day",
        "Remembrance Day",
        "Eid al-Fitr",
        "Eid al-Adha",
        "Mardi Gras",
        "Martin Luther King Day",
        "Cinco de Mayo",
        "Three Kings Day",
        "Tết",
    ),
    weekdays=_words(
        """
        fri friday mon monday sat saturday sun sunday thu thur thurs thursday tue tues
        tuesday wed wednesday
        """
    ),
    relative_days=_words(
        """
        today tonight yesterday tomorrow overnight now morning afternoon evening night noon
        midnight last next this week weekend
        """
    ),
    connectors=_words("and at in nd of on rd st t th the through to until z"),
    range_words=("to", "through", "thru", "until", "and"),
    ordinal_suffixes=("st", "nd", "rd", "th"),
    ordinal=ordinal_suffix,
    zero_padded=False,
)
