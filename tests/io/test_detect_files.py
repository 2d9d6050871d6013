"""Format detection shared by the file-per-document formats (``detect_files``, ``head_has``)
and the detectors of the formats built on it."""

from __future__ import annotations

from pathlib import Path

import pytest

from deidkit.io import brat, i2b2_2006, i2b2_2014, inline, physionet, plaintext
from deidkit.io.textfile import detect_files, head_has

I2B2_2006 = '<ROOT>\n<RECORD ID="1">\n<TEXT>Seen by <PHI TYPE="DOCTOR">Lee</PHI>.</TEXT>\n'
I2B2_2014 = '<?xml version="1.0"?>\n<deIdi2b2><TEXT><![CDATA[Seen by Lee.]]></TEXT>\n'


def _tree(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    return root


@pytest.mark.parametrize(
    ("files", "target", "suffix", "markers", "expected"),
    [
        ({"a.xml": "<x/>"}, "a.xml", ".xml", None, True),
        ({"a.XML": "<x/>"}, "a.XML", ".xml", None, True),
        ({"a.txt": "<x/>"}, "a.txt", ".xml", None, False),
        ({"d/a.xml": "<x/>"}, "d", ".xml", None, True),
        ({"d/a.txt": "<x/>"}, "d", ".xml", None, False),
        ({"a.xml": "<ROOT><RECORD"}, "a.xml", ".xml", ("<ROOT", "<RECORD"), True),
        ({"a.xml": "<ROOT>"}, "a.xml", ".xml", ("<ROOT", "<RECORD"), False),
        ({"d/a.xml": "<ROOT><RECORD"}, "d", ".xml", ("<ROOT", "<RECORD"), True),
        ({"d/a.xml": "<other/>"}, "d", ".xml", ("<ROOT",), False),
    ],
)
def test_detect_files(
    tmp_path: Path,
    files: dict[str, str],
    target: str,
    suffix: str,
    markers: tuple[str, ...] | None,
    expected: bool,
) -> None:
    _tree(tmp_path, files)
    looks_like = None if markers is None else head_has(*markers)
    assert detect_files(tmp_path / target, suffix, looks_like) is expected


def test_head_has_reads_only_the_head(tmp_path: Path) -> None:
    path = _tree(tmp_path, {"a.xml": "x" * 600 + "<deIdi2b2>"}) / "a.xml"
    assert head_has("<deIdi2b2")(path)
    assert not head_has("<deIdi2b2", size=512)(path)
    assert not head_has("<x")(tmp_path / "missing.xml")


@pytest.mark.parametrize(
    ("files", "target", "detects"),
    [
        ({"n.xml": I2B2_2006}, "n.xml", {"i2b2_2006"}),
        ({"n.xml": I2B2_2014}, "n.xml", {"i2b2_2014"}),
        ({"d/n.xml": I2B2_2014}, "d", {"i2b2_2014"}),
        ({"d/n.txt": "Seen.", "d/n.ann": ""}, "d", {"brat", "plaintext"}),
        ({"n.txt": "Seen.", "n.ann": ""}, "n.txt", {"brat", "plaintext"}),
        ({"n.txt": "Seen by <doctor>Lee</doctor>."}, "n.txt", {"inline", "plaintext"}),
        ({"d/n.txt": "By <doctor>Lee</doctor>.", "d/n.ann": ""}, "d", {"brat", "plaintext"}),
        ({"d/n.text": "START_OF_RECORD=1||||1||||\n"}, "d", {"physionet"}),
        ({"n.dat": "START_OF_RECORD=1||||1||||\n"}, "n.dat", {"physionet"}),
        ({"n.txt": "Seen."}, "n.txt", {"plaintext"}),
    ],
)
def test_format_detectors(
    tmp_path: Path, files: dict[str, str], target: str, detects: set[str]
) -> None:
    _tree(tmp_path, files)
    modules = {
        "brat": brat, "i2b2_2006": i2b2_2006, "i2b2_2014": i2b2_2014, "inline": inline,
        "physionet": physionet, "plaintext": plaintext,
    }  # fmt: skip
    found = {name for name, module in modules.items() if module.detect(tmp_path / target)}
    assert found == detects
