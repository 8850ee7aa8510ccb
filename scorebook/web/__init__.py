"""`scorebook serve`: the league's website and its JSON API over the store (FastAPI, Jinja2,
htmx, uvicorn). uvicorn imports it by name when `scorebook serve` runs (cli/serve.py): no
command imports it, and the other commands, `record` above all, never pay for a web framework."""
