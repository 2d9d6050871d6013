"""End to end in headless Chromium (Debian's package): annotate with the mouse and keyboard,
adjudicate two annotators' work, export the gold and check the exported file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from annotate.server import server_thread
from annotate.support import NOTE_1, PASSWORD
from deidkit.annotate import accounts, annotator
from deidkit.text import tokenize

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(
        not CHROMIUM.exists(),
        reason="needs Debian's chromium at /usr/bin/chromium (bash scripts/system-deps.sh)",
    ),
]


@pytest.fixture(scope="module")
def browser():
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def page_for(browser):
    contexts = []

    def open_as(url: str, username: str):
        context = browser.new_context(viewport={"width": 1400, "height": 900})
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(10_000)
        page.goto(url + "/login")
        page.fill("input[name=username]", username)
        page.fill("input[name=password]", PASSWORD)
        page.click("button[type=submit]")
        page.wait_for_url(url + "/")
        return page

    yield open_as
    for context in contexts:
        context.close()


def offsets(phrase: str) -> tuple[int, int]:
    start = NOTE_1.index(phrase)
    return start, start + len(phrase)


def utf16(offset: int) -> int:
    """A code point offset into NOTE_1 as the page counts it (``data-s`` of a segment)."""
    return len(NOTE_1[:offset].encode("utf-16-le")) // 2


def wait_saved(page) -> None:
    page.wait_for_selector("#chooser", state="hidden")
    page.wait_for_selector('#save-status[data-kind="ok"]')


def spans_of(project, username: str) -> list[tuple[int, int, str]]:
    with project.db.read() as conn:
        user = accounts.find_user(conn, username)
        return [
            (s.start, s.end, s.label)
            for s in annotator.user_spans(conn, project.keys["note-1"], user.id)
        ]


def test_annotator_marks_spans_with_the_mouse_and_the_keyboard(project, page_for):
    with server_thread(project.path) as url:
        page = page_for(url, "alice")
        page.click("text=note-1")
        page.wait_for_selector(".seg.tok")
        john_start, _ = offsets("John")
        smith_start, smith_end = offsets("Smith")
        john = page.locator(f'.seg[data-s="{john_start}"]').bounding_box()
        smith = page.locator(f'.seg[data-s="{smith_start}"]').bounding_box()
        # drag from the middle of "John" to the middle of "Smith": snaps to whole tokens
        page.mouse.move(john["x"] + john["width"] / 2, john["y"] + john["height"] / 2)
        page.mouse.down()
        page.mouse.move(smith["x"] + smith["width"] / 2, smith["y"] + smith["height"] / 2, steps=5)
        page.mouse.up()
        page.wait_for_selector("#chooser:not([hidden])")
        page.keyboard.type("PATIENT")
        page.keyboard.press("Enter")
        page.wait_for_selector('.seg.phi-last[data-label="PATIENT"]')
        wait_saved(page)
        assert spans_of(project, "alice") == [(john_start, smith_end, "PATIENT")]

        # keyboard: from the cursor (on "Smith") to "Mercy", extend over "Hospital", Enter
        starts = [t.start for t in tokenize(NOTE_1)]
        mercy, hospital_end = offsets("Mercy Hospital")
        for _ in range(starts.index(mercy) - starts.index(smith_start)):
            page.keyboard.press("ArrowRight")
        page.keyboard.press("Shift+ArrowRight")
        page.keyboard.press("Enter")
        page.wait_for_selector("#chooser:not([hidden])")
        page.keyboard.type("hospital")
        page.keyboard.press("Enter")
        page.wait_for_selector('.seg.phi-last[data-label="HOSPITAL"]')
        wait_saved(page)
        assert spans_of(project, "alice")[1] == (mercy, hospital_end, "HOSPITAL")

        # click a span to change its type, then delete it with the keyboard
        page.click(f'.seg[data-s="{mercy}"]')
        page.wait_for_selector("#chooser:not([hidden])")
        page.keyboard.type("ORGANIZATION")
        page.keyboard.press("Enter")
        page.wait_for_selector('.seg.phi-last[data-label="ORGANIZATION"]')
        page.locator("#note").focus()
        page.keyboard.press("Delete")
        page.wait_for_selector('.seg[data-label="ORGANIZATION"]', state="detached")
        wait_saved(page)
        assert spans_of(project, "alice") == [(john_start, smith_end, "PATIENT")]

        page.click("#done")
        page.wait_for_selector("#done:text('Reopen')")
        with project.db.read() as conn:
            status = conn.execute(
                "SELECT a.status FROM assignments a JOIN users u ON u.id = a.user_id "
                "WHERE u.username = 'alice' AND a.document_id = ?",
                (project.keys["note-1"],),
            ).fetchone()[0]
        assert status == "done"


def _annotate_two(project) -> None:
    key = project.keys["note-1"]
    work = {
        "alice": [("John Smith", "PATIENT"), ("03/14/2012", "DATE")],
        "bob": [("John Smith", "PATIENT"), ("Mercy Hospital", "HOSPITAL")],
    }
    with project.db.write() as conn:
        for name, spans in work.items():
            user = accounts.find_user(conn, name)
            for phrase, label in spans:
                annotator.add_span(conn, key, user, *offsets(phrase), label)
            annotator.set_status(conn, key, user, annotator.Status.DONE)


def test_adjudicate_two_annotators_and_export_the_gold(project, page_for, tmp_path):
    _annotate_two(project)
    with server_thread(project.path) as url:
        page = page_for(url, "judy")
        page.goto(f"{url}/adjudicate/{project.keys['note-1']}")
        rows = page.locator("#candidates tbody tr")
        rows.nth(2).wait_for()
        assert rows.count() == 3
        # the majority (both annotators) is preselected: only "John Smith" is gold
        assert page.locator("#note .seg.phi").count() > 0
        assert page.locator('#note .seg.phi-last[data-label="PATIENT"]').count() == 1
        assert rows.nth(0).locator("input[type=radio]").first.is_checked()
        # accept bob's HOSPITAL (row 3, first option) with the mouse
        rows.nth(2).locator("input[type=radio]").first.check()
        page.wait_for_selector('#note .seg.phi-last[data-label="HOSPITAL"]')
        # accept alice's DATE (row 2) with the keyboard: down, down to row 2, option 1
        page.locator("#candidates").click(position={"x": 5, "y": 5})
        page.keyboard.press("ArrowDown")
        page.keyboard.press("1")
        page.wait_for_selector('#note .seg.phi-last[data-label="DATE"]')
        # add the phone number every annotator missed: select it in the note
        phone_start, phone_end = offsets("617-555-1234")
        assert utf16(phone_start) == phone_start + 1
        box = page.locator(f'#note .seg[data-s="{utf16(phone_start)}"]').bounding_box()
        page.mouse.move(box["x"] + 2, box["y"] + box["height"] / 2)
        page.mouse.down()
        page.mouse.move(box["x"] + box["width"] - 2, box["y"] + box["height"] / 2, steps=4)
        page.mouse.up()
        page.wait_for_selector("#chooser:not([hidden])")
        page.keyboard.type("PHONE")
        page.keyboard.press("Enter")
        page.wait_for_selector('#note .seg.phi-last[data-label="PHONE"]')
        page.click("#finish")
        page.wait_for_selector("#adj-status.adjudicated")

        page.goto(url + "/admin")
        page.select_option("#export-form select[name=format]", "jsonl")
        page.select_option("#export-form select[name=mode]", "adjudicated")
        with page.expect_download() as download:
            page.click("#export-form button[type=submit]")
        exported = tmp_path / "gold.jsonl"
        download.value.save_as(exported)

    (line,) = exported.read_text(encoding="utf-8").splitlines()
    document = json.loads(line)
    assert document["id"] == "note-1" and document["text"] == NOTE_1
    assert [(s["start"], s["end"], s["label"]) for s in document["spans"]] == [
        (*offsets("John Smith"), "PATIENT"),
        (*offsets("03/14/2012"), "DATE"),
        (*offsets("Mercy Hospital"), "HOSPITAL"),
        (phone_start, phone_end, "PHONE"),
    ]
