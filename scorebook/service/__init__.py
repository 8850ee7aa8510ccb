"""The operations the CLI and the web app both call: plain functions over the library, which
neither parse options nor print. `league.py`: standings, leaders, playoffs and the league
report; `games.py`: importing games, new games for live scoring, simulating games and storing
them."""
