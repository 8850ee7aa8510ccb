"""The league's website and its JSON API (FastAPI): pages rendered on the server from Jinja2
templates (autoescaped: every name a user typed is shown as text), htmx vendored in static/,
no JavaScript build step. The data comes from `web/data.py`, over the library. Visitors read;
a scorer holding a key (`scorebook key new`) scores a game through `scorebook record`'s own
path (store/live.py), and every game page follows its game through Server-Sent Events."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Annotated
from urllib.parse import quote, urlsplit

from fastapi import FastAPI, Form, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response, StreamingResponse
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates

from scorebook.league.standings import COLUMNS as STANDINGS
from scorebook.problems import NotAllowed, NotFound, ScorebookProblem, StaleState
from scorebook.reports.bonn_die import PLAYER_COLUMNS
from scorebook.reports.box import TABLE_BATTING, TABLE_PITCHING
from scorebook.reports.render import DIGITS, cell, json_text
from scorebook.service.league import league_leaders, league_report, league_standings
from scorebook.store.db import DEFAULT_URL, GameSummary, Store, game_summaries
from scorebook.store.keys import form_token, form_token_holds, key_admits
from scorebook.store.live import Live
from scorebook.web import data
from scorebook.web.cache import PageCache
from scorebook.web.live import Notices, Watch

HERE = Path(__file__).parent
templates = Jinja2Templates(directory=HERE / "templates")  # autoescape is on for .html
PAGE = {"response_class": HTMLResponse, "include_in_schema": False}  # the API's description has the API only
KEY_COOKIE = "scorebook_key"  # the scorer's key, HttpOnly: the page's scripts never see it
STREAM_SECONDS = 300.0  # an event stream's length; the browser reconnects by itself (retry)
FormText = Annotated[str, Form()]


def team_url(team: str, league: str = "") -> str:
    """A team's page: a league's team, or a team that plays outside any league."""
    return f"/leagues/{quote(league)}/teams/{quote(team)}" if league else f"/teams/{quote(team)}"


def player_url(player: str, league: str) -> str:
    """A league player's page (his name quoted whole: a name may hold a slash)."""
    return f"/leagues/{quote(league)}/players/{quote(player, safe='')}"


templates.env.globals.update(
    team_url=team_url,
    player_url=player_url,
    version=data.version,
    BATTING=TABLE_BATTING,  # the columns of `scorebook box`'s tables
    PITCHING=TABLE_PITCHING,
    BONN_DIE_PLAYERS=PLAYER_COLUMNS,
    STANDINGS=STANDINGS,
)
templates.env.filters.update(
    cell=cell,
    era=lambda era: "-" if era is None else f"{era:.2f}",
    stat=lambda value, column: cell(value) if value is None or column not in DIGITS else f"{value:.{DIGITS[column]}f}",  # as `stats` prints
)


def create_app(db: str = DEFAULT_URL, stream_seconds: float = STREAM_SECONDS) -> FastAPI:
    store = Store(db)
    pages = PageCache(store)  # each page's data, computed once per store version
    watch = Watch(store, Notices(db) if db.startswith("postgresql") else None)
    app = FastAPI(
        title="scorebook",
        summary="A league's games, box scores and schedules, as the `scorebook` command line gives them.",
        docs_url=None,
        redoc_url=None,
    )
    app.state.store = store  # for the handlers of refused writes
    app.state.pages = pages
    app.mount("/static", StaticFiles(directory=HERE / "static"), name="static")
    app.add_exception_handler(NotFound, _not_found)
    app.add_exception_handler(NotAllowed, _not_allowed)

    def shown(template: str, key: tuple, **compute: Callable[[], object]) -> HTMLResponse:
        """A page as rendered at the store's version now: kept (web/cache.py), its data read
        at most once per version; a page of something the store lacks raises NotFound (404)."""
        return HTMLResponse(pages.get(("page", *key), lambda: templates.get_template(template).render({k: f() for k, f in compute.items()})))

    def lines(league: str) -> data.Lines:
        """The league's stats lines, read once per store version for all its pages."""
        return lambda table, by: pages.get(("lines", league, table, by), lambda: data.league_lines(store, league)(table, by))

    def summaries(league: str) -> list[GameSummary]:
        """The league's games, listed once per store version for its team and player pages."""
        return pages.get(("summaries", league), lambda: game_summaries(store, league))

    @app.get("/", **PAGE)
    def home():
        return shown("home.html", ("home",), home=lambda: data.home(store))

    @app.get("/games/{game_id:path}/sheet.pdf", **PAGE)
    def sheet(game_id: str):
        name = quote(f"{game_id}-sheet.pdf", safe="")
        headers = {"Content-Disposition": f"attachment; filename*=UTF-8''{name}"}
        pdf = pages.get(("sheet", game_id), lambda: data.sheet_pdf(store, game_id))
        return Response(pdf, media_type="application/pdf", headers=headers)

    @app.get("/leagues/{name}/report.pdf", **PAGE)
    def report(name: str):
        headers = {"Content-Disposition": f"attachment; filename*=UTF-8''{quote(f'{name}-report.pdf', safe='')}"}
        pdf = pages.get(("report", name), lambda: league_report(store, name))
        return Response(pdf, media_type="application/pdf", headers=headers)

    @app.get("/games/{game_id:path}/score/count", **PAGE)
    def count(request: Request, game_id: str, pitches: str = ""):
        """The count the pitch dice typed so far make (the scoring page asks as they are typed)."""
        page = pages.get(("scoring", game_id), lambda: data.scoring_page(store, game_id))
        return _page(request, "count.html", count=data.count_now(page.row.rules, page.state, pitches.strip()))

    @app.get("/games/{game_id:path}/score", **PAGE)
    def scoring(request: Request, game_id: str):
        return _scoring(request, store, game_id)

    @app.post("/games/{game_id:path}/score/key", **PAGE)
    def give_key(request: Request, game_id: str, key: FormText = ""):
        _same_origin(request)
        if not key_admits(store, key.strip(), game_id):
            raise NotAllowed(f"that key does not score game {game_id}: a key of its league or of the game, not revoked, does")
        scoring = RedirectResponse(f"/games/{quote(game_id)}/score", status_code=303)
        scoring.set_cookie(KEY_COOKIE, key.strip(), httponly=True, samesite="strict", max_age=12 * 3600)
        return scoring

    @app.post("/games/{game_id:path}/statements", **PAGE)
    def record(
        request: Request, game_id: str, against: Annotated[int, Form()], token: FormText = "",
        statement: FormText = "", code: FormText = "", pitches: FormText = "", hit: FormText = "",
    ):  # fmt: skip
        _scorer(request, store, game_id, token)
        dice = [f"pitches={pitches.strip()}" if pitches.strip() else "", f"hit={hit.strip()}" if hit.strip() else ""]
        text = " ".join(part for part in (code, statement.strip(), *dice) if part)
        return _write(request, store, game_id, lambda live: live.record(game_id, text, against), text)

    @app.post("/games/{game_id:path}/undo", **PAGE)
    def undo(request: Request, game_id: str, against: Annotated[int, Form()], token: FormText = ""):
        _scorer(request, store, game_id, token)
        undone = store.statements(game_id)[-1:]  # offered back as a redo
        return _write(request, store, game_id, lambda live: live.undo(game_id, against), "", redo="".join(undone))

    @app.get(
        "/api/games/{game_id:path}/events",
        summary="A game's statements as they are recorded",
        description="Server-Sent Events: an event `statement` whose data (and id) is the game's version (its number "
        "of statements and digest) when the stream opens and each time a statement is recorded or undone, from the "
        "website or `scorebook record`. The stream closes after a few minutes; EventSource reconnects by itself.",
        responses={200: {"content": {"text/event-stream": {}}}, 404: {"description": "No such game"}},
    )
    def events(game_id: str) -> StreamingResponse:
        store.game(game_id)  # NoSuchGame before the stream opens
        return StreamingResponse(_events(watch, game_id, stream_seconds), media_type="text/event-stream", headers={"Cache-Control": "no-store"})

    @app.get("/games/{game_id:path}", **PAGE)
    def game(game_id: str):
        return shown("game.html", ("game", game_id), page=lambda: data.game_page(store, game_id))

    @app.get("/leagues/{name}/teams/{team:path}", **PAGE)
    def league_team(name: str, team: str, month: str = ""):
        return shown(
            "team.html", ("team", team, name, month), page=lambda: data.team_page(store, team, name, month, lines(name), summaries(name))
        )

    @app.get("/leagues/{name}/players/{player:path}", **PAGE)
    def player(name: str, player: str, month: str = ""):
        return shown(
            "player.html", ("player", player, name, month), page=lambda: data.player_page(store, player, name, month, lines(name), summaries(name))
        )

    @app.get("/teams/{team:path}", **PAGE)
    def team(team: str, month: str = ""):
        return shown("team.html", ("team", team, "", month), page=lambda: data.team_page(store, team, month=month))

    @app.get("/leagues/{name}", **PAGE)
    def league(name: str, month: str = ""):
        return shown("league.html", ("league", name, month), page=lambda: data.league_page(store, name, month))

    @app.get(
        "/api/games/{game_id:path}",
        summary="A game's box score",
        description="The box score as `scorebook box GAME --format json` prints it: the line score, each batter's "
        "line with his scoresheet boxes by inning, the pitching lines (a Bonn Die game: halves and players).",
        responses={200: {"content": {"application/json": {}}}, 404: {"description": "No such game"}},
    )
    def api_game(game_id: str) -> Response:
        return Response(pages.get(("box", game_id), lambda: _box_json(store, game_id)), media_type="application/json")

    @app.get(
        "/api/leagues/{name}/standings",
        summary="A league's standings",
        description="The standings as `scorebook league standings NAME --format json` prints them: W L PCT GB RS RA "
        "DIFF HOME AWAY L10 STRK, ties broken in the league's order, each with its reason.",
        responses={200: {"content": {"application/json": {}}}, 404: {"description": "No such league"}},
    )
    def api_standings(name: str) -> Response:
        return Response(pages.get(("standings", name), lambda: json_text(league_standings(store, name)) + "\n"), media_type="application/json")

    @app.get(
        "/api/leagues/{name}/leaders",
        summary="A league's leaders",
        description="The regular season's leaders in the league's categories as `scorebook league leaders NAME "
        "--format json` prints them: category, rank (equal values share one), player, team, value; a rate counts "
        "only the players its qualifier admits.",
        responses={200: {"content": {"application/json": {}}}, 404: {"description": "No such league"}},
    )
    def api_leaders(name: str) -> Response:
        return Response(pages.get(("leaders", name), lambda: json_text(league_leaders(store, name)) + "\n"), media_type="application/json")

    return app


def app_from_environment() -> FastAPI:
    """The app for uvicorn's workers: `scorebook serve` names it (cli/serve.py APP) and sets SCOREBOOK_DB."""
    return create_app(os.environ.get("SCOREBOOK_DB", DEFAULT_URL))


def _box_json(store: Store, game_id: str) -> str:
    store.game(game_id)  # NoSuchGame before anything is replayed
    return json_text(data.box_data(store, game_id)) + "\n"


def _page(request: Request, template: str, **context: object) -> HTMLResponse:
    return templates.TemplateResponse(request, template, context)


def _scoring(request: Request, store: Store, game_id: str, status: int = 200, **shown: object) -> HTMLResponse:
    """The scoring page: the game now, and the form for its next statement (a scorer with a key)
    or the field for the key; `shown`: the statement rejected and why."""
    key = request.cookies.get(KEY_COOKIE, "")
    scorer = key_admits(store, key, game_id)
    page = request.app.state.pages.get(("scoring", game_id), lambda: data.scoring_page(store, game_id))
    context = {"page": page, "token": form_token(key, game_id) if scorer else "", **shown}
    return templates.TemplateResponse(request, "score.html", context, status_code=status)


def _scorer(request: Request, store: Store, game_id: str, token: str) -> None:
    """A write's checks: the same site's page, the scorer's key, the form's token for it."""
    _same_origin(request)
    key = request.cookies.get(KEY_COOKIE, "")
    if not key_admits(store, key, game_id):
        raise NotAllowed(f"scoring game {game_id} needs a scorer's key: `scorebook key new --game {game_id}` (or --league) on the store's computer, then give it on the scoring page")
    if not form_token_holds(token, key, game_id):
        raise NotAllowed("the form's token is not this scorer's for this game: reload the scoring page and write it again")


def _same_origin(request: Request) -> None:
    """A form posted from another site (its Origin another host) is refused before anything."""
    origin = request.headers.get("origin")
    if origin and urlsplit(origin).netloc != request.headers.get("host"):
        raise NotAllowed(f"a form from {origin} cannot write to this site")


def _write(request: Request, store: Store, game_id: str, write: Callable[[Live], object], text: str, redo: str = "") -> HTMLResponse:
    """A statement (or an undo) through `scorebook record`'s path; a rejected one stores nothing
    and is shown with its rule and fix, a stale form with the game's new state. `redo`: the
    statement an undo took back, offered to record again."""
    live = Live(store.url)
    try:
        write(live)
    except StaleState as problem:
        return _scoring(request, store, game_id, 409, problem=problem)
    except NotFound:
        raise
    except ScorebookProblem as problem:
        return _scoring(request, store, game_id, 422, problem=problem, statement=text)
    finally:
        live.close()
    return _scoring(request, store, game_id, redo=redo)


async def _events(watch: Watch, game_id: str, seconds: float) -> AsyncIterator[str]:
    """The stream: the game's version when it opens and each new one (web/live.py watches)."""
    yield "retry: 1000\n\n"
    async for now in watch.versions(game_id, seconds):
        yield f"id: {now}\nevent: statement\ndata: {now}\n\n"


def _not_allowed(request: Request, problem: Exception) -> Response:
    """A write refused (every write is a game's): its scoring page again, saying why, with the
    key's field or a fresh form."""
    return _scoring(request, request.app.state.store, request.path_params["game_id"], 403, problem=problem, refusal="Not allowed")


def _not_found(request: Request, problem: Exception) -> Response:
    if request.url.path.startswith("/api/"):
        return JSONResponse({"detail": str(problem)}, status_code=404)
    return templates.TemplateResponse(request, "missing.html", {"problem": str(problem)}, status_code=404)
