"""Running the site under uvicorn: one process, or several workers that each open the store."""

from __future__ import annotations

import os

import uvicorn

APP = "scorebook.web.app:app_from_environment"  # an import string: uvicorn's workers each build the app


def serve(db: str, host: str, port: int, workers: int) -> None:
    os.environ["SCOREBOOK_DB"] = db  # read by each worker's app_from_environment
    uvicorn.run(APP, factory=True, host=host, port=port, workers=workers, log_level="info")


def exposure_note(host: str, port: int) -> str:
    """Where the site is, and how to let other devices reach it."""
    url = f"http://{'[' + host + ']' if ':' in host else host}:{port}/"
    if host in ("127.0.0.1", "localhost", "::1"):
        return (
            f"scorebook: serving {url} to this computer only. For the phones and tablets at the table, "
            "serve on the local network with --host 0.0.0.0 (then open http://THIS-COMPUTER'S-ADDRESS:"
            f"{port}/); on the internet, put it behind a reverse proxy that adds HTTPS (docs/web.md)."
        )
    return f"scorebook: serving {url} to every device that can reach this computer on port {port}; docs/web.md says how to put HTTPS in front."
