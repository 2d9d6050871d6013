"""Each feature class fires where it should and not elsewhere, on crafted synthetic notes;
switching a class off removes exactly its features."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

from deidkit.errors import InputError
from deidkit.features import (
    FEATURE_CLASSES,
    FeatureConfig,
    FeatureExtractor,
    FeatureUnavailableWarning,
    class_of_feature,
)
from deidkit.features.lexical import letter_case, short_shape, word_shape
from deidkit.text import linkgrammar, tokenize
from deidkit.types import Token

HAS_LINKGRAMMAR = linkgrammar.unavailable_reason() is None
ALL_AVAILABLE = tuple(c for c in FEATURE_CLASSES if c != "syntax" or HAS_LINKGRAMMAR)

NOTE = """HISTORY OF PRESENT ILLNESS: Mr. John Foley is a 45-year-old man seen by Dr. Foley on
3/14/2012 for a hip fracture. A Foley catheter was placed. He lives in Springfield with his
daughter. Call 617-555-1234.

MEDICATIONS
aspirin 81 mg p.o. daily
Drug      Given by
aspirin   Quorbit
"""


def by_token(extractor: FeatureExtractor, text: str) -> list[tuple[str, dict]]:
    tokens = tokenize(text)
    return list(zip((t.text for t in tokens), extractor.token_features(text, tokens), strict=True))


def features_of(extractor: FeatureExtractor, text: str, token: str, occurrence: int = 0) -> dict:
    found = [features for word, features in by_token(extractor, text) if word == token]
    return found[occurrence]


def only(make_extractor, name: str, **settings) -> FeatureExtractor:
    return make_extractor(FeatureConfig(classes=(name,), **settings))


def keys_of(features: dict, prefix: str) -> set[str]:
    return {key for key in features if class_of_feature(key) == prefix}


# -- word and orthography ----------------------------------------------------------------------


def test_word_itself(make_extractor) -> None:
    extractor = only(make_extractor, "word")
    assert features_of(extractor, NOTE, "HISTORY") == {"word": "history"}
    assert features_of(extractor, NOTE, "3/14/2012") == {"word": "0/00/0000"}
    raw = only(make_extractor, "word", fold_digits=False)
    assert features_of(raw, NOTE, "3/14/2012") == {"word": "3/14/2012"}


def test_word_lemma(make_extractor) -> None:
    extractor = only(make_extractor, "word", lemma=True)
    assert extractor.token_features("catheters")[0] == {
        "word": "catheters", "word.lemma": "catheter",
    }
    assert extractor.token_features("children")[0]["word.lemma"] == "child"
    assert extractor.token_features("diagnosis")[0]["word.lemma"] == "diagnosis"  # not plural
    assert extractor.token_features("was")[0]["word.lemma"] == "was"
    assert "word.lemma" not in only(make_extractor, "word").token_features("catheters")[0]


def test_orthography(make_extractor) -> None:
    extractor = only(make_extractor, "orthography", length_cap=10)
    john = features_of(extractor, NOTE, "John")
    assert john["orthography.case"] == "title" and john["orthography.initcap"] == 1.0
    assert john["orthography.length"] == "4"
    assert john["orthography.shape"] == "Xxxx" and john["orthography.shape_short"] == "Xx"
    assert "orthography.number" not in john and "orthography.punct" not in john
    phone = features_of(extractor, NOTE, "617-555-1234")
    assert phone["orthography.length"] == "10+"
    assert phone["orthography.punct"] == 1.0 and phone["orthography.digit"] == 1.0
    assert "orthography.number" not in phone  # a phone number is not a number
    assert features_of(extractor, NOTE, "81")["orthography.number"] == 1.0
    assert features_of(extractor, NOTE, "HISTORY")["orthography.case"] == "upper"
    assert "orthography.initcap" not in features_of(extractor, NOTE, "aspirin")
    assert "orthography.punct" not in features_of(extractor, NOTE, ".")  # punctuation itself


def test_shapes_and_case() -> None:
    assert word_shape("McDonald2-b") == "XxXxxxxxd-x"
    assert short_shape("XxXxxxxxd-x") == "XxXxd-x"
    assert [letter_case(w) for w in ("ABC", "abc", "Abc", "iPhone", "123")] == [
        "upper",
        "lower",
        "title",
        "mixed",
        "none",
    ]


# -- regular expressions -----------------------------------------------------------------------

HIDE_CASES = [
    ("John", {"ALPHA", "INITCAPS", "UPPER-LOWER"}),
    ("MRN", {"ALPHA", "INITCAPS", "ALLCAPS"}),
    ("McDonald", {"ALPHA", "INITCAPS", "UPPER-LOWER", "MIXEDCAPS"}),
    ("a", {"ALPHA", "SINGLECHAR"}),
    ("7", {"SINGLEDIGIT", "NUMBER", "HASDIGIT", "REALNUMBER"}),
    ("42", {"DOUBLEDIGIT", "NUMBER", "HASDIGIT", "REALNUMBER"}),
    ("2012", {"TRIPLEDIGIT", "NUMBER", "HASDIGIT", "REALNUMBER"}),
    ("02115", {"QUADDIGIT", "NUMBER", "HASDIGIT", "REALNUMBER"}),
    ("45yo", {"ALPHANUMERIC", "NUMBERS.LETTERS", "HASDIGIT"}),
    ("MRN12", {"ALPHANUMERIC", "LETTERS.NUMBERS", "HASDIGIT", "INITCAPS"}),
    ("617-555-1234", {"HASDASH", "HASDIGIT"}),
    ("-5", {"HASDASH", "HASDIGIT", "STARTMINUS", "REALNUMBER"}),
    ("+5", {"HASDIGIT", "STARTPLUS", "REALNUMBER"}),
    ("50%", {"HASDIGIT", "ENDPERCENT", "REALNUMBER"}),
    ("3/14", {"HASSLASH", "HASDIGIT"}),
    ("O'Brien", {"INITCAPS", "HASQUOTE"}),
    ("1,000.5", {"HASDIGIT", "REALNUMBER"}),
    ("XIV", {"ALPHA", "INITCAPS", "ALLCAPS", "ROMAN"}),
    ("...", {"ISPUNCT"}),
]


@pytest.mark.parametrize(("token", "expected"), HIDE_CASES)
def test_hide_token_patterns(make_extractor, token: str, expected: set[str]) -> None:
    extractor = only(make_extractor, "regex")
    features = extractor.token_features(token, [Token(token, 0, len(token))])[0]
    fired = {key.removeprefix("regex.") for key in features if not key.startswith("regex.phi.")}
    assert fired == expected


def test_phi_patterns_mark_covered_tokens_only(make_extractor) -> None:
    extractor = only(make_extractor, "regex")
    tokens = by_token(extractor, NOTE)
    phone = dict(tokens)["617-555-1234"]
    assert any(key.startswith("regex.phi.") for key in phone)
    date = dict(tokens)["3/14/2012"]
    assert any(key.startswith("regex.phi.") for key in date)
    for word in ("Call", "aspirin", "81", "mg", "John"):
        assert not any(key.startswith("regex.phi.") for key in dict(tokens)[word]), word


@pytest.mark.parametrize("seed", [3, 17])
def test_phi_patterns_mark_exactly_the_tokens_a_match_overlaps(make_extractor, seed: int) -> None:
    # a token has regex.phi.<name> when a match of <name> overlaps it (found by two binary
    # searches a match): against overlap checked token by token, on notes dense in patterns,
    # the same in a chunk's matrix (one matrix for several notes) as in each note's features
    from deidkit.corpus.synth import generate
    from deidkit.features.base import ChunkContext, DocumentContext
    from deidkit.features.columns import Columns
    from deidkit.patterns import find_patterns

    extractor = only(make_extractor, "regex")
    texts = [doc.text for doc in generate(6, seed=seed)]
    texts += ["3/14/2012-4/15/2013 x", "  617-555-1234", "12/1/2019\n10:30am 02139 ok", ""]
    names = sorted({m.name for text in texts for m in find_patterns(text, "en")})
    columns = Columns({f"regex.phi.{name}": number for number, name in enumerate(names)})
    feature_class = extractor.classes[0]
    contexts = []
    expected_pairs = []
    first = 0
    for text in texts:
        tokens = tokenize(text)
        features = extractor.token_features(text, tokens)
        matches = find_patterns(text, "en")
        for index, (token, found) in enumerate(zip(tokens, features, strict=True)):
            expected = dict.fromkeys(
                f"regex.phi.{m.name}"
                for m in matches
                if m.start < token.end and token.start < m.end
            )
            assert [key for key in found if key.startswith("regex.phi.")] == list(expected)
            expected_pairs += [(first + index, columns.vocabulary[key]) for key in expected]
        contexts.append(DocumentContext(text, tokens, extractor.config, None))
        first += len(tokens)
    block = feature_class.chunk_columns(ChunkContext(contexts, columns.types, None), columns)
    # a token's columns in the order of its matches (the order its emissions add them)
    pairs = zip(block.rows.tolist(), block.columns.tolist(), strict=True)
    assert sorted(pairs, key=lambda pair: pair[0]) == expected_pairs
    assert len(expected_pairs) > 20


# -- affixes -----------------------------------------------------------------------------------


def test_affixes_as_in_hide(make_extractor) -> None:
    extractor = only(make_extractor, "affix")
    assert extractor.token_features("diagnosis")[0] == {
        "affix.p1": "d",
        "affix.p2": "di",
        "affix.p3": "dia",
        "affix.s1": "s",
        "affix.s2": "is",
        "affix.s3": "sis",
    }
    assert extractor.token_features("of")[0] == {
        "affix.p1": "o",
        "affix.p2": "of",
        "affix.s1": "f",
        "affix.s2": "of",
    }
    longer = only(make_extractor, "affix", affix_max=5)
    assert longer.token_features("diagnosis")[0]["affix.s5"] == "nosis"


# -- context -----------------------------------------------------------------------------------


def test_context_tells_the_two_foleys_apart(make_extractor) -> None:
    extractor = only(make_extractor, "context")
    doctor = features_of(extractor, NOTE, "Foley", 1)
    device = features_of(extractor, NOTE, "Foley", 2)
    assert doctor["context.w-1"] == "dr." and doctor["context.w-2"] == "by"
    assert doctor["context.bigram-"] == "by dr." and doctor["context.bigram+"] == "on 0/00/0000"
    assert device["context.w+1"] == "catheter" and device["context.w-1"] == "a"
    assert device["context.bigram+"] == "catheter was"
    # "foley" occurs three times among the note's tokens
    total = len(tokenize(NOTE))
    assert doctor["context.occurrences"] == pytest.approx(3 / total)
    assert len([k for k in doctor if k.startswith("context.w")]) == 8


def test_context_edges_and_window(make_extractor) -> None:
    extractor = only(make_extractor, "context", window=2)
    first, second, last = extractor.token_features("a b c")
    assert first["context.w-1"] == "<s>" and "context.w-2" not in first
    assert first["context.bigram-"] == "<s> <s>"
    assert last["context.w+1"] == "</s>" and last["context.bigram+"] == "</s> </s>"
    assert second["context.w-1"] == "a" and second["context.w+2"] == "</s>"
    assert "context.w+3" not in second


# -- part of speech ----------------------------------------------------------------------------


def test_part_of_speech(make_extractor) -> None:
    extractor = only(make_extractor, "pos")
    john = features_of(extractor, NOTE, "John")
    assert john["pos"] == "NNP" and john["pos.coarse"] == "N"
    assert john["pos-1"] == "NNP" and john["pos+1"] == "NNP"  # Mr. John Foley
    assert features_of(extractor, NOTE, "81")["pos"] == "CD"
    assert features_of(extractor, NOTE, "was")["pos"].startswith("VB")
    assert features_of(extractor, NOTE, "his")["pos"] == "PRP$"
    assert "pos.coarse" not in features_of(extractor, NOTE, "his")


def test_part_of_speech_is_unavailable_in_spanish() -> None:
    with pytest.warns(FeatureUnavailableWarning, match="'pos' skipped: no offline part-of-spe"):
        extractor = FeatureExtractor(FeatureConfig(classes=("word", "pos"), language="es"))
    assert extractor.active_classes == ("word",)
    assert "pos" in extractor.unavailable


# -- section -----------------------------------------------------------------------------------


def test_section(make_extractor) -> None:
    extractor = only(make_extractor, "section")
    assert features_of(extractor, NOTE, "John") == {"section": "history_of_present_illness"}
    assert features_of(extractor, NOTE, "aspirin") == {"section": "medications"}
    assert extractor.token_features("no heading here")[0] == {"section": "none"}


# -- layout ------------------------------------------------------------------------------------

LAYOUT = "Unit/Room: Ellis 14 | Attending:   Dr. Ana Ruiz | BP: 120/80\nKL\nobserved\t jlc  x5531"


def test_layout_reads_line_ends_and_sizes(make_extractor) -> None:
    extractor = only(make_extractor, "layout")
    assert features_of(extractor, LAYOUT, "KL") == {
        "layout.first": 1.0, "layout.last": 1.0, "layout.tokens": "1"}
    assert features_of(extractor, LAYOUT, "Unit") == {
        "layout.first": 1.0, "layout.tokens": "7+", "layout.pipe": 1.0, "layout.key": 1.0}
    assert features_of(extractor, LAYOUT, "observed") == {
        "layout.first": 1.0, "layout.tokens": "3", "layout.gap_after": 1.0}
    assert features_of(extractor, LAYOUT, "jlc") == {
        "layout.tokens": "3", "layout.gap_before": 1.0, "layout.gap_after": 1.0}
    assert features_of(extractor, LAYOUT, "x5531") == {
        "layout.last": 1.0, "layout.tokens": "3", "layout.gap_before": 1.0}


def test_layout_gives_a_fields_label_to_its_whole_value(make_extractor) -> None:
    extractor = only(make_extractor, "layout")
    fields = {word: features.get("layout.field") for word, features in by_token(extractor, LAYOUT)}
    assert fields["Ellis"] == fields["14"] == "unit / room"
    # a gap right after the colon aligns the value; a pipe ends the cell and its field
    assert fields["Dr."] == fields["Ruiz"] == "attending"
    assert fields["120/80"] == "bp"
    assert fields["|"] is None and fields["KL"] is None and fields["jlc"] is None
    keys = [word for word, features in by_token(extractor, LAYOUT) if "layout.key" in features]
    assert keys == ["Unit", "/", "Room", "Attending", "BP"]


def test_layout_opens_one_field_a_cell_and_only_after_a_short_label(make_extractor) -> None:
    extractor = only(make_extractor, "layout")
    text = "Plan: see at 10:30 : call back\nthe patient was seen in clinic today by : nobody"
    found = by_token(extractor, text)
    assert {features.get("layout.field") for word, features in found[2:8]} == {"plan"}
    assert not any("layout.field" in features or "layout.key" in features
                   for _word, features in found[8:])
    assert extractor.token_features("") == []


# -- text tables -------------------------------------------------------------------------------

TABLE = (
    "Dose log\n"
    "Date      Time   Drug         Nurse\n"
    "02/18     0900   methadone    jlc\n"
    "02/19    0915    methadone     Ana Quorbit\n"
    "\n"
    "after 1 blank    line   none\n"
    "Name | DOB | | MRN\n"
    "| Zendel, Ana | 3/4/1950 | x | 889123 |\n"
    "Notes: fine   ok\n"
)


def test_table_gives_each_value_its_columns_header(make_extractor) -> None:
    extractor = only(make_extractor, "table")
    found = by_token(extractor, TABLE)
    columns = [(word, features.get("table.column")) for word, features in found]
    headers = [word for word, features in found if "table.header" in features]
    assert headers == ["Date", "Time", "Drug", "Nurse", "Name", "DOB", "MRN"]
    assert columns[6:14] == [("02/18", "date"), ("0900", "time"), ("methadone", "drug"),
                             ("jlc", "nurse"), ("02/19", "date"), ("0915", "time"),
                             ("methadone", "drug"), ("Ana", "nurse")]
    # by number under pipes (an empty header cell, a row opening with a pipe)
    row = {word: column for word, column in columns[columns.index(("MRN", None)) + 1 :]}
    assert row["Zendel"] == row["Ana"] == "name" and row["3/4/1950"] == "dob"
    assert row["x"] is None and row["889123"] == "mrn"
    # a blank line ends a table; a line split otherwise than its header ends it
    assert {column for word, column in columns if word in {"blank", "none", "fine", "ok"}} == {
        None}


def test_a_field_line_or_numbers_make_no_header(make_extractor) -> None:
    extractor = only(make_extractor, "table")
    for text in ("Name: Ana   MRN: Quorbit\nZendel   Quorbit\n", "BP  120/80\nHR   88\n",
                 "one cell only\nQuorbit  1\n"):
        first_line = by_token(extractor, text.split("\n")[0] + "\n")
        assert not any(features for _word, features in first_line)
        assert not any("table.column" in features for _word, features in by_token(extractor, text))


# -- medical vocabulary ------------------------------------------------------------------------


def test_medical_vocabulary(make_extractor) -> None:
    extractor = only(make_extractor, "medical")
    assert features_of(extractor, NOTE, "fracture")["medical.medical_words"] == 1.0
    assert features_of(extractor, NOTE, "catheter")["medical.medical_words"] == 1.0
    for word in ("Foley", "John", "617-555-1234", "Springfield"):
        assert features_of(extractor, NOTE, word) == {}, word


MESH = Path(__file__).parent / "data" / "tiny_d2025.bin"


def test_mesh_categories_tell_the_two_foleys_apart(make_extractor) -> None:
    extractor = make_extractor(FeatureConfig(classes=("medical",), mesh_file=str(MESH)))
    device = features_of(extractor, NOTE, "Foley", 2)  # "Foley catheter": singular of a term
    assert device["medical.mesh.E"] == 1.0 and device["medical.mesh.E07"] == 1.0
    assert features_of(extractor, NOTE, "catheter")["medical.mesh.E07"] == 1.0
    doctor = features_of(extractor, NOTE, "Foley", 1)  # "Dr. Foley"
    assert not any(key.startswith("medical.mesh") for key in doctor)
    hip = features_of(extractor, NOTE, "hip")  # "hip fracture"
    assert hip["medical.mesh.C"] == 1.0 and hip["medical.mesh.C26"] == 1.0
    assert "medical.mesh.C08" not in hip
    assert not any(key.startswith("medical.mesh") for key in features_of(extractor, NOTE, "a"))


def test_missing_mesh_file_is_a_clear_error(tmp_path) -> None:
    with pytest.raises(InputError, match=r"missing\.bin"):
        FeatureExtractor(
            FeatureConfig(classes=("medical",), mesh_file=str(tmp_path / "missing.bin"))
        )


# -- dictionaries ------------------------------------------------------------------------------


def test_dictionaries_and_their_neighbours(make_extractor) -> None:
    extractor = only(make_extractor, "dictionary")
    doctor = features_of(extractor, NOTE, "Foley", 1)
    device = features_of(extractor, NOTE, "Foley", 2)
    assert doctor["dictionary.last_names"] == 1.0 and device["dictionary.last_names"] == 1.0
    assert doctor["dictionary.prev.titles"] == 1.0  # "Dr." before it
    assert "dictionary.prev.titles" not in device
    assert features_of(extractor, NOTE, "Dr.")["dictionary.titles"] == 1.0
    assert features_of(extractor, NOTE, "Dr.")["dictionary.next.last_names"] == 1.0
    john = features_of(extractor, NOTE, "John")
    assert john["dictionary.first_names_male"] == 1.0 and john["dictionary.prev.titles"] == 1.0
    assert features_of(extractor, NOTE, "daughter")["dictionary.name_indicators"] == 1.0
    assert features_of(extractor, NOTE, "his")["dictionary.common_words"] == 1.0
    assert "dictionary.months" not in features_of(extractor, NOTE, "aspirin")


def test_multi_token_entries_mark_every_token(make_extractor) -> None:
    extractor = only(make_extractor, "dictionary")
    text = "She lives in New York now."
    lives, in_, new, york, now = (
        features_of(extractor, text, w) for w in ("lives", "in", "New", "York", "now")
    )
    # "lives in" is a location indicator phrase: both tokens are marked
    assert lives["dictionary.location_indicators"] == 1.0
    assert in_["dictionary.location_indicators"] == 1.0
    assert new["dictionary.us_cities"] == 1.0 and york["dictionary.us_cities"] == 1.0
    assert new["dictionary.prev.location_indicators"] == 1.0
    assert "dictionary.us_cities" not in now
    assert "dictionary.us_cities" not in features_of(extractor, "a new car", "new")


# -- frequency ---------------------------------------------------------------------------------


def test_public_frequency(make_extractor) -> None:
    extractor = only(make_extractor, "frequency")
    the = extractor.token_features("the")[0]
    assert the["frequency.public_bin"] in ("7", "8") and 0.8 < the["frequency.public"] <= 1.0
    rare = extractor.token_features("Zqxvbrtlm")[0]
    assert rare == {"frequency.public_bin": "unseen"}
    common = extractor.token_features("patient")[0]["frequency.public"]
    assert extractor.token_features("Foley")[0]["frequency.public"] < common


def test_user_frequency_table(make_extractor, tmp_path) -> None:
    from deidkit.resources import FrequencyTable

    table = FrequencyTable.build(["the catheter was placed", "catheter care"], source="test")
    path = tmp_path / "medical.tsv.gz"
    table.save(path)
    extractor = FeatureExtractor(
        FeatureConfig(classes=("frequency",), frequency_tables={"journals": str(path)})
    )
    catheter = extractor.token_features("catheter")[0]
    assert set(catheter) == {"frequency.journals", "frequency.journals_bin"}
    assert extractor.token_features("Foley")[0] == {"frequency.journals_bin": "unseen"}


# -- switching classes off ---------------------------------------------------------------------


@pytest.mark.parametrize("name", ALL_AVAILABLE)
def test_switching_a_class_off_removes_exactly_its_features(make_extractor, name: str) -> None:
    everything = make_extractor(FeatureConfig(classes=ALL_AVAILABLE, mesh_file=str(MESH)))
    without = make_extractor(everything.config.without(name))
    full_items = everything.token_features(NOTE)
    reduced_items = without.token_features(NOTE)
    fired = 0
    for full, reduced in zip(full_items, reduced_items, strict=True):
        own = {key: value for key, value in full.items() if class_of_feature(key) == name}
        rest = {key: value for key, value in full.items() if class_of_feature(key) != name}
        assert reduced == rest
        fired += bool(own)
    assert fired, f"class {name} produced no feature on the note"


def test_every_feature_belongs_to_an_enabled_class(make_extractor) -> None:
    extractor = make_extractor(FeatureConfig(classes=ALL_AVAILABLE))
    seen = {class_of_feature(key) for item in extractor.token_features(NOTE) for key in item}
    assert seen == set(ALL_AVAILABLE)


def test_no_classes_gives_empty_dicts() -> None:
    extractor = FeatureExtractor(FeatureConfig(classes=()))
    assert extractor.token_features("a b") == [{}, {}]
    assert extractor.token_features("") == []


def test_resolved_config_names_every_resource(make_extractor) -> None:
    extractor = make_extractor(FeatureConfig())
    resolved = extractor.resolved_config()
    assert resolved.dictionaries and resolved.dictionaries["last_names"] == "last_names"
    assert resolved.frequency_tables == {"public": "word_frequency_en"}
    assert "medical_words" in (resolved.medical_vocabularies or ())
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        again = FeatureExtractor(resolved)
    assert again.token_features(NOTE) == extractor.token_features(NOTE)


def test_spanish_profile(make_extractor) -> None:
    text = "Paciente: María García López, DNI 12345678-Z, vive en Calle Mayor 5, Madrid."
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", FeatureUnavailableWarning)
        extractor = FeatureExtractor(FeatureConfig(language="es"))
    assert "pos" not in extractor.active_classes
    maria = features_of(extractor, text, "María")
    assert maria["dictionary.first_names_female"] == 1.0 or maria["dictionary.first_names"] == 1.0
    assert features_of(extractor, text, "García")["dictionary.last_names"] == 1.0
    assert features_of(extractor, text, "Madrid").get("dictionary.provinces") == 1.0
    assert any(key.startswith("regex.phi.") for key in features_of(extractor, text, "12345678-Z"))
    assert features_of(extractor, text, "en")["frequency.public_bin"] not in ("unseen", "0")


# -- the note's memory of a word ---------------------------------------------------------------

MEMORY = (
    "Birthplace: Quorbit\n"
    "Seen by Dr. Zendel with Mrs Ana Lowe and the porter.\n"
    "Porter says zendel called, and lowe and Zendel agree. Birthplace unknown.\n"
    "ZENDEL, ANA\n"
)


def test_memory_says_how_the_note_writes_a_word_elsewhere(make_extractor) -> None:
    extractor = only(make_extractor, "memory")

    def memory(token: str, occurrence: int = 0) -> set[str]:
        return keys_of(features_of(extractor, MEMORY, token, occurrence), "memory")

    # a lowercase word the note also writes capitalised inside a sentence, in capitals,
    # after a title
    assert memory("zendel") == {"memory.lower>capital", "memory.lower>upper", "memory.titled",
                                "memory.count=3+"}
    # its titled occurrence: what the others show, not what it shows itself
    assert memory("Zendel") == {"memory.capital>lower", "memory.capital>upper",
                                "memory.count=3+"}
    assert "memory.titled" in memory("Zendel", 1)
    # a word capitalised only where a sentence starts is not written so inside one
    assert memory("porter") == {"memory.count=2"}
    assert memory("Porter") == {"memory.capital>lower", "memory.count=2"}
    # a title reaches over capitalised words to a capitalised word only
    assert "memory.titled" in memory("lowe") and "memory.titled" not in memory("and")
    # a field's label elsewhere; counts include the token
    assert memory("Birthplace", 1) == {"memory.label", "memory.count=2"}
    assert memory("Birthplace") == {"memory.count=2"}
    assert memory("Quorbit") == {"memory.count=1"}
    # no features for one-character tokens or tokens without a letter
    assert memory(",") == memory(".") == set()


def test_memory_of_an_empty_or_tiny_note(make_extractor) -> None:
    extractor = only(make_extractor, "memory")
    assert extractor.token_features("") == []
    assert [keys_of(f, "memory") for _, f in by_token(extractor, "A 1")] == [set(), set()]
