"""The rules, in the order they run (the registry ``RULES``).

Adding a rule: a module here with a ``SpanRule`` (or a ``TokenRule`` on a layer), its name
and priority, its language data in ``RuleLanguage`` if it needs any, one line below, and a
test table in ``tests/models/rules/``. Among candidates of equal priority, length and start,
the rule listed first wins; a token rule of a layer labels tokens before the ones after it.
"""

from __future__ import annotations

from deidkit.models.rules import (
    ages,
    casual_names,
    dictionary_names,
    fields,
    flowsheet,
    hl7,
    hospitals,
    identifiers,
    messages,
    names,
    organizations,
    patient_initials,
    patterns,
    places,
    professions,
    registrations,
    schedules,
    seasons,
    spoken,
    staff,
    streets,
    tables,
    usernames,
)
from deidkit.models.rules.base import Rule

RULES: tuple[Rule, ...] = (
    patterns.RULE,
    fields.RULE,
    hl7.RULE,
    schedules.RULE,
    seasons.RULE,
    identifiers.CUED_IDS,
    identifiers.EXTENSIONS,
    identifiers.VEHICLE_UNITS,
    identifiers.HEADER_IDS,
    ages.RULE,
    ages.KIN_AGES,
    tables.RULE,
    tables.STAFF,
    tables.ROOMS,
    spoken.NUMBERS,
    spoken.AGES,
    names.TITLES,
    names.NAME_CUES,
    names.CREDENTIALS,
    casual_names.HEADER_NAMES,
    casual_names.LOWERCASE_NAMES,
    casual_names.HANDOFF_NAMES,
    casual_names.LAYOUT_NAMES,
    staff.INITIALS_RULE,
    flowsheet.FLOWSHEET_INITIALS,
    patient_initials.PATIENT_INITIALS,
    usernames.USERNAMES,
    messages.CHAT_SPEAKERS,
    messages.NICKNAMES,
    messages.AT_MENTIONS,
    registrations.REGISTERED_NAMES,
    organizations.ORGANIZATIONS,
    hospitals.RULE,
    organizations.UNITS,
    organizations.CENSUS_ROOMS,
    organizations.CUED_ROOMS,
    professions.RULE,
    streets.RULE,
    places.CUED_PLACES,
    places.DICTIONARY_PLACES,
    places.CITY_STATE,
    places.LICENCE_STATES,
    places.COUNTRY_ABBREVIATIONS,
    organizations.HOSPITAL_ABBREVIATIONS,
    dictionary_names.RULE,
    identifiers.ID_SHAPES,
    identifiers.NUMBERED_CODES,
)


def rule_names() -> tuple[str, ...]:
    """The names of the rules, in registry order."""
    return tuple(rule.name for rule in RULES)
