"""The league's website and its JSON API (FastAPI): read-only pages rendered on the server
from Jinja2 templates (autoescaped: every name a user typed is shown as text), htmx vendored
in static/, no JavaScript build step. The data comes from `web/data.py`, over the library."""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import quote

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates

from scorebook.league.standings import COLUMNS as STANDINGS
from scorebook.problems import NotFound
from scorebook.reports.bonn_die import PLAYER_COLUMNS
from scorebook.reports.render import DIGITS, cell, json_text
from scorebook.service.league import league_leaders, league_standings
from scorebook.store.db import DEFAULT_URL, Store
from scorebook.web import data

HERE = Path(__file__).parent
templates = Jinja2Templates(directory=HERE / "templates")  # autoescape is on for .html
PAGE = {"response_class": HTMLResponse, "include_in_schema": False}  # the API's description has the API only


def team_url(team: str, league: str = "") -> str:
    """A team's page: a league's team, or a team that plays outside any league."""
    return f"/leagues/{quote(league)}/teams/{quote(team)}" if league else f"/teams/{quote(team)}"


templates.env.globals.update(
    team_url=team_url,
    BATTING=("AB", "R", "H", "RBI", "BB", "SO", "SB", "CS"),  # the columns of `scorebook box`'s tables
    PITCHING=("IP", "H", "R", "ER", "BB", "SO", "HR"),
    BONN_DIE_PLAYERS=PLAYER_COLUMNS,
    STANDINGS=STANDINGS,
)
templates.env.filters.update(
    cell=cell,
    era=lambda era: "-" if era is None else f"{era:.2f}",
    stat=lambda value, column: cell(value) if value is None or column not in DIGITS else f"{value:.{DIGITS[column]}f}",  # as `stats` prints
)


def create_app(db: str = DEFAULT_URL) -> FastAPI:
    store = Store(db)
    app = FastAPI(
        title="scorebook",
        summary="A league's games, box scores and schedules, as the `scorebook` command line gives them.",
        docs_url=None,
        redoc_url=None,
    )
    app.mount("/static", StaticFiles(directory=HERE / "static"), name="static")
    app.add_exception_handler(NotFound, _not_found)

    @app.get("/", **PAGE)
    def home(request: Request):
        return _page(request, "home.html", home=data.home(store))

    @app.get("/games/{game_id:path}/sheet.pdf", **PAGE)
    def sheet(game_id: str):
        name = quote(f"{game_id}-sheet.pdf", safe="")
        headers = {"Content-Disposition": f"attachment; filename*=UTF-8''{name}"}
        return Response(data.sheet_pdf(store, game_id), media_type="application/pdf", headers=headers)

    @app.get("/games/{game_id:path}", **PAGE)
    def game(request: Request, game_id: str):
        return _page(request, "game.html", page=data.game_page(store, game_id))

    @app.get("/leagues/{name}/teams/{team:path}", **PAGE)
    def league_team(request: Request, name: str, team: str):
        return _page(request, "team.html", page=data.team_page(store, team, name))

    @app.get("/teams/{team:path}", **PAGE)
    def team(request: Request, team: str):
        return _page(request, "team.html", page=data.team_page(store, team))

    @app.get("/leagues/{name}", **PAGE)
    def league(request: Request, name: str, month: str = ""):
        return _page(request, "league.html", page=data.league_page(store, name, month))

    @app.get(
        "/api/games/{game_id:path}",
        summary="A game's box score",
        description="The box score as `scorebook box GAME --format json` prints it: the line score, each batter's "
        "line with his scoresheet boxes by inning, the pitching lines (a Bonn Die game: halves and players).",
        responses={200: {"content": {"application/json": {}}}, 404: {"description": "No such game"}},
    )
    def api_game(game_id: str) -> Response:
        store.game(game_id)  # NoSuchGame before anything is replayed
        return Response(json_text(data.box_data(store, game_id)) + "\n", media_type="application/json")

    @app.get(
        "/api/leagues/{name}/standings",
        summary="A league's standings",
        description="The standings as `scorebook league standings NAME --format json` prints them: W L PCT GB RS RA "
        "DIFF HOME AWAY L10 STRK, ties broken in the league's order, each with its reason.",
        responses={200: {"content": {"application/json": {}}}, 404: {"description": "No such league"}},
    )
    def api_standings(name: str) -> Response:
        return Response(json_text(league_standings(store, name)) + "\n", media_type="application/json")

    @app.get(
        "/api/leagues/{name}/leaders",
        summary="A league's leaders",
        description="The regular season's leaders in the league's categories as `scorebook league leaders NAME "
        "--format json` prints them: category, rank (equal values share one), player, team, value; a rate counts "
        "only the players its qualifier admits.",
        responses={200: {"content": {"application/json": {}}}, 404: {"description": "No such league"}},
    )
    def api_leaders(name: str) -> Response:
        return Response(json_text(league_leaders(store, name)) + "\n", media_type="application/json")

    return app


def app_from_environment() -> FastAPI:
    """The app for uvicorn's workers: `scorebook serve` names it (cli/serve.py APP) and sets SCOREBOOK_DB."""
    return create_app(os.environ.get("SCOREBOOK_DB", DEFAULT_URL))


def _page(request: Request, template: str, **context: object) -> HTMLResponse:
    return templates.TemplateResponse(request, template, context)


def _not_found(request: Request, problem: Exception) -> Response:
    if request.url.path.startswith("/api/"):
        return JSONResponse({"detail": str(problem)}, status_code=404)
    return templates.TemplateResponse(request, "missing.html", {"problem": str(problem)}, status_code=404)
