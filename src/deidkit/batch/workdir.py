"""The work folder of a batch run: what is done so far, so that a rerun resumes.

Layout (all written atomically, so a file that exists is complete)::

    manifest.json              what the run does (model, options, input digest, chunking)
    key                        the generated key of a run without --key-file (until the end)
    chunks/<p>-<k>.json        a chunk is done (commit marker: counts, failures, bucket ranges)
    chunks/<p>-<k>.out.jsonl   its output documents in input order, or a pointer to a bucket
    chunks/<p>-<k>.held.jsonl  documents held for their patient's bucket (original text!)
    buckets/<b>.json           a bucket of patients is done
    buckets/<b>.out.jsonl      its output documents in input order

A line of the ``.jsonl`` files is an entry (a small JSON object: position, bucket, mapping)
and, after a tab, the entry's document as its JSON Lines output line
(``deidkit.io.jsonl.document_line``), so that JSON Lines output is a copy of those lines
(JSON has no raw tab). Only ``\n`` ends a line: a document's JSON may hold U+2028 and the like.

The folder holds note text (held documents and, with a mapping, original PHI values): it is
created readable by its owner only and removed when the run finishes.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import secrets
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

from deidkit.errors import ConfigError, OutputError
from deidkit.io.jsonl import document_line

MANIFEST = "manifest.json"
FORMAT_VERSION = 2


def default_work_dir(target: Path) -> Path:
    """``<folder>/.<name>.deidkit-run`` next to the output."""
    target = Path(target).resolve()
    return target.parent / f".{target.name}.deidkit-run"


class WorkDir:
    """A run's work folder; ``open`` checks that it belongs to the same job and locks it."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path).resolve()
        self.chunks = self.path / "chunks"
        self.buckets = self.path / "buckets"
        self._lock: IO[str] | None = None
        self.resumed = False

    # -- opening -------------------------------------------------------------------------------
    def open(self, manifest: dict[str, Any], *, restart: bool = False) -> WorkDir:
        """Create the folder, or reopen it when it was made by the same job."""
        manifest = {"format_version": FORMAT_VERSION, **manifest}
        if restart and self.path.exists():
            self._check_ours()
            shutil.rmtree(self.path)
        existing = self._read_manifest()
        if existing is not None and existing != json.loads(json.dumps(manifest)):
            finished = self.finished_documents()
            if finished == 0:
                # an earlier run with other settings that finished nothing (it stopped on a
                # settings error or its first document): nothing to resume, nothing blocks
                shutil.rmtree(self.path)
                existing = None
            else:
                raise ConfigError(
                    f"{self.path}: an unfinished run of this output with other "
                    f"{differences(existing, manifest)} has {finished} document(s) done; "
                    "rerun its exact command to resume it, or pass --restart to discard it "
                    "and run this command"
                )
        self.path.mkdir(mode=0o700, parents=True, exist_ok=True)
        os.chmod(self.path, 0o700)
        self._take_lock()
        for folder in (self.chunks, self.buckets):
            folder.mkdir(mode=0o700, exist_ok=True)
        self._remove_partial_files()
        self.resumed = existing is not None
        if existing is None:
            self.write_json(self.path / MANIFEST, manifest)
        return self

    def finished_documents(self) -> int:
        """Documents that the chunks done so far processed (not counting failures)."""
        if not self.chunks.is_dir():
            return 0
        finished = 0
        for item in self.chunks.glob("*.json"):
            if item.name.startswith("."):
                continue
            try:
                summary = json.loads(item.read_text(encoding="utf-8"))
                finished += int(summary["records"]) - len(summary["failures"])
            except (OSError, ValueError, KeyError, TypeError):
                return -1  # a damaged summary: keep the folder for the user to decide
        return finished

    def _read_manifest(self) -> dict[str, Any] | None:
        path = self.path / MANIFEST
        if not path.exists():
            if self.path.exists() and any(self.path.iterdir()):
                self._check_ours()
            return None
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            raise ConfigError(
                f"{path}: unreadable work folder of an earlier run; pass --restart"
            ) from None
        return data if isinstance(data, dict) else None

    def _check_ours(self) -> None:
        """Refuse to delete or reuse a folder deidkit did not make."""
        if not (self.path / MANIFEST).exists() and any(
            item.name not in {"chunks", "buckets", "lock", "key"} for item in self.path.iterdir()
        ):
            raise ConfigError(
                f"{self.path}: exists and is not a deidkit work folder; give another --work-dir"
            )

    def _take_lock(self) -> None:
        handle = (self.path / "lock").open("w")
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            handle.close()
            raise ConfigError(
                f"{self.path}: another deidkit run is using this work folder; wait for it or "
                "give another --work-dir"
            ) from None
        self._lock = handle

    def _remove_partial_files(self) -> None:
        """Temporary files of an interrupted write (their names start with a dot)."""
        for folder in (self.chunks, self.buckets, self.path):
            for item in folder.iterdir():
                if item.name.startswith(".") and item.is_file():
                    item.unlink(missing_ok=True)

    def close(self) -> None:
        if self._lock is not None:
            with contextlib.suppress(OSError):
                fcntl.flock(self._lock, fcntl.LOCK_UN)
            self._lock.close()
            self._lock = None

    def remove(self) -> None:
        """Delete the folder (the run is complete)."""
        self.close()
        shutil.rmtree(self.path, ignore_errors=True)

    # -- the generated key ---------------------------------------------------------------------
    def key_material(self) -> bytes:
        """The run's generated key: made on the first run, reused when resuming (so that
        the resumed output matches), deleted with the folder."""
        path = self.path / "key"
        if path.exists():
            return path.read_bytes()
        material = secrets.token_hex(32).encode()
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as handle:
            handle.write(material)
            handle.flush()
            os.fsync(handle.fileno())
        return material

    # -- chunks and buckets --------------------------------------------------------------------
    def chunk_summary(self, key: str) -> Path:
        return self.chunks / f"{key}.json"

    def chunk_output(self, key: str) -> Path:
        return self.chunks / f"{key}.out.jsonl"

    def chunk_held(self, key: str) -> Path:
        return self.chunks / f"{key}.held.jsonl"

    def bucket_summary(self, bucket: int) -> Path:
        return self.buckets / f"{bucket:05d}.json"

    def bucket_output(self, bucket: int) -> Path:
        return self.buckets / f"{bucket:05d}.out.jsonl"

    def done_chunks(self) -> dict[str, dict[str, Any]]:
        """The summaries of the chunks already done, by key."""
        done = {}
        for item in self.chunks.glob("*.json"):
            if not item.name.startswith("."):
                done[item.stem] = read_json(item)
        return done

    def done_buckets(self) -> dict[int, dict[str, Any]]:
        done = {}
        for item in self.buckets.glob("*.json"):
            if not item.name.startswith("."):
                done[int(item.stem)] = read_json(item)
        return done

    @staticmethod
    def write_json(path: Path, data: Any) -> None:
        with work_file(path) as handle:
            json.dump(data, handle, ensure_ascii=False, sort_keys=True)


_SETTING_NAMES = {
    "model": "model",
    "model_checksum": "model files",
    "lang": "--lang",
    "options": "redaction options",
    "key": "key",
    "keep_metadata": "--keep-metadata",
    "patient_from_id": "--patient-from-id",
    "mapping": "--mapping",
    "read_options": "CSV options",
    "buckets": "patient buckets",
    "format": "input format",
    "kind": "command",
    "timeout": "--timeout",
}


def differences(existing: dict[str, Any], manifest: dict[str, Any]) -> str:
    """What differs between two manifests, in the words of the command line (e.g.
    ``settings (model, CSV options)`` or ``input (its files changed)``)."""
    manifest = json.loads(json.dumps(manifest))
    settings = sorted(
        _SETTING_NAMES.get(key, key)
        for key in (manifest.get("job", {}).keys() | existing.get("job", {}).keys())
        if manifest.get("job", {}).get(key) != existing.get("job", {}).get(key)
    )
    if manifest.get("chunk_size") != existing.get("chunk_size"):
        settings.append("--chunk-size")
    parts = []
    if manifest.get("input") != existing.get("input"):
        parts.append("input (its path or files changed)")
        if "patient buckets" in settings:  # follows from the input's size
            settings.remove("patient buckets")
    if settings:
        parts.insert(0, f"settings ({', '.join(settings)})")
    return " and ".join(parts) or "format version"


@contextlib.contextmanager
def work_file(path: Path) -> Iterator[IO[str]]:
    """A work file written under a temporary name (a dot file) and renamed when complete.

    Unlike the output (``deidkit.io.atomic``), work files are not forced to disk one by one:
    the rename keeps them whole when a process dies; after a power cut a damaged file is
    reported and ``--restart`` starts again.
    """
    fd, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as handle:
            yield handle
        os.replace(name, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(name)
        raise


def inconsistent(work: WorkDir, where: str) -> OutputError:
    """The error for a work file that does not fit the others (``where``: which one)."""
    return OutputError(
        f"{work.path}: the work folder is inconsistent ({where}); rerun with --restart"
    )


def work_line(entry: dict[str, Any], document: dict[str, Any] | None = None) -> str:
    """A line of a work file: the entry and the document (``Document.to_dict()``), if any."""
    head = json.dumps(entry, ensure_ascii=False, separators=(",", ":"))
    if document is None:
        return head + "\n"
    return f"{head}\t{document_line(document)}\n"


def read_work_line(line: str) -> tuple[dict[str, Any], str | None]:
    """The entry of a ``work_line`` and its document's JSON Lines line (None if it has none)."""
    head, tab, document = line.rstrip("\n").partition("\t")
    return json.loads(head), document if tab else None


def read_json(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise OutputError(
            f"{path}: damaged work file ({type(error).__name__}); pass --restart"
        ) from None
