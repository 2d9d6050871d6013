"""The rules detector: patterns, dictionaries and context rules; no training data needed.

After PhysioNet's deid and the heuristic+dictionary baseline of Stat De-id:

1. **Patterns** (``deidkit.patterns``): dates, phone/fax/pager, SSN, IDs, ZIP, e-mail, URL,
   IP, ages over 89 (all ages with ``ages="all"``; clock times with ``times=True``).
2. **Dictionaries** (``deidkit.resources``): first and last names, cities, counties, states,
   countries and hospitals, minus the common-words list (names that are also ordinary or
   medical words need context: "Dr. Brown", not "brown stool"; "Mr. Foley", not "Foley
   catheter").
3. **Context rules**: the words after a title (Dr, Mr, Mrs, Dra., Sr.), after a name
   indicator (daughter, son, proxy, seen by), after a location indicator (lives in,
   transferred from), before a credential (", MD", "RN"), capitalised words next to a hospital
   word (Hospital, Medical Center, Clinic), and labelled fields (``Name:``, ``Nombre:``,
   ``Domicilio:``).
4. **Notes from elsewhere** (issue 17): staff initials and transcriptionist codes (``per RB``,
   ``JT/mk``), the initials column of a nursing flowsheet in any case (``0800  turned  kl``),
   user names (``Last edited by kpatel2``), ``LAST, FIRST M`` headers, names in
   lower-case nursing text and hand-offs, identifiers after cue words of every kind and long
   letter-digit codes, extensions (``x5531``), ambulance units, organisations and facilities
   by head word or cue, named units and rooms, hospital abbreviations in pipe headers, ages
   after ``died at`` (modules ``staff``, ``flowsheet``, ``casual_names``, ``identifiers``,
   ``organizations``, ``ages``).

Each rule is a named unit with its priority (``base.SpanRule`` / ``base.TokenRule``), listed in
``registry.RULES`` and run by one loop (``base.run_rules``); a language's words and lists are
its ``RuleLanguage`` (``deidkit/lang/<code>/rules.py``). Where candidates overlap, patterns
win, then fields, then hospitals and streets, then names from context, then cued places, then
names and places from the dictionaries, then the longer span.
"""

from __future__ import annotations

from deidkit.models.rules.base import Layer, Rule, Scan, SpanRule, TokenRule, run_rules
from deidkit.models.rules.detector import RulesDetector
from deidkit.models.rules.note import SOURCE
from deidkit.models.rules.phrases import Phrases
from deidkit.models.rules.registry import RULES, rule_names

__all__ = [
    "RULES",
    "SOURCE",
    "Layer",
    "Phrases",
    "Rule",
    "RulesDetector",
    "Scan",
    "SpanRule",
    "TokenRule",
    "rule_names",
    "run_rules",
]
