"""What a batch job does to each document, and the per-document work with fail-closed handling.

A ``Job`` is a small picklable value sent to every worker (a process of ``--jobs N`` or a Dask
worker). Workers load the job's model once (``detector_for``) and process documents with
``detect_documents`` (and, in a deidentify run, ``deidkit.batch.redaction``): a document that
cannot be processed becomes a ``Failure`` (its id, where it came from, a reason without note
text) and is never written. A detect run imports no redaction engine: the redaction options
and key are only named here (``TYPE_CHECKING``).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import signal
import threading
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from deidkit.detector import Predictor, detect, resolve_detector
from deidkit.errors import DeidkitError
from deidkit.heap import end_start
from deidkit.models import SHIPPED_MODELS, resolve_model_path
from deidkit.models.adjust import Adjusted, adjusted
from deidkit.pieces import DEFAULT_BATCH_SIZE, PiecewisePredictor
from deidkit.types import Document

if TYPE_CHECKING:
    from deidkit.redact.engine import RedactOptions
    from deidkit.redact.keys import SecretKey

Kind = Literal["detect", "deidentify"]
STATEFUL_MODES = frozenset({"surrogate", "tag"})
"""Modes whose replacements depend on the patient's other documents (consistent surrogates,
numbered tags); the documents of a patient are then redacted together (see ``tasks``)."""


@dataclass(frozen=True, slots=True)
class Job:
    """Everything a worker needs to process documents; the same for every chunk of a run.

    ``model`` is a shipped model name or a model folder (None: the language's default;
    ``"annotations"``: use the spans already in the input). ``options`` (how PHI is replaced)
    and ``key`` are a deidentify job's, None in a detect job. ``detector`` is a detector object
    given through the Python API (single-process runs only). ``read_options`` are the input
    format's options (CSV columns, ...). ``timeout`` is in seconds per document.
    ``threshold``, ``ages`` and ``propagate`` apply to detection (``deidkit.models.adjust``;
    mentions are propagated within each document). ``batch_size``: documents given to the
    detector at once (``detect_documents``); it changes the speed, never the output, so a
    run may be resumed with another.
    """

    kind: Kind
    fmt: str
    root: str = ""
    model: str | None = None
    lang: str = "en"
    options: RedactOptions | None = None
    key: SecretKey | None = None
    keep_metadata: bool = False
    patient_from_id: str | None = None
    mapping: bool = False
    timeout: float | None = None
    read_options: tuple[tuple[str, str], ...] = ()
    buckets: int = 64
    detector: Predictor | None = None
    threshold: float | None = None
    ages: str = "all"
    propagate: bool | None = None
    batch_size: int = DEFAULT_BATCH_SIZE

    @property
    def uses_model(self) -> bool:
        return self.detector is not None or self.model != "annotations"

    @property
    def stateful(self) -> bool:
        """True when a patient's documents must be redacted together."""
        return (
            self.kind == "deidentify"
            and self.options is not None
            and self.options.mode in STATEFUL_MODES
        )

    def fingerprint(self) -> dict[str, Any]:
        """What the chunk results depend on (no secrets: the key by a keyed digest)."""
        options = None
        if self.kind == "deidentify" and self.options is not None:
            options = asdict(self.options)
            options["keep_labels"] = sorted(self.options.keep_labels)
        return {
            "kind": self.kind,
            "format": self.fmt,
            "model": self.model if self.detector is None else f"object:{type(self.detector)}",
            "model_checksum": _model_checksum(self.model, self.lang) if self.detector is None
            else None,
            "lang": self.lang,
            "options": options,
            "key": key_fingerprint(self.key) if self.kind == "deidentify" else None,
            "keep_metadata": self.keep_metadata,
            "patient_from_id": self.patient_from_id,
            "mapping": self.mapping,
            "read_options": [list(item) for item in self.read_options],
            "buckets": self.buckets,
            "threshold": self.threshold,
            "ages": self.ages,
            "propagate": self.propagate,
        }


def key_fingerprint(key: SecretKey | None) -> str | None:
    """A digest that tells keys apart without revealing them."""
    if key is None:
        return None
    return hashlib.sha256(key.digest("deidkit-batch", "fingerprint")).hexdigest()[:24]


def _model_checksum(model: str | None, lang: str) -> str | None:
    """A digest of a model folder's checksum file, so a resumed run notices a changed model."""
    if model == "annotations":
        return None
    try:
        folder = resolve_model_path(model, lang)
    except DeidkitError:
        return None
    checksums = folder / "checksums.json"
    if not checksums.is_file():
        return None
    return hashlib.sha256(checksums.read_bytes()).hexdigest()[:24]


def resolve_model_name(model: str | None) -> str | None:
    """A model folder given by a relative path becomes absolute (workers may run elsewhere)."""
    if model is None or model == "annotations":
        return model
    if model in SHIPPED_MODELS or model == "default":
        return model
    path = Path(model)
    return str(path.resolve()) if path.exists() else model


# --- failures -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Failure:
    """A document (or a part of the input) that was not processed, and why (no note text)."""

    id: str | None
    source: str
    stage: str
    reason: str
    code: str = "E510"
    where: str | None = None

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"id": self.id, "source": self.source}
        if self.where is not None:
            data["where"] = self.where
        data.update(stage=self.stage, code=self.code, reason=self.reason)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Failure:
        return cls(
            id=data.get("id"),
            source=str(data["source"]),
            stage=str(data["stage"]),
            reason=str(data["reason"]),
            code=str(data.get("code", "E510")),
            where=data.get("where"),
        )


def reason_of(error: BaseException) -> tuple[str, str]:
    """(code, reason) for an error: deidkit's own messages (written without note text) or,
    for anything else, only the exception's type (its message might quote the note)."""
    if isinstance(error, DocumentTimeout):
        return "E511", str(error)
    if isinstance(error, DeidkitError):
        return error.code, error.message
    return "E510", f"unexpected {type(error).__name__}"


def failure_of(
    error: BaseException, *, document_id: str | None, source: str, stage: str,
    where: str | None = None,
) -> Failure:
    code, reason = reason_of(error)
    return Failure(document_id, source, stage, reason, code, where)


# --- timeouts -------------------------------------------------------------------------------


class DocumentTimeout(BaseException):
    """A document took longer than the job's time limit."""


@contextlib.contextmanager
def time_limit(seconds: float | None) -> Iterator[None]:
    """Raise DocumentTimeout after ``seconds`` (a SIGALRM timer: only in a process's main
    thread, which is where ``--jobs`` workers and single-process runs work; a no-op in other
    threads, e.g. threaded Dask workers)."""
    if (
        not seconds
        or threading.current_thread() is not threading.main_thread()
        or not hasattr(signal, "setitimer")
    ):
        yield
        return

    def expired(signum: int, frame: object) -> None:
        raise DocumentTimeout(f"timed out after {seconds:g} s")

    previous = signal.signal(signal.SIGALRM, expired)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


# --- models ---------------------------------------------------------------------------------

_local = threading.local()


def detector_for(job: Job) -> Predictor | None:
    """The job's detector, loaded once per worker (per thread: detectors need not be
    thread-safe); None when the job uses the input's own spans."""
    if job.detector is not None:
        return adjusted(job.detector, threshold=job.threshold, ages=job.ages,
                        propagate=job.propagate, lang=job.lang, by_patient=False)
    if job.model == "annotations":
        return None
    cache: dict[tuple[Any, ...], Predictor | None] = _local.__dict__.setdefault("models", {})
    key = (job.model, job.lang, job.threshold, job.ages, job.propagate)
    if key not in cache:
        loaded = resolve_detector(job.model or "default", job.lang)
        cache[key] = None if loaded is None else adjusted(
            loaded, threshold=job.threshold, ages=job.ages, propagate=job.propagate,
            lang=job.lang, by_patient=False,
        )
    return cache[key]


def propagates(job: Job) -> bool:
    """Whether the job's detection propagates mentions (asked, or the model's default): each
    note's own while detecting, a patient's across its notes when they are redacted
    together (``tasks.run_bucket``)."""
    found = detector_for(job)
    return isinstance(found, Adjusted) and found.propagate


# --- per-document work ----------------------------------------------------------------------

def detect_documents(
    job: Job, documents: Sequence[Document], sources: Sequence[str]
) -> list[Document | Failure]:
    """Each document with the detector's spans, or a Failure; the order is kept.

    Documents go to the detector ``job.batch_size`` at a time. A batch that fails (an error,
    a timeout, output that does not fit its documents) is detected again one document at a
    time, so only the documents that fail on their own become Failures: a bad document
    never costs the others their spans, and is never returned without them."""
    detector = detector_for(job)
    if detector is None:
        end_start()
        return list(documents)
    detector = PiecewisePredictor(detector)  # long notes in pieces: bounded memory
    size = max(1, job.batch_size)
    out: list[Document | Failure] = []
    for start in range(0, len(documents), size):
        batch = list(documents[start : start + size])
        try:
            # the batch gets one document's time: a slow note costs at most twice --timeout
            # (here, then alone below), not --timeout times the batch's size
            with time_limit(job.timeout):
                out.extend(detect(batch, detector))
            continue
        except (Exception, DocumentTimeout):
            pass
        finally:  # the first batch built the model's tables: the process's start is over
            end_start()
        for document, source in zip(batch, sources[start : start + size], strict=True):
            try:
                with time_limit(job.timeout):
                    out.extend(detect([document], detector))
            except (Exception, DocumentTimeout) as error:
                out.append(
                    failure_of(error, document_id=document.id, source=source, stage="detect")
                )
    return out


def dumps(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))
