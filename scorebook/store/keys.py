"""Scorers' keys: the website's scoring pages write to the store only for someone holding a key
made on the command line (`scorebook key new --league L | --game G`). A key is 32 random bytes;
the store keeps its SHA-256 only (the key's own entropy makes a slow hash needless), and a key
is checked against the digests of its scope's keys in constant time."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from datetime import UTC, datetime

from sqlalchemy import or_, select, update

from scorebook.problems import InvalidOptions, NoSuchKey, NoSuchLeague
from scorebook.store.db import Store
from scorebook.store.schema import League, ScorerKey

PREFIX = "sbk_"  # says what the string is, where a scorer pastes it


def key_digest(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def new_key(store: Store, league: str = "", game: str = "") -> tuple[int, str]:
    """A new key for a league's games or one game: its id and the key, which only this returns."""
    if bool(league) == bool(game):
        raise InvalidOptions("a key is for one league (--league L) or one game (--game G)")
    if game:
        store.game(game)  # NoSuchGame
    elif not _league_stored(store, league):
        raise NoSuchLeague(f"no league {league} in the database; `scorebook league create` stores one")
    key = PREFIX + secrets.token_urlsafe(32)
    row = ScorerKey(league=league, game=game, digest=key_digest(key), created=_now())
    with store.engine.begin() as db:
        found = db.execute(ScorerKey.__table__.insert().values(row.model_dump(exclude={"id"})))  # type: ignore[attr-defined]
    return int(found.inserted_primary_key[0]), key


def revoke_key(store: Store, key_id: int) -> None:
    with store.engine.begin() as db:
        done = db.execute(
            update(ScorerKey).where(ScorerKey.id == key_id, ScorerKey.revoked == "").values(revoked=_now())
        )  # type: ignore[arg-type]
    if not done.rowcount:
        raise NoSuchKey(f"no key {key_id} to revoke; `scorebook key list` lists them")


def list_keys(store: Store) -> list[dict[str, object]]:
    with store.engine.connect() as db:
        rows = db.execute(select(ScorerKey).order_by(ScorerKey.id)).all()  # type: ignore[arg-type]
    return [{"id": r.id, "league": r.league, "game": r.game, "created": r.created, "revoked": r.revoked} for r in rows]


def key_admits(store: Store, key: str, game_id: str) -> bool:
    """Whether `key` may score the game: a key of its league or of the game itself, not revoked."""
    if not key:
        return False
    league = store.game(game_id).league
    scope = or_(ScorerKey.game == game_id, ScorerKey.league == league) if league else ScorerKey.game == game_id
    with store.engine.connect() as db:
        digests = db.execute(select(ScorerKey.digest).where(scope, ScorerKey.revoked == "")).scalars().all()  # type: ignore[arg-type]
    given = key_digest(key)
    matches = [hmac.compare_digest(given, digest) for digest in digests]  # every one compared, found or not
    return True in matches


def form_token(key: str, game_id: str) -> str:
    """The CSRF token a scoring form carries: made from the scorer's key (kept in an HttpOnly
    cookie), so only a page the server gave that scorer holds it."""
    return hmac.new(key.encode(), f"scorebook form {game_id}".encode(), hashlib.sha256).hexdigest()


def form_token_holds(token: str, key: str, game_id: str) -> bool:
    return hmac.compare_digest(token.encode(), form_token(key, game_id).encode())


def _league_stored(store: Store, league: str) -> bool:
    with store.engine.connect() as db:
        return db.execute(select(League.id).where(League.name == league)).first() is not None  # type: ignore[arg-type]


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")
