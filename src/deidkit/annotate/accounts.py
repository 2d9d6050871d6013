"""Accounts, roles, password hashing and sessions.

Passwords are hashed with scrypt (standard library) and a random salt. A session is a random
token kept in an HttpOnly cookie; the database stores only its SHA-256, together with the
session's CSRF token.
"""

from __future__ import annotations

import base64
import functools
import hashlib
import hmac
import secrets
import sqlite3
import unicodedata
from dataclasses import dataclass
from enum import StrEnum

from deidkit.annotate.db import now
from deidkit.annotate.errors import BadRequest, Conflict, NotFound

SCRYPT_N, SCRYPT_R, SCRYPT_P = 2**14, 8, 1
MIN_PASSWORD_LENGTH = 8
SESSION_IDLE_SECONDS = 12 * 3600
SESSION_MAX_SECONDS = 7 * 24 * 3600


class Role(StrEnum):
    """What a user may do. Each role can do everything the roles before it can."""

    ANNOTATOR = "annotator"
    ADJUDICATOR = "adjudicator"
    ADMIN = "admin"

    @property
    def rank(self) -> int:
        return list(Role).index(self)

    def allows(self, needed: Role) -> bool:
        return self.rank >= needed.rank


@dataclass(frozen=True, slots=True)
class User:
    id: int
    username: str
    role: Role
    active: bool

    def can(self, needed: Role) -> bool:
        return self.active and self.role.allows(needed)


@dataclass(frozen=True, slots=True)
class Session:
    user: User
    csrf_token: str


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def hash_password(password: str) -> str:
    """An scrypt hash string ``scrypt$n$r$p$salt$hash`` for a password."""
    salt = secrets.token_bytes(16)
    digest = hashlib.scrypt(
        password.encode("utf-8"), salt=salt, n=SCRYPT_N, r=SCRYPT_R, p=SCRYPT_P, dklen=32
    )
    return f"scrypt${SCRYPT_N}${SCRYPT_R}${SCRYPT_P}${_b64(salt)}${_b64(digest)}"


def verify_password(password: str, stored: str) -> bool:
    """True if ``password`` matches the stored hash (constant-time comparison)."""
    try:
        scheme, n, r, p, salt, digest = stored.split("$")
        if scheme != "scrypt":
            return False
        expected = base64.b64decode(digest)
        actual = hashlib.scrypt(
            password.encode("utf-8"),
            salt=base64.b64decode(salt),
            n=int(n),
            r=int(r),
            p=int(p),
            dklen=len(expected),
        )
    except (ValueError, TypeError):
        return False
    return hmac.compare_digest(actual, expected)


@functools.cache
def _dummy_hash() -> str:
    return hash_password(secrets.token_hex(8))


def normalize_username(username: str) -> str:
    """The one form of a user name used to store, look up and throttle it (NFKC, stripped,
    casefolded), so ``" Alice"``, ``"alice\u00a0"`` and ``"ＡＬＩＣＥ"`` are one account."""
    return unicodedata.normalize("NFKC", username).strip().casefold()


def check_username(username: str) -> str:
    name = normalize_username(username)
    if not 1 <= len(name) <= 64 or not all(ch.isalnum() or ch in "._-@" for ch in name):
        raise BadRequest("invalid user name; use 1-64 letters, digits and . _ - @ (no spaces)")
    return name


def check_password(password: str) -> str:
    if len(password) < MIN_PASSWORD_LENGTH:
        raise BadRequest(f"password too short; use at least {MIN_PASSWORD_LENGTH} characters")
    return password


def parse_role(role: str) -> Role:
    try:
        return Role(role)
    except ValueError:
        raise BadRequest(
            f"unknown role {role!r}; use one of: {', '.join(r.value for r in Role)}"
        ) from None


def _user(row: sqlite3.Row) -> User:
    return User(int(row["id"]), str(row["username"]), Role(row["role"]), bool(row["active"]))


def create_user(conn: sqlite3.Connection, username: str, password: str, role: Role) -> User:
    name = check_username(username)
    check_password(password)
    if conn.execute("SELECT 1 FROM users WHERE username = ?", (name,)).fetchone():
        raise Conflict(f"user {name!r} already exists; choose another name")
    cursor = conn.execute(
        "INSERT INTO users(username, role, password_hash, created_at) VALUES (?, ?, ?, ?)",
        (name, role.value, hash_password(password), now()),
    )
    return User(int(cursor.lastrowid or 0), name, role, True)


def get_user(conn: sqlite3.Connection, user_id: int) -> User:
    row = conn.execute("SELECT * FROM users WHERE id = ?", (user_id,)).fetchone()
    if row is None:
        raise NotFound(f"no user with id {user_id}")
    return _user(row)


def find_user(conn: sqlite3.Connection, username: str) -> User:
    name = normalize_username(username)
    row = conn.execute("SELECT * FROM users WHERE username = ?", (name,)).fetchone()
    if row is None:
        raise NotFound(f"no user named {name!r}; see the users page")
    return _user(row)


def list_users(conn: sqlite3.Connection) -> list[User]:
    rows = conn.execute("SELECT * FROM users ORDER BY username COLLATE NOCASE").fetchall()
    return [_user(row) for row in rows]


def update_user(
    conn: sqlite3.Connection,
    user_id: int,
    *,
    role: Role | None = None,
    active: bool | None = None,
    password: str | None = None,
) -> User:
    user = get_user(conn, user_id)
    if role is not None:
        conn.execute("UPDATE users SET role = ? WHERE id = ?", (role.value, user_id))
    if active is not None:
        conn.execute("UPDATE users SET active = ? WHERE id = ?", (int(active), user_id))
        if not active:
            conn.execute("DELETE FROM sessions WHERE user_id = ?", (user_id,))
    if password is not None:
        conn.execute(
            "UPDATE users SET password_hash = ? WHERE id = ?",
            (hash_password(check_password(password)), user_id),
        )
        conn.execute("DELETE FROM sessions WHERE user_id = ?", (user_id,))
    remaining = conn.execute(
        "SELECT COUNT(*) FROM users WHERE role = 'admin' AND active = 1"
    ).fetchone()[0]
    if remaining == 0:
        raise Conflict(f"user {user.username!r} is the last active admin; keep at least one")
    return get_user(conn, user_id)


def authenticate(conn: sqlite3.Connection, username: str, password: str) -> User | None:
    """The active user with these credentials, or None (same work whether or not they exist)."""
    name = normalize_username(username)
    row = conn.execute("SELECT * FROM users WHERE username = ?", (name,)).fetchone()
    if row is None:
        verify_password(password, _dummy_hash())
        return None
    if not verify_password(password, str(row["password_hash"])) or not row["active"]:
        return None
    return _user(row)


def _token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("ascii", "replace")).hexdigest()


def start_session(conn: sqlite3.Connection, user: User) -> tuple[str, str]:
    """A new session for ``user``: returns (cookie token, CSRF token)."""
    token, csrf = secrets.token_urlsafe(32), secrets.token_urlsafe(32)
    moment = now()
    conn.execute(
        "INSERT INTO sessions(token_hash, user_id, csrf_token, created_at, last_seen) "
        "VALUES (?, ?, ?, ?, ?)",
        (_token_hash(token), user.id, csrf, moment, moment),
    )
    conn.execute(
        "DELETE FROM sessions WHERE last_seen < ? OR created_at < ?",
        (moment - SESSION_IDLE_SECONDS, moment - SESSION_MAX_SECONDS),
    )
    return token, csrf


def load_session(conn: sqlite3.Connection, token: str) -> tuple[Session, bool] | None:
    """The live session of a cookie token and whether its last-seen time should be refreshed."""
    row = conn.execute(
        "SELECT s.csrf_token, s.created_at, s.last_seen, u.* FROM sessions s "
        "JOIN users u ON u.id = s.user_id WHERE s.token_hash = ?",
        (_token_hash(token),),
    ).fetchone()
    if row is None or not row["active"]:
        return None
    moment = now()
    if (
        row["last_seen"] < moment - SESSION_IDLE_SECONDS
        or row["created_at"] < moment - SESSION_MAX_SECONDS
    ):
        return None
    return Session(_user(row), str(row["csrf_token"])), row["last_seen"] < moment - 60


def touch_session(conn: sqlite3.Connection, token: str) -> None:
    conn.execute(
        "UPDATE sessions SET last_seen = ? WHERE token_hash = ?", (now(), _token_hash(token))
    )


def end_session(conn: sqlite3.Connection, token: str) -> None:
    conn.execute("DELETE FROM sessions WHERE token_hash = ?", (_token_hash(token),))
