"""``deidkit resources`` commands, end to end through the real CLI entry point."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from deidkit.cli.main import main
from deidkit.resources.frequency import FrequencyTable
from deidkit.resources.mesh import MeshVocabulary


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_list_shows_name_count_source_license(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "resources", "list")
    assert code == 0
    assert "first_names_male" in out and "1219" in out and "Public domain" in out
    assert "CC BY 4.0" in out and "CC BY-SA 4.0" in out
    assert "hunspell_en_med" in out and "GPL-3.0" in out


def test_list_json_and_language_filter(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "resources", "list", "--lang", "es", "--json")
    assert code == 0
    items = json.loads(out)
    assert items and {item["lang"] for item in items} == {"es"}
    assert all(item["license"] and item["source"] for item in items)


def test_info(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "resources", "info", "us_cities", "--head", "3")
    assert code == 0
    assert "GeoNames" in out and "CC BY 4.0" in out and "head:" in out
    code, out, _ = run(capsys, "resources", "info", "months", "--json", "--head", "2")
    assert json.loads(out)["head"] == ["January", "February"]


def test_info_unknown_is_one_line_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "resources", "info", "nope")
    assert code == 1
    assert err.startswith("deidkit: error: [E400] unknown resource 'nope'")
    assert "Traceback" not in err


def test_build_frequency_end_to_end(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "a.txt").write_text("Aspirin reduces fever.\nAspirin is common.\n", encoding="utf-8")
    (corpus / "b.txt").write_text("Fever and pain.\n", encoding="utf-8")
    out = tmp_path / "freq.tsv.gz"
    code, stdout, _ = run(capsys, "resources", "build-frequency", str(corpus), str(out))
    assert code == 0 and out.is_file()
    assert "distinct tokens" in stdout
    table = FrequencyTable.load(out)
    assert table.count("aspirin") == 2 and table.count("fever") == 2
    assert table.total == 12  # 3 lines: 4 + 4 + 4 tokens with the periods
    assert table.log_frequency("aspirin") > table.log_frequency("pain") > 0
    # an existing output is not overwritten without --force
    code, _, err = run(capsys, "resources", "build-frequency", str(corpus), str(out))
    assert code == 1 and "already exists" in err and "--force" in err
    code, _, _ = run(
        capsys, "resources", "build-frequency", str(corpus), str(out), "--force",
        "--min-count", "2", "--keep-case",
    )
    table = FrequencyTable.load(out)
    assert code == 0 and not table.casefold
    assert table.count("Aspirin") == 2 and "pain" not in table


def test_build_frequency_bad_corpus(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(
        capsys, "resources", "build-frequency", str(tmp_path / "missing"), str(tmp_path / "o")
    )
    assert code == 1 and "no such file or folder" in err


def test_mesh_conversion(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    source = Path(__file__).parent / "data" / "mini_d2025.bin"
    out = tmp_path / "mesh.tsv.gz"
    code, stdout, _ = run(capsys, "resources", "mesh", str(source), str(out))
    assert code == 0 and "4 descriptors" in stdout
    assert MeshVocabulary.load(out).categories("pneumonia") == ("C",)
    bad = tmp_path / "bad.bin"
    bad.write_text("nothing\n", encoding="utf-8")
    code, _, err = run(capsys, "resources", "mesh", str(bad), str(tmp_path / "o.tsv.gz"))
    assert code == 1 and "not a MeSH descriptor file" in err


@pytest.mark.parametrize("command", ["list", "info", "build-frequency", "mesh"])
def test_commands_have_help(capsys: pytest.CaptureFixture[str], command: str) -> None:
    code, out, _ = run(capsys, "resources", command, "--help")
    assert code == 0 and len(out) > 100
