"""Malformed input across all formats and the service, and what deidkit does with it.

    .venv/bin/python tests/fuzz/malformed.py [--per-format 260] [--cli-every 20]
        [--service 400] [--seed 18] [--out counts.json]

Every format's template (two synthetic notes with PHI, written by deidkit's own writers)
is mutated ``--per-format`` times: cut short, junk inserted (a marker string, lone
surrogates, ``&#xD800;``, NUL, invalid UTF-8, ``1e999``, 5,000-digit numbers, deep nesting,
``²``, long runs of one character), numbers and labels replaced, lines dropped or repeated,
CSV headers removed, hidden files and sub-folders added. The marker ``QXZMARKER`` is put in
every field a mutation reaches (text, labels, tags, attributes, headers, metadata, request
settings), never in document ids or file names, which messages may name.

Each input is read and converted to JSON Lines in this process; every ``--cli-every``-th is
also run through ``deidkit deidentify --mode tag --skip-failed`` (in process). ``--service``
hostile requests go to the REST service (FastAPI test client). Counted: tracebacks
(exceptions that are not deidkit errors, exit codes other than 0/1/3, HTTP 500), messages
holding the marker (errors, stderr, error reports, error bodies), runs over 10 s, outputs
holding a planted phone number that was intact in the input (un-redacted); time is this
process's CPU time (the service's threads included), so other load does not count. Prints
JSON.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import random
import shutil
import sys
import tempfile
import time
import traceback
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from deidkit.errors import DeidkitError
from deidkit.io import read_documents, write_documents
from deidkit.types import Document, Span

MARKER = "QXZMARKER"
PHONE = "617-555-0199"
NOTE = f"Seen by Dr. Quux Zorblax on 3/14/2012.\nCall {PHONE} re {MARKER} plan.\n"
SLOW_SECONDS = 10.0
FORMATS = ("jsonl", "csv", "physionet", "brat", "i2b2-2014", "i2b2-2006", "inline", "text")
_FILE_NAMES = {"jsonl": "notes.jsonl", "csv": "notes.csv", "i2b2-2006": "notes.xml"}

JUNK: tuple[str, ...] = (
    MARKER, f"<{MARKER}>", f"</{MARKER}>", "&#xD800;", "&#55296;", "\\ud800", "\ud800", "\x00",
    "&", "&" + MARKER + ";", '"', "'", "\n", "\r", "\ufeff", "²", "1e999", "9" * 5000, "-1",
    "[" * 5000, "{" * 3000, f'<PHI TYPE="{MARKER}">', f'TYPE="{MARKER}"', f"T9\t{MARKER} 0 3\tx",
    f"\t{MARKER}\t", f",{MARKER},", "a" * 60_000, "-" * 60_000, " " * 60_000, "1" * 60_000,
    f"<date>{MARKER}", "</date>", "<!--", "]]>", "<![CDATA[", f'{{"{MARKER}": 1}}', "null",
    "true", "[]", "{}", "0.5", "\u2028", "\u0085", f"|||{MARKER}|||", "START_OF_RECORD=1||||1||||",
)


@dataclass
class Counts:
    inputs: int = 0
    runs: int = 0
    tracebacks: int = 0
    echoed: int = 0
    slow: int = 0
    unredacted: int = 0
    rejected: int = 0
    accepted: int = 0
    service_requests: int = 0
    examples: dict[str, list[str]] = field(default_factory=dict)

    def note(self, kind: str, example: str) -> None:
        setattr(self, kind, getattr(self, kind) + 1)
        self.examples.setdefault(kind, [])
        if len(self.examples[kind]) < 8:
            self.examples[kind].append(example)


def _documents() -> list[Document]:
    spans = (Span(12, 24, "DOCTOR"), Span(28, 37, "DATE"), Span(44, 56, "PHONE"))
    return [
        Document("n1", NOTE, spans, patient_id="p1", metadata={"ward": MARKER}),
        Document("n2", NOTE, spans[2:], patient_id="p2"),
    ]


def write_templates(root: Path) -> dict[str, Path]:
    """A valid input of each format (a file or a folder), made by deidkit's writers."""
    paths = {}
    for fmt in FORMATS:
        path = root / _FILE_NAMES.get(fmt, fmt)
        documents = _documents()
        if fmt in ("jsonl", "csv"):
            write_documents(documents, path, fmt)
        else:
            write_documents([Document(d.id, d.text, d.spans) for d in documents], path, fmt)
        paths[fmt] = path
    return paths


def _files(path: Path) -> list[Path]:
    return [path] if path.is_file() else sorted(p for p in path.rglob("*") if p.is_file())


def _mutate_text(text: str, rng: random.Random) -> str:
    kind = rng.randrange(7)
    at = rng.randrange(len(text) + 1)
    if kind == 0:
        return text[:at]
    if kind in (1, 2):
        return text[:at] + rng.choice(JUNK) + text[at:]
    if kind == 3:  # a number replaced
        digits = [i for i, c in enumerate(text) if c.isdigit()]
        if digits:
            i = rng.choice(digits)
            number = rng.choice(("1e999", "9" * 5000, "-7", "0.5", "x", "²"))
            return text[:i] + number + text[i + 1 :]
    if kind == 4:  # an upper-case word (a label, a tag, a TYPE) replaced by the marker
        words = [i for i in range(len(text) - 1) if text[i].isupper() and text[i + 1].isupper()]
        if words:
            i = rng.choice(words)
            j = i
            while j < len(text) and (text[j].isupper() or text[j] == "_"):
                j += 1
            return text[:i] + MARKER + text[j:]
    lines = text.split("\n")
    if kind == 5 and len(lines) > 1:
        del lines[rng.randrange(len(lines))]
        return "\n".join(lines)
    i = rng.randrange(len(lines))
    lines.insert(i, lines[i])
    return "\n".join(lines)


def mutations(templates: dict[str, Path], root: Path, per_format: int, seed: int) -> Iterator[
    tuple[str, str, Path]
]:
    """(format, what was done, path) of each malformed input."""
    rng = random.Random(seed)
    number = 0
    for fmt, template in templates.items():
        for index in range(per_format):
            number += 1
            target = root / f"in{number}"
            target.mkdir()
            path = target / template.name
            if template.is_dir():
                shutil.copytree(template, path)
            else:
                shutil.copy(template, path)
            files = _files(path)
            victim = rng.choice(files)
            special = index % 13
            if special == 0:
                victim.write_bytes(b"")
                what = "empty file"
            elif special == 1:
                data = victim.read_bytes()
                at = rng.randrange(len(data) + 1)
                bad = rng.choice((b"\xff\xfe", b"\xc3", b"\xed\xa0\x80"))
                victim.write_bytes(data[:at] + bad + data[at:])
                what = "invalid UTF-8"
            elif special == 2 and fmt == "csv":
                lines = victim.read_text(encoding="utf-8").split("\n")
                victim.write_text("\n".join(lines[1:]), encoding="utf-8")
                what = "CSV without its header"
            elif special == 3 and path.is_dir():
                (path / ".hidden.txt").write_text(MARKER, encoding="utf-8")
                (path / "sub").mkdir(exist_ok=True)
                (path / "sub" / "x.txt").write_text(MARKER, encoding="utf-8")
                what = "hidden file and sub-folder"
            else:
                text = victim.read_text(encoding="utf-8")
                for _ in range(1 + rng.randrange(3)):
                    text = _mutate_text(text, rng)
                victim.write_text(text, encoding="utf-8", errors="surrogatepass")
                what = "text mutations"
            yield fmt, what, path


def _phone_intact(path: Path) -> bool:
    return any(PHONE in f.read_text(encoding="utf-8", errors="replace") for f in _files(path))


def check_read(fmt: str, what: str, path: Path, out: Path, counts: Counts) -> None:
    """Read the input and write it as JSON Lines (the convert path) in this process."""
    counts.runs += 1
    started = time.process_time()
    label = f"{fmt}: {what}"
    try:
        documents = list(read_documents(path, fmt))
        write_documents(documents, out, "jsonl")
        counts.accepted += 1
    except DeidkitError as error:
        counts.rejected += 1
        message = str(error)
        if MARKER in message or "\n" in message.strip():
            counts.note("echoed", f"{label}: {message[:160]}")
    except BaseException as error:  # counting every escape is the point
        counts.note("tracebacks", f"{label}: {type(error).__name__} at {_where(error)}")
    if time.process_time() - started > SLOW_SECONDS:
        counts.note("slow", label)


def _where(error: BaseException) -> str:
    """The innermost deidkit frame of an exception (file:line), for the report."""
    frames = [f for f in traceback.extract_tb(error.__traceback__) if "deidkit" in f.filename]
    return f"{Path(frames[-1].filename).name}:{frames[-1].lineno}" if frames else "?"


def check_cli(fmt: str, what: str, path: Path, out: Path, counts: Counts) -> None:
    """``deidkit deidentify --mode tag --skip-failed`` in this process."""
    from deidkit.cli.main import main

    counts.runs += 1
    label = f"cli {fmt}: {what}"
    stdout, stderr = io.StringIO(), io.StringIO()
    started = time.process_time()
    try:
        with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
            code = main(["deidentify", str(path), str(out), "--format", fmt, "--to", "jsonl",
                         "--mode", "tag", "--skip-failed"])  # fmt: skip
    except BaseException as error:
        counts.note("tracebacks", f"{label}: {type(error).__name__}")
        return
    if time.process_time() - started > SLOW_SECONDS:
        counts.note("slow", label)
    if code not in (0, 1, 3) or "Traceback" in stderr.getvalue():
        counts.note("tracebacks", f"{label}: exit {code}")
    report = Path(str(out) + ".errors.jsonl")
    texts = [stdout.getvalue(), stderr.getvalue()]
    if report.exists():
        texts.append(report.read_text(encoding="utf-8", errors="replace"))
    if any(MARKER in text for text in texts):
        counts.note("echoed", f"{label}: stderr or errors report")
    if out.exists() and _phone_intact(path) and PHONE in out.read_text(encoding="utf-8"):
        counts.note("unredacted", label)


def _hostile_bodies(rng: random.Random, n: int) -> Iterator[tuple[str, bytes]]:
    base: dict[str, object] = {"documents": [{"id": "a", "text": NOTE, "patient_id": "p1"}],
                               "mode": "tag"}  # fmt: skip
    values: tuple[object, ...] = (MARKER, 1e308, 10**50, -1, None, [], {}, [MARKER] * 3,
                                  {MARKER: MARKER}, "\ud800", "x" * 200_000, True)  # fmt: skip
    for index in range(n):
        body = json.loads(json.dumps(base))
        kind = index % 10
        if kind == 0:
            body[rng.choice(("mode", "model", "lang", "key", MARKER))] = rng.choice(values)
        elif kind == 1:
            body["settings"] = {rng.choice(("tag", "placeholder", "null_marker", "mask_char",
                                            "age_bucket", "keep_labels", "date_shift_min",
                                            MARKER)): rng.choice(values)}  # fmt: skip
        elif kind == 2:
            body["settings"] = {"tag": rng.choice(("{label:>999999}", "{n:zz}", "{label!r}",
                                                   "{" + MARKER + "}", "{label.x}", "{0}"))}
        elif kind == 3:
            body["documents"][0][rng.choice(("id", "text", "patient_id", "note_date", MARKER))] = (
                rng.choice(values)
            )
        elif kind == 4:
            body["model"] = "annotations"
            body["documents"][0]["spans"] = [{"start": rng.choice((0, -5, 10**40, 1e999, "x")),
                                              "end": 5, "label": rng.choice((MARKER, "DATE"))}]
        elif kind == 5:
            body["documents"] = [{"id": "same", "text": NOTE}, {"id": "same", "text": NOTE}]
        elif kind == 6:
            raw = json.dumps(body).encode()
            yield rng.choice(("/detect", "/deidentify")), raw[: rng.randrange(len(raw))]
            continue
        elif kind == 7:
            yield "/detect", ('{"text": ' + "[" * 20_000 + "]" * 20_000 + "}").encode()
            continue
        elif kind == 8:
            count = rng.choice((2, 2000))
            body["documents"] = [{"id": f"d{i}", "text": MARKER} for i in range(count)]
        else:
            body["text"] = rng.choice(("a" * 300_000, "-" * 300_000, MARKER + "\ud800"))
            del body["documents"]
        path = rng.choice(("/detect", "/deidentify"))
        yield path, json.dumps(body, allow_nan=True).encode("utf-8", "surrogatepass")


def check_service(n: int, seed: int, counts: Counts) -> None:
    from fastapi.testclient import TestClient

    from deidkit.service import ServiceSettings, create_app

    rng = random.Random(seed)
    settings = ServiceSettings(max_request_bytes=2_000_000, max_documents=100)
    with TestClient(create_app(settings), raise_server_exceptions=False) as client:
        for path, body in _hostile_bodies(rng, n):
            counts.service_requests += 1
            counts.runs += 1
            started = time.process_time()
            reply = client.post(path, content=body, headers={"content-type": "application/json"})
            label = f"service {path} {reply.status_code}"
            if time.process_time() - started > SLOW_SECONDS:
                counts.note("slow", label)
            if reply.status_code >= 500 and reply.status_code not in (503, 504):
                counts.note("tracebacks", label)
            if reply.status_code != 200 and MARKER in reply.text:
                counts.note("echoed", f"{label}: {reply.text[:160]}")
            annotated = b'"annotations"' in body  # the request's own spans are the PHI
            if reply.status_code == 200 and PHONE in reply.text and not annotated:
                counts.note("unredacted", label)


def run(per_format: int, cli_every: int, service: int, seed: int) -> Counts:
    counts = Counts()
    with tempfile.TemporaryDirectory(prefix="deidkit-fuzz-") as folder:
        root = Path(folder)
        templates = write_templates(root / "templates")
        for number, (fmt, what, path) in enumerate(mutations(templates, root, per_format, seed)):
            counts.inputs += 1
            check_read(fmt, what, path, path.parent / "converted.jsonl", counts)
            if cli_every and number % cli_every == 0:
                check_cli(fmt, what, path, path.parent / "deidentified.jsonl", counts)
            shutil.rmtree(path.parent, ignore_errors=True)
    if service:
        counts.inputs += service
        check_service(service, seed, counts)
    return counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-format", type=int, default=260, help="Inputs per format.")
    parser.add_argument("--cli-every", type=int, default=20,
                        help="Run every N-th input through deidkit deidentify (0: none).")
    parser.add_argument("--service", type=int, default=400, help="Hostile service requests.")
    parser.add_argument("--seed", type=int, default=18, help="Random seed.")
    parser.add_argument("--out", type=Path, help="Also write the counts here.")
    args = parser.parse_args(argv)
    started = time.process_time()
    counts = run(args.per_format, args.cli_every, args.service, args.seed)
    result = {**counts.__dict__, "cpu_seconds": round(time.process_time() - started, 1)}
    text = json.dumps(result, indent=2, ensure_ascii=True)
    print(text)
    if args.out:
        args.out.write_text(text + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())


__all__ = ["MARKER", "Counts", "run"]
