"""How the service is set up: limits, API keys, the models requests may choose."""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from deidkit.errors import ConfigError

MIN_API_KEY_CHARS = 16
ENV_SETTINGS = "DEIDKIT_SERVICE_SETTINGS"
ENV_API_KEY = "DEIDKIT_API_KEY"


@dataclass(frozen=True, slots=True)
class ServiceSettings:
    """``api_key_hashes``: SHA-256 of the accepted API keys (none: no authentication, only
    allowed on a loopback address). ``model_dirs``: folders whose model subfolders requests
    may name (besides the shipped models); requests cannot name arbitrary paths.
    ``key_file``: the default secret key of surrogate mode when a request gives none.
    ``request_seconds``: a request's time budget (then 504; its work stops);
    ``max_concurrent``: requests at work at once per process (more get 503);
    ``max_response_factor``/``min_response_bound``: a response may be this many times its
    request's size, or this many bytes, whichever is larger (else 413)."""

    api_key_hashes: frozenset[str] = frozenset()
    max_request_bytes: int = 8 * 1024 * 1024
    max_documents: int = 1000
    request_seconds: float = 60.0
    max_concurrent: int = 4
    max_response_factor: int = 64
    min_response_bound: int = 1024 * 1024
    model_dirs: tuple[str, ...] = ()
    key_file: str | None = None
    default_lang: str = "en"
    preload: tuple[str, ...] = ()
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def authenticated(self) -> bool:
        return bool(self.api_key_hashes)

    def accepts(self, api_key: str | None) -> bool:
        """Whether the key is one of the accepted keys (constant-time comparison)."""
        if not self.api_key_hashes:
            return True
        if not api_key:
            return False
        digest = hash_key(api_key)
        return any(hmac.compare_digest(digest, known) for known in self.api_key_hashes)

    def to_json(self) -> str:
        return json.dumps({
            "api_key_hashes": sorted(self.api_key_hashes),
            "max_request_bytes": self.max_request_bytes,
            "max_documents": self.max_documents,
            "model_dirs": list(self.model_dirs),
            "key_file": self.key_file,
            "default_lang": self.default_lang,
            "preload": list(self.preload),
            "request_seconds": self.request_seconds,
            "max_concurrent": self.max_concurrent,
            "max_response_factor": self.max_response_factor,
            "min_response_bound": self.min_response_bound,
        })  # fmt: skip

    @classmethod
    def from_json(cls, text: str) -> ServiceSettings:
        data = json.loads(text)
        default = cls()
        return cls(
            api_key_hashes=frozenset(data["api_key_hashes"]),
            max_request_bytes=int(data["max_request_bytes"]),
            max_documents=int(data["max_documents"]),
            model_dirs=tuple(data["model_dirs"]),
            key_file=data["key_file"],
            default_lang=data["default_lang"],
            preload=tuple(data["preload"]),
            request_seconds=float(data.get("request_seconds", default.request_seconds)),
            max_concurrent=int(data.get("max_concurrent", default.max_concurrent)),
            max_response_factor=int(data.get("max_response_factor", default.max_response_factor)),
            min_response_bound=int(data.get("min_response_bound", default.min_response_bound)),
        )

    @classmethod
    def from_env(cls) -> ServiceSettings:
        """The settings ``deidkit serve`` hands to its worker processes."""
        text = os.environ.get(ENV_SETTINGS)
        return cls.from_json(text) if text else cls()


def hash_key(api_key: str) -> str:
    return hashlib.sha256(api_key.encode("utf-8")).hexdigest()


def read_api_keys(path: Path | None, environment: str | None = None) -> frozenset[str]:
    """Hashes of the API keys in a file (one per line, ``#`` comments) and/or the
    ``DEIDKIT_API_KEY`` environment variable."""
    keys: list[str] = []
    if path is not None:
        try:
            lines = Path(path).read_text(encoding="utf-8").splitlines()
        except OSError as error:
            raise ConfigError(f"{path}: cannot read the API key file ({error.strerror})") from None
        keys.extend(line.strip() for line in lines if line.strip() and not line.startswith("#"))
        if not keys:
            raise ConfigError(f"{path}: no API key in the file (one key per line)")
    if environment:
        keys.append(environment.strip())
    for key in keys:
        if len(key) < MIN_API_KEY_CHARS:
            raise ConfigError(
                f"an API key has {len(key)} characters; use at least {MIN_API_KEY_CHARS}, "
                "e.g. `openssl rand -hex 24`"
            )
    return frozenset(hash_key(key) for key in keys)


def is_loopback(host: str) -> bool:
    """True for addresses only this machine can reach (``localhost``, 127.x, ::1)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False
