"""The i2b2 2014 and inline parsers take time linear in the file (issue 18, item 8): a line
number is no longer counted from the start of the file for every tag."""

from __future__ import annotations

from pathlib import Path

from deidkit.io import i2b2_2014, inline
from fuzz.growth import growth


def _inline_text(length: int) -> str:
    return "Seen <date>3/4</date> by <doctor>Kim</doctor>.\n" * length  # length: tag pairs


def _i2b2_2014_file(folder: Path):  # type: ignore[no-untyped-def]
    def make(length: int) -> str:  # length: the number of tags
        n = length
        note = "Date 3/4.\n" * n
        tags = "\n".join(
            f'<DATE id="P{i}" start="{i * 10 + 5}" end="{i * 10 + 8}" text="3/4" TYPE="DATE" />'
            for i in range(n)
        )
        path = folder / f"n{length}.xml"
        path.write_text(
            f"<deIdi2b2>\n<TEXT><![CDATA[{note}]]></TEXT>\n<TAGS>\n{tags}\n</TAGS>\n</deIdi2b2>\n",
            encoding="utf-8",
        )
        return str(path)

    return make


def test_inline_tags_parse_in_linear_time():
    def work(text: str) -> None:
        document = inline.parse(text, path=Path("x.txt"), doc_id="x")
        assert document.spans

    # 1,000 tag pairs take ~30 ms: well under a second, whatever the machine
    assert growth(work, "", make=_inline_text, sizes=(1_000, 10_000), small_budget=1.0) is None


def test_i2b2_2014_tags_parse_in_linear_time(tmp_path):
    def work(path: str) -> None:
        assert i2b2_2014.read_file(Path(path)).spans

    make = _i2b2_2014_file(tmp_path)
    assert growth(work, "", make=make, sizes=(1_000, 10_000), small_budget=1.0) is None
