"""MeSH loader on tiny hand-made files in NLM's ASCII and XML formats."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest

from deidkit.errors import InputError
from deidkit.resources.mesh import CATEGORIES, MeshVocabulary, category_of, natural_order

DATA = Path(__file__).parent / "data"
ASCII = DATA / "mini_d2025.bin"
XML = DATA / "mini_desc2025.xml"


def test_ascii_descriptors_terms_and_tree_numbers() -> None:
    mesh = MeshVocabulary.load(ASCII)
    assert [d.heading for d in mesh.descriptors] == [
        "Catheters", "Pneumonia", "Breast Neoplasms", "Boston",
    ]  # the qualifier record (RECTYPE = Q) is skipped
    assert mesh.tree_numbers("catheter") == ("E07.132",)
    assert mesh.tree_numbers("FOLEY  catheters") == ("E07.132",)
    assert mesh.tree_numbers("Catheters, Urinary") == ("E07.132",)  # PRINT ENTRY
    assert mesh.tree_numbers("pneumonitis") == ("C08.381.677", "C08.730.610")
    assert mesh.descriptors[1].ui == "D011014"
    assert "lung inflammation" in mesh and "catheterization" not in mesh


def test_categories_at_each_depth() -> None:
    mesh = MeshVocabulary.load(ASCII)
    assert mesh.categories("Pneumonia") == ("C",)
    assert mesh.categories("Pneumonia", depth=2) == ("C08",)
    assert mesh.categories("Pneumonia", depth=3) == ("C08.381", "C08.730")
    assert mesh.categories("breast neoplasms", depth=2) == ("C04", "C17")
    assert mesh.categories("Boston") == ("Z",)  # Geographicals: a place, not a medical word
    assert mesh.categories("unknown words") == ()
    assert CATEGORIES["C"] == "Diseases" and CATEGORIES["Z"] == "Geographicals"
    assert category_of("C04.588.180", 2) == "C04"
    with pytest.raises(ValueError):
        category_of("C04", 0)


def test_inverted_entry_terms_are_also_indexed_in_natural_order() -> None:
    mesh = MeshVocabulary.load(ASCII)
    assert mesh.tree_numbers("cancer, breast") == mesh.tree_numbers("breast cancer")
    assert "breast tumors" in mesh
    assert "massachusetts boston" in mesh
    assert natural_order("Cancer, Breast") == "Breast Cancer"
    assert natural_order("Abnormalities, Drug-Induced (Teratogens)") is None


def test_xml_gives_the_same_index_as_ascii_for_the_same_records() -> None:
    mesh = MeshVocabulary.load(XML)
    assert [d.heading for d in mesh.descriptors] == ["Catheters", "Pneumonia"]
    assert mesh.tree_numbers("catheter") == ("E07.132",)
    assert mesh.tree_numbers("pneumonitis") == ("C08.381.677", "C08.730.610")
    assert "not a term" not in mesh  # names of referred descriptors are not terms


def test_gzipped_input_and_compact_round_trip(tmp_path: Path) -> None:
    packed = tmp_path / "d2025.bin.gz"
    packed.write_bytes(gzip.compress(ASCII.read_bytes()))
    mesh = MeshVocabulary.load(packed)
    compact = tmp_path / "mesh.tsv.gz"
    mesh.save(compact)
    again = MeshVocabulary.load(compact)
    assert again.descriptors == mesh.descriptors
    assert set(again.terms()) == set(mesh.terms())
    assert again.categories("cancer, breast", 2) == ("C04", "C17")


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("hello world\n", "not a MeSH descriptor file"),
        ("*NEWRECORD\nRECTYPE = D\nMH = X\nbroken line\n", "line 4"),
        ("*NEWRECORD\nRECTYPE = D\nENTRY = X\n", "without 'MH = ' heading"),
        ("*NEWRECORD\nRECTYPE = Q\nSH = adverse effects\n", "no MeSH descriptors"),
        ("<DescriptorRecordSet><DescriptorRecord>", "invalid XML"),
    ],
)
def test_bad_files_are_clear_errors(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "bad.bin"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(InputError, match=message) as raised:
        MeshVocabulary.load(path)
    assert str(path) in str(raised.value)


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="not found"):
        MeshVocabulary.load(tmp_path / "d2025.bin")
