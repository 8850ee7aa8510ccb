"""The compiled modules (mypyc, see setup.py) are current: a .py edited after the install is
shadowed by its compiled module, so tests would run the old code without a word."""

import importlib
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def compiled_modules() -> list[str]:
    with open(ROOT / "pyproject.toml", "rb") as file:
        return tomllib.load(file)["tool"]["scorebook"]["compiled"]


def test_no_compiled_module_is_older_than_its_source():
    stale = []
    for path in compiled_modules():
        module = importlib.import_module(path.removesuffix(".py").replace("/", "."))
        built = Path(module.__file__)
        if built.suffix != ".py" and built.stat().st_mtime < (ROOT / path).stat().st_mtime:
            stale.append(path)
    assert not stale, (
        f"{', '.join(stale)} changed after they were compiled: run `pip install -e .` again "
        "(or `SCOREBOOK_PURE=1 pip install -e .` to work on them in plain Python)"
    )


def test_every_compiled_module_exists():
    assert all((ROOT / path).is_file() for path in compiled_modules())
