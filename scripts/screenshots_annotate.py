"""Screenshots of every view of the annotation app, for docs/annotate.md and the README.

    .venv/bin/python scripts/screenshots_annotate.py [--out docs/img]

Builds a throw-away project from synthetic notes (deidkit.corpus.synth), simulates three
annotators who each miss some PHI (seeded), pre-annotates with the shipped English model,
adjudicates some notes, serves the app on a free loopback port and photographs each view
with Debian's headless Chromium (Playwright). Writes docs/img/annotate-*.png.
"""

from __future__ import annotations

import argparse
import random
import socket
import tempfile
import threading
import time
from pathlib import Path

import httpx
import uvicorn
from playwright.sync_api import Page, sync_playwright

from deidkit.annotate import accounts, adjudication, annotator, project
from deidkit.annotate.accounts import Role
from deidkit.annotate.app import create_app, default_model_loader
from deidkit.annotate.consensus import Mode
from deidkit.annotate.db import Database
from deidkit.corpus.synth import generate
from deidkit.types import Document

PASSWORD = "demo-password"
CHROMIUM = "/usr/bin/chromium"
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
MISS_RATES = {"alice": 0.08, "bob": 0.2, "carol": 0.35}


def build_project(folder: Path, seed: int) -> tuple[Database, list[Document]]:
    """The demo project; returns its database and its notes in screenshot order: the note
    being annotated, four adjudicated ones, the one being adjudicated (5), then the rest."""
    db = Database.create(folder, "Discharge notes, batch 3")
    documents = list(generate(10, seed=seed))
    documents.sort(key=lambda d: -len(d.spans))
    rng = random.Random(seed)
    with db.write() as conn:
        users = {
            "root": accounts.create_user(conn, "root", PASSWORD, Role.ADMIN),
            "judy": accounts.create_user(conn, "judy", PASSWORD, Role.ADJUDICATOR),
        }
        for name in MISS_RATES:
            users[name] = accounts.create_user(conn, name, PASSWORD, Role.ANNOTATOR)
        project.import_documents(conn, [d.with_spans(()) for d in documents])
        keys = [project.document_key(conn, d.id) for d in documents]
        annotator_ids = [users[name].id for name in MISS_RATES]
        project.assign(conn, keys, annotator_ids)
        project.preannotate(conn, default_model_loader("", "en"), source="model:en")
        for index, (key, document) in enumerate(zip(keys, documents, strict=True)):
            if index == 0:
                continue  # left for the annotator screenshot
            for name, miss in MISS_RATES.items():
                for span in document.spans:
                    if rng.random() < miss:
                        continue
                    annotator.add_span(conn, key, users[name], span.start, span.end, span.label)
                if index <= 5:
                    annotator.set_status(conn, key, users[name], annotator.Status.DONE)
        # alice has started the first note
        first = documents[0]
        for span in first.spans[: len(first.spans) // 2]:
            annotator.add_span(conn, keys[0], users["alice"], span.start, span.end, span.label)
        # the adjudicator has finished notes 1-4 (here: the synthetic gold)
        for key, document in zip(keys[1:5], documents[1:5], strict=True):
            adjudication.start(conn, key, users["judy"], Mode.MAJORITY)
            adjudication.set_region(
                conn,
                key,
                users["judy"],
                0,
                len(document.text),
                [(s.start, s.end, s.label) for s in document.spans],
            )
            adjudication.set_status(
                conn, key, users["judy"], adjudication.AdjudicationStatus.ADJUDICATED
            )
    return db, documents


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def log_in(page: Page, url: str, username: str) -> None:
    page.goto(url + "/login")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_url(url + "/")


def photograph(url: str, db: Database, documents: list[Document], out: Path) -> list[Path]:
    with db.read() as conn:
        keys = [project.document_key(conn, d.id) for d in documents]
    shots: list[Path] = []

    def shot(page: Page, name: str, full_page: bool = False) -> None:
        path = out / f"annotate-{name}.png"
        page.screenshot(path=str(path), full_page=full_page)
        shots.append(path)

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        context = browser.new_context(viewport={"width": 1360, "height": 820})
        page = context.new_page()
        page.set_default_timeout(15_000)
        page.goto(url + "/login")
        page.fill("input[name=username]", "alice")
        shot(page, "login")
        page.fill("input[name=password]", PASSWORD)
        page.click("button[type=submit]")
        page.wait_for_url(url + "/")
        shot(page, "home")

        page.goto(f"{url}/documents/{keys[0]}")
        page.wait_for_selector(".seg.tok")
        first = documents[0]
        target = next(s for s in first.spans[len(first.spans) // 2 :])
        start = page.locator(f'#note .seg[data-s="{target.start}"]')
        start.scroll_into_view_if_needed()
        box = start.bounding_box()
        end_seg = page.locator(f'#note .seg[data-e="{target.end}"]').last.bounding_box()
        if box is None or end_seg is None:
            raise SystemExit("the span to select is not displayed")
        page.mouse.move(box["x"] + 2, box["y"] + box["height"] / 2)
        page.mouse.down()
        page.mouse.move(end_seg["x"] + end_seg["width"] - 2, end_seg["y"] + end_seg["height"] / 2)
        page.mouse.up()
        page.wait_for_selector("#chooser:not([hidden])")
        page.keyboard.type(target.label[:3].lower())
        shot(page, "annotator")
        page.keyboard.press("Escape")
        context.close()

        context = browser.new_context(viewport={"width": 1360, "height": 820})
        page = context.new_page()
        page.set_default_timeout(15_000)
        log_in(page, url, "judy")
        page.goto(f"{url}/adjudicate/{keys[5]}")
        page.wait_for_selector("#candidates tbody tr")
        page.locator("#candidates").click(position={"x": 5, "y": 5})
        for _ in range(2):
            page.keyboard.press("ArrowDown")
        page.mouse.wheel(0, -3000)
        time.sleep(0.3)
        shot(page, "adjudication")
        page.goto(url + "/report")
        shot(page, "report", full_page=True)
        context.close()

        context = browser.new_context(viewport={"width": 1360, "height": 820})
        page = context.new_page()
        log_in(page, url, "root")
        page.goto(url + "/admin")
        shot(page, "project", full_page=True)
        page.goto(url + "/admin/users")
        shot(page, "users")
        context.close()
        browser.close()
    return shots


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("docs/img"), help="output folder")
    parser.add_argument("--seed", type=int, default=7, help="seed of the synthetic notes")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="deidkit-screens-") as tmp:
        db, documents = build_project(Path(tmp) / "project", args.seed)
        port = free_port()
        server = uvicorn.Server(
            uvicorn.Config(
                create_app(db.project_dir), host="127.0.0.1", port=port, log_level="warning"
            )
        )
        thread = threading.Thread(target=server.run, daemon=True)
        thread.start()
        url = f"http://127.0.0.1:{port}"
        for _ in range(200):
            try:
                httpx.get(url + "/login", timeout=1.0)
                break
            except httpx.HTTPError:
                time.sleep(0.05)
        try:
            for path in photograph(url, db, documents, args.out):
                print(f"wrote {path}")
        finally:
            server.should_exit = True
            thread.join(timeout=10)


if __name__ == "__main__":
    main()
