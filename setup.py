"""What pyproject.toml cannot say. The packages: the printable layouts and the leagues are
data in the top-level templates/ and leagues/, installed as scorebook/templates and
scorebook/leagues (scorebook/shipped.py finds them). And the replay path, compiled with mypyc
when it can be (the modules are listed in pyproject's `[tool.scorebook] compiled`): the 2019
MLB season's parse + replay + box takes 4.9 s instead of 9.4 s. `SCOREBOOK_PURE=1 pip install
-e .` installs plain Python, for work on those modules: a compiled module shadows its .py until
the next install (tests/test_compiled.py says so when it happens). Without mypyc or a C
compiler the build falls back to plain Python, with a warning."""

import glob
import os
import tomllib

from setuptools import find_packages, setup
from setuptools.command.build_ext import build_ext


class OptionalBuildExt(build_ext):
    """Plain Python when the compiled modules cannot be built (no compiler, no headers): what
    was built is removed, since a compiled module needs all the others."""

    def run(self):
        try:
            super().run()
        except Exception as failure:  # noqa: BLE001  (any build failure: the .py files still work)
            for path in self.get_outputs():
                if os.path.exists(path):
                    os.remove(path)
            print(f"warning: scorebook's compiled modules were not built ({failure}); using plain Python")


def compiled_modules():
    with open("pyproject.toml", "rb") as file:
        modules = tomllib.load(file)["tool"]["scorebook"]["compiled"]
    if os.environ.get("SCOREBOOK_PURE"):
        return plain_python(modules, "SCOREBOOK_PURE is set")
    try:
        from mypyc.build import mypycify

        return mypycify([*modules, "--follow-imports=silent", "--ignore-missing-imports"], opt_level="3")
    except (ImportError, SystemExit) as failure:  # no mypyc, or its type check refused a module
        return plain_python(modules, f"not built ({failure})")


def plain_python(modules, why):
    """No compiled modules: those an earlier build left beside the sources (an editable
    install) are removed, or they would go on shadowing the .py files."""
    for module in modules:
        for built in glob.glob(module.removesuffix(".py") + ".*.so") + glob.glob(module.removesuffix(".py") + ".*.pyd"):
            os.remove(built)
    for group in glob.glob("*__mypyc.*.so") + glob.glob("*__mypyc.*.pyd"):
        os.remove(group)
    print(f"warning: scorebook's replay path is plain Python: {why}")
    return []


setup(
    # The top-level data folders install as scorebook/templates and scorebook/leagues (shipped.py).
    packages=[*find_packages(include=["scorebook*"]), "scorebook.templates", "scorebook.leagues"],
    package_dir={"scorebook.templates": "templates", "scorebook.leagues": "leagues"},
    ext_modules=compiled_modules(),
    cmdclass={"build_ext": OptionalBuildExt},
)
