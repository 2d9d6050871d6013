"""Model directories: config, metadata, model files and the checksums that guard them.

A saved model is a folder::

    config.json     detector name, hyper-parameters, feature config, label scheme
    metadata.json   deidkit version, creation date, training corpus summary, credits
    checksums.json  SHA-256 of every other file in the folder (sub-folders included)
    ...             the detector's own files (CRFsuite model, numpy arrays, JSON)

``read_model`` verifies every checksum before anything else is read, and refuses a folder
with a missing, changed or unexpected file. Files are then read with ``read_bytes``, which
checks the bytes it returns against the checksum again, so nothing is parsed (least of all a
pickle) that differs from what was saved.
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import json
import os
import platform
import shutil
import tempfile
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from deidkit import __version__
from deidkit.errors import ModelError, OutputError

MODEL_FORMAT = "deidkit-model"
FORMAT_VERSION = 1
CONFIG_FILE = "config.json"
METADATA_FILE = "metadata.json"
CHECKSUMS_FILE = "checksums.json"
_HASH = "sha256"


class TamperedModelError(ModelError):
    """A model folder whose files do not match their checksums."""

    code = "E310"


@dataclass(frozen=True, slots=True)
class SavedModel:
    """A verified model folder: its path, config, metadata and file checksums."""

    path: Path
    config: dict[str, Any]
    metadata: dict[str, Any]
    checksums: dict[str, str]

    @property
    def detector(self) -> str:
        return str(self.config["detector"])

    def read_bytes(self, name: str) -> bytes:
        """The bytes of one model file, checked against its checksum once more."""
        expected = self.checksums.get(name)
        if expected is None:
            raise ModelError(
                f"model folder {self.path}: the model has no file {name!r}; "
                "it was saved by another version of deidkit or is incomplete, retrain it"
            )
        try:
            data = (self.path / name).read_bytes()
        except OSError as error:
            raise ModelError(
                f"model folder {self.path}: cannot read {name!r} ({error.strerror}); "
                "check the folder's permissions"
            ) from None
        if hashlib.sha256(data).hexdigest() != expected:
            raise TamperedModelError(
                f"model folder {self.path}: file {name!r} changed after it was verified; "
                "refusing to load it"
            )
        return data

    def read_json(self, name: str) -> Any:
        try:
            return json.loads(self.read_bytes(name).decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            raise ModelError(
                f"model folder {self.path}: {name!r} is not valid JSON; retrain the model"
            ) from None

    def sub_model(self, name: str) -> SavedModel:
        """A model saved inside this one (an ensemble member), verified on its own: its
        files were hashed with this folder's, so a file it lists as this folder does is not
        hashed again (the member's checksums are checked; each file is hashed once a load)."""
        prefix = f"{name}/"
        hashed = {
            path[len(prefix) :]: value
            for path, value in self.checksums.items()
            if path.startswith(prefix)
        }
        return read_model(self.path / name, hashed=hashed)


def write_model(
    directory: str | Path,
    *,
    config: Mapping[str, Any],
    metadata: Mapping[str, Any],
    write_files: Callable[[Path], None],
    overwrite: bool = False,
) -> Path:
    """Write a model folder atomically: ``write_files(folder)`` writes the detector's files,
    then config, metadata and checksums are added and the folder is moved into place.

    An existing non-empty folder is refused unless ``overwrite`` is set and it holds a
    deidkit model (a folder of other files is never replaced)."""
    target = Path(directory)
    if target.exists():
        if not target.is_dir():
            raise OutputError(f"{target} exists and is not a folder; choose another --out")
        if any(target.iterdir()):
            if not overwrite:
                raise OutputError(
                    f"{target} exists and is not empty; choose a new folder or overwrite it "
                    "(--force)"
                )
            if not (target / CHECKSUMS_FILE).is_file():
                raise OutputError(
                    f"{target} holds files that are not a deidkit model; refusing to replace it"
                )
    target.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent))
    try:
        write_files(staging)
        full_config = {"format": MODEL_FORMAT, "format_version": FORMAT_VERSION, **config}
        full_metadata = {**base_metadata(), **metadata}
        _write_json(staging / CONFIG_FILE, full_config)
        _write_json(staging / METADATA_FILE, full_metadata)
        _write_checksums(staging)
        if target.exists():
            shutil.rmtree(target)
        os.replace(staging, target)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return target


def read_model(directory: str | Path, *, hashed: Mapping[str, str] | None = None) -> SavedModel:
    """Verify a model folder and read its config and metadata. ``hashed``: the files found
    to have a checksum a moment ago (by the model folder this one is in), not hashed again
    when the folder lists that checksum."""
    path = Path(directory)
    if not path.is_dir():
        raise ModelError(
            f"no model folder at {path}; pass a folder written by 'deidkit train' or a shipped "
            "model name ('deidkit models' lists them)"
        )
    checksums_path = path / CHECKSUMS_FILE
    try:
        listing = json.loads(checksums_path.read_text(encoding="utf-8"))
        checksums = {str(k): str(v) for k, v in listing["files"].items()}
        algorithm = listing.get("algorithm", _HASH)
    except FileNotFoundError:
        raise ModelError(
            f"{path} is not a deidkit model folder (no {CHECKSUMS_FILE}); pass a folder written "
            "by 'deidkit train'"
        ) from None
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        raise TamperedModelError(
            f"model folder {path}: {CHECKSUMS_FILE} is damaged; the model cannot be trusted, "
            "retrain it or restore it from its source"
        ) from None
    if algorithm != _HASH:
        raise TamperedModelError(
            f"model folder {path}: unsupported checksum algorithm {algorithm!r}; retrain it"
        )
    present = set(_files(path)) - {CHECKSUMS_FILE}
    known = hashed or {}
    for name in sorted(checksums):
        if name not in present:
            raise TamperedModelError(
                f"model folder {path}: file {name!r} is missing; the model cannot be trusted, "
                "restore the whole folder or retrain it"
            )
        if known.get(name) == checksums[name]:
            continue  # hashed a moment ago, by the model folder this one is in
        if _file_hash(path / name) != checksums[name]:
            raise TamperedModelError(
                f"model folder {path}: file {name!r} does not match its checksum (it was "
                "changed after the model was saved); refusing to load it, restore the folder "
                "or retrain the model"
            )
    unexpected = sorted(present - set(checksums))
    if unexpected:
        raise TamperedModelError(
            f"model folder {path}: unexpected file {unexpected[0]!r} (not written with the "
            "model); remove it or restore the folder"
        )
    for required in (CONFIG_FILE, METADATA_FILE):
        if required not in checksums:
            raise TamperedModelError(f"model folder {path}: {required} is not listed; retrain it")
    saved = SavedModel(path, {}, {}, checksums)
    config = saved.read_json(CONFIG_FILE)
    metadata = saved.read_json(METADATA_FILE)
    if not isinstance(config, dict) or config.get("format") != MODEL_FORMAT:
        raise ModelError(f"{path} is not a deidkit model folder ({CONFIG_FILE} has no format)")
    version = config.get("format_version")
    if version != FORMAT_VERSION:
        raise ModelError(
            f"model folder {path}: model format version {version!r} is not supported by "
            f"deidkit {__version__} (it reads version {FORMAT_VERSION}); retrain the model"
        )
    if not isinstance(config.get("detector"), str):
        raise ModelError(f"model folder {path}: {CONFIG_FILE} names no detector; retrain it")
    return SavedModel(path, config, metadata if isinstance(metadata, dict) else {}, checksums)


def list_checksums(directory: str | Path) -> None:
    """List the checksums of a model folder's files again, and of each model folder in it
    (the innermost first): after files derived from its own were added or removed in place
    (``deidkit.features.prepare`` does so for the shipped CRFs' arrays). Verify the folder
    first (``read_model``): this vouches for whatever it holds."""
    root = Path(directory)
    listed = [path.parent for path in root.rglob(CHECKSUMS_FILE)]
    for folder in sorted(listed, key=lambda path: len(path.parts), reverse=True):
        _write_checksums(folder)


def _write_checksums(folder: Path) -> None:
    checksums = {
        name: _file_hash(folder / name) for name in _files(folder) if name != CHECKSUMS_FILE
    }
    _write_json(folder / CHECKSUMS_FILE, {"algorithm": _HASH, "files": checksums})


def base_metadata() -> dict[str, Any]:
    """What every saved model records about how it was made."""
    return {
        "deidkit_version": __version__,
        "created": _dt.datetime.now(_dt.UTC).replace(microsecond=0).isoformat(),
        "python": platform.python_version(),
    }


def folder_size(path: Path) -> int:
    """Total bytes of the files in a folder (sub-folders included)."""
    return sum((path / name).stat().st_size for name in _files(path))


def _files(root: Path) -> list[str]:
    """Relative POSIX paths of the files under ``root``, hidden ones (``.DS_Store``) left out."""
    names: list[str] = []
    for item in sorted(root.rglob("*")):
        relative = item.relative_to(root)
        if any(part.startswith(".") for part in relative.parts):
            continue
        if item.is_file():
            names.append(relative.as_posix())
    return names


def _file_hash(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _write_json(path: Path, data: Mapping[str, Any]) -> None:
    path.write_text(json.dumps(data, indent=2, ensure_ascii=False, sort_keys=False) + "\n",
                    encoding="utf-8")
