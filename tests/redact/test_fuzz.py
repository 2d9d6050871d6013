"""Any text under any label: the surrogate generator never crashes and never hands the
original back (except what is kept by design: ages of 89 or less, sex words, kinship words,
times of day and weekday names; a name span made only of kinship words, such as a detector's
"sister" labelled PATIENT, names nobody and is kept too)."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from deidkit.labels import LABELS, Category, category_of
from deidkit.redact.keys import SecretKey
from deidkit.redact.surrogates import SurrogateGenerator, SurrogateSettings
from deidkit.redact.surrogates.case import fold
from deidkit.redact.surrogates.vocab import KINSHIP

KEY = SecretKey(b"fuzz-test-key-0123456789")
KEPT_BY_DESIGN = {"AGE", "SEX", "RELATIVE", "DATE"}
GENERATORS = {lang: SurrogateGenerator(KEY, SurrogateSettings(lang=lang)) for lang in ("en", "es")}

values = st.text(
    alphabet=st.characters(categories=("L", "Nd", "P", "Zs"), max_codepoint=0x24F),
    min_size=1,
    max_size=30,
).filter(lambda text: text.strip() != "")


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(sorted(LABELS)), values, st.sampled_from(["en", "es"]))
def test_any_value_under_any_label_is_replaced(label: str, value: str, lang: str) -> None:
    generator = GENERATORS[lang]
    generator.observe("fuzz", label, value)
    new = generator.replace(value, label, "fuzz")
    assert isinstance(new, str)
    words = [fold(word) for word in re.findall(r"[^\W\d_]+", value)]
    kinship_name = (
        bool(words) and all(w in KINSHIP for w in words) and category_of(label) is Category.NAME
    )
    if label not in KEPT_BY_DESIGN and any(c.isalnum() for c in value) and not kinship_name:
        assert fold(new) != fold(value)


@settings(max_examples=300, deadline=None)
@given(values, st.sampled_from(["en", "es"]))
def test_dates_are_replaced_unless_only_a_time_or_weekday(value: str, lang: str) -> None:
    generator = GENERATORS[lang]
    new = generator.replace(value, "DATE", "fuzz-dates")
    if any(char.isdigit() for char in value) and ":" not in value:
        assert new != value
