"""`scorebook serve`: the league's website and its JSON API over the store (FastAPI, Jinja2,
htmx, uvicorn). Only `scorebook serve` imports this package: the other commands, `record`
above all, never pay for a web framework."""
