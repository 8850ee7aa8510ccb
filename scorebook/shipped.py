"""The data folders that ship with scorebook: the printable layouts (`templates/`) and the
leagues (`leagues/`, the demo's among them). They are top-level folders of the project and
install as package data (`scorebook/templates`, `scorebook/leagues`; setup.py maps them)."""

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def shipped(folder: str) -> Path:
    """A shipped data folder: the installed package's, else the checkout's top-level one."""
    installed, checkout = _PACKAGE / folder, _PACKAGE.parent / folder
    return installed if installed.is_dir() else checkout
