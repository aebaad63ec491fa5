"""The build's one step beyond pyproject.toml: a wheel carries a copy of the spec's data.

``features/`` and the errata and source texts of ``fixtures/`` are copied into ``dicespec/_data/``
of the built package, where ``dicespec.spec.paths`` finds them outside a checkout. The code that
runs them (the steps, the phrasebook, the pytest plugin: ``dicespec.spec.steps``) is the
package's own; nothing comes from ``tests/``. The repository stays the one source: nothing is
copied into ``src/``, and an editable install reads the checkout itself. ``MANIFEST.in`` puts the
same files into the sdist, so that a wheel built from the sdist carries them too.
"""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
SPEC = (
    "features",
    "fixtures/errata.yaml",
    "fixtures/sources",
)


class build_py_with_spec(build_py):  # noqa: N801  (named like the command it extends)
    """build_py, then the spec's files into dicespec/_data/."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        data = Path(self.build_lib) / "dicespec" / "_data"
        for name in SPEC:
            source, target = ROOT / name, data / name
            if not source.exists():
                raise FileNotFoundError(f"{name}: the spec a wheel carries is missing from the source tree")
            if source.is_dir():
                shutil.copytree(source, target, dirs_exist_ok=True,
                                ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
            else:
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(source, target)


setup(cmdclass={"build_py": build_py_with_spec})
