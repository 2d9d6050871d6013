"""Model folders: save, load, checksums, tampering refused, overwrite rules."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from deidkit.errors import ModelError, OutputError
from deidkit.models import TamperedModelError, load_model, read_model, store
from deidkit.models.rules import RulesDetector
from deidkit.models.store import list_checksums, write_model


@pytest.fixture()
def saved(tmp_path: Path) -> Path:
    return RulesDetector(lang="en", times=True).fit([]).save(tmp_path / "model")


def test_saved_folder_has_config_metadata_and_checksums(saved: Path) -> None:
    names = sorted(p.name for p in saved.iterdir())
    assert names == ["checksums.json", "config.json", "metadata.json"]
    config = json.loads((saved / "config.json").read_text())
    assert config["detector"] == "rules" and config["params"]["times"] is True
    metadata = json.loads((saved / "metadata.json").read_text())
    assert {"deidkit_version", "created", "training"} <= set(metadata)


def test_load_round_trip(saved: Path) -> None:
    detector = load_model(saved)
    assert isinstance(detector, RulesDetector) and detector.times is True
    text = "Seen 3/5/2010 at 10:30 pm by Dr. Smith."
    assert detector.predict_text(text) == RulesDetector(times=True).predict_text(text)


def test_changed_file_is_refused(saved: Path) -> None:
    config = json.loads((saved / "config.json").read_text())
    config["params"]["times"] = False
    (saved / "config.json").write_text(json.dumps(config))
    with pytest.raises(TamperedModelError, match=r"config\.json.*does not match its checksum"):
        load_model(saved)


def test_missing_file_is_refused(saved: Path) -> None:
    (saved / "metadata.json").unlink()
    with pytest.raises(TamperedModelError, match="missing"):
        read_model(saved)


def test_unexpected_file_is_refused_but_hidden_files_are_ignored(saved: Path) -> None:
    (saved / ".DS_Store").write_text("x")
    read_model(saved)
    (saved / "extra.pkl").write_bytes(b"\x80\x04N.")
    with pytest.raises(TamperedModelError, match=r"unexpected file 'extra\.pkl'"):
        read_model(saved)


def test_damaged_checksums_are_refused(saved: Path) -> None:
    (saved / "checksums.json").write_text("{not json")
    with pytest.raises(TamperedModelError, match="damaged"):
        read_model(saved)


def test_not_a_model_folder(tmp_path: Path) -> None:
    with pytest.raises(ModelError, match="not a deidkit model folder"):
        read_model(tmp_path)
    with pytest.raises(ModelError, match="no shipped model or folder"):
        load_model(tmp_path / "nowhere")


def test_read_bytes_rechecks_the_file(tmp_path: Path) -> None:
    def files(folder: Path) -> None:
        (folder / "weights.bin").write_bytes(b"\x00\x01\x02")

    path = write_model(tmp_path / "m", config={"detector": "rules"}, metadata={},
                       write_files=files)
    saved = read_model(path)
    assert saved.read_bytes("weights.bin") == b"\x00\x01\x02"
    (path / "weights.bin").write_bytes(b"\x09")
    with pytest.raises(TamperedModelError, match="changed after it was verified"):
        saved.read_bytes("weights.bin")


def test_overwrite_rules(saved: Path, tmp_path: Path) -> None:
    with pytest.raises(OutputError, match="not empty"):
        RulesDetector().save(saved)
    RulesDetector(ages="all").save(saved, overwrite=True)
    assert load_model(saved).ages == "all"
    other = tmp_path / "notes"
    other.mkdir()
    (other / "note.txt").write_text("keep me")
    with pytest.raises(OutputError, match="not a deidkit model"):
        RulesDetector().save(other, overwrite=True)
    assert (other / "note.txt").read_text() == "keep me"


def test_newer_format_version_is_refused(tmp_path: Path) -> None:
    path = write_model(tmp_path / "m", config={"detector": "rules", "format_version": 99},
                       metadata={}, write_files=lambda folder: None)
    with pytest.raises(ModelError, match="format version 99 is not supported"):
        read_model(path)


def test_checksums_listed_again_take_in_files_added_in_place(tmp_path: Path) -> None:
    def files(folder: Path) -> None:  # a model folder holding another, as an ensemble
        RulesDetector().save(folder / "member")
        (folder / "weights.bin").write_bytes(b"\x00")

    path = write_model(tmp_path / "m", config={"detector": "rules"}, metadata={},
                       write_files=files)
    before = json.loads((path / "checksums.json").read_text())["files"]
    (path / "member" / "derived").mkdir()
    (path / "member" / "derived" / "table.npy").write_bytes(b"\x01")
    with pytest.raises(TamperedModelError, match="unexpected file"):
        read_model(path)
    list_checksums(path)
    after = read_model(path).checksums
    assert read_model(path / "member").checksums["derived/table.npy"] == after[
        "member/derived/table.npy"]
    changed = {name for name in before if before[name] != after[name]}
    assert changed == {"member/checksums.json"} and set(after) - set(before) == {
        "member/derived/table.npy"}


def test_a_member_is_verified_with_its_folder_each_file_hashed_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def files(folder: Path) -> None:
        RulesDetector().save(folder / "member")

    path = write_model(tmp_path / "m", config={"detector": "rules"}, metadata={},
                       write_files=files)
    hashed: list[Path] = []
    real = store._file_hash
    monkeypatch.setattr(store, "_file_hash", lambda file: hashed.append(file) or real(file))
    member = read_model(path).sub_model("member")
    assert member.detector == "rules"
    assert len(hashed) == len(set(hashed)) == len(read_model(path).checksums)
    hashed.clear()  # a file listed with another checksum than its folder's is hashed
    other = read_model(path / "member", hashed={**member.checksums, "config.json": "0" * 64})
    assert hashed == [path / "member" / "config.json"] and other.checksums == member.checksums
