"""The site's scripts (``dicespec.site.scripts``): the modules of the JavaScript package, ``js/``,
served at ``javascripts/`` as they are written; the package's tests, manifest and node data stay
out of the site."""

from __future__ import annotations

import yaml

from dicespec.site.scripts import FOLDER, PACKAGE, script_files
from folders import REPO


def test_every_module_of_the_package_is_served_as_it_is() -> None:
    files = script_files()
    assert set(files) == {f"{FOLDER}/{path.name}" for path in PACKAGE.glob("*.mjs")}
    for path, content in files.items():
        assert content == (PACKAGE / path.removeprefix(f"{FOLDER}/")).read_bytes(), path
    assert not {"javascripts/package.json", "javascripts/rulesets.json"} & set(files)
    assert not [path for path in files if "test" in path]


def test_the_scripts_the_pages_load_are_served() -> None:
    """mkdocs.yml loads the page scripts by their address on the site; each is a module served."""
    config = yaml.safe_load((REPO / "mkdocs.yml").read_text(encoding="utf-8"))
    loaded = [entry["path"] for entry in config["extra_javascript"]]
    assert loaded and set(loaded) <= set(script_files())
