"""The secret key behind surrogates and date shifts, and deterministic derivation from it.

Every choice a surrogate makes comes from ``HMAC-SHA256(key, purpose | scope | value)``: the
same key, patient and original value always give the same surrogate, another key gives an
unrelated one, and nothing about the original can be learned from a surrogate without the key.
The key itself is never printed, logged or written anywhere.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from pathlib import Path
from random import Random

from deidkit.errors import ConfigError

MIN_KEY_BYTES = 16
_DOMAIN = b"deidkit-redact-v1"


class SecretKey:
    """A secret key. Its repr and str never show the key material."""

    __slots__ = ("_material", "generated")

    def __init__(self, material: bytes, *, generated: bool = False) -> None:
        if len(material) < MIN_KEY_BYTES:
            raise ConfigError(
                f"the key is too short ({len(material)} bytes); use at least {MIN_KEY_BYTES} "
                "random bytes, e.g. `openssl rand -hex 32 > deid.key`"
            )
        self._material = hmac.new(_DOMAIN, material, hashlib.sha256).digest()
        self.generated = generated

    @classmethod
    def random(cls) -> SecretKey:
        """A fresh random key (kept in memory only)."""
        return cls(secrets.token_bytes(32), generated=True)

    @classmethod
    def from_file(cls, path: Path) -> SecretKey:
        """The key stored in a file (its bytes, surrounding whitespace ignored)."""
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            raise ConfigError(
                f"{path}: key file not found; create one with `openssl rand -hex 32 > {path}`"
            ) from None
        except OSError as error:
            raise ConfigError(f"{path}: cannot read the key file ({error.strerror})") from None
        material = data.strip()
        if len(material) < MIN_KEY_BYTES:
            raise ConfigError(
                f"{path}: the key file holds {len(material)} bytes; it needs at least "
                f"{MIN_KEY_BYTES} (create one with `openssl rand -hex 32 > {path}`)"
            )
        return cls(material)

    @classmethod
    def coerce(cls, key: SecretKey | bytes | str | None) -> SecretKey:
        """A SecretKey from a key, raw bytes, a string, or None (a random key)."""
        if key is None:
            return cls.random()
        if isinstance(key, SecretKey):
            return key
        if isinstance(key, str):
            return cls(key.encode("utf-8"))
        return cls(bytes(key))

    def digest(self, *parts: str) -> bytes:
        """HMAC-SHA256 of the parts (joined unambiguously) under this key."""
        message = "\x1f".join(parts).encode("utf-8")
        return hmac.digest(self._material, message, "sha256")  # one-shot: hmac.new(...).digest()

    def rng(self, *parts: str) -> Random:
        """A random source seeded from the parts under this key."""
        return Random(int.from_bytes(self.digest(*parts), "big"))

    def __repr__(self) -> str:
        return "SecretKey(<hidden>)"

    __str__ = __repr__
