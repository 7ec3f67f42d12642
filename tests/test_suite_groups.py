"""How ``make test`` shares the suite between its processes (the repository's ``conftest.py``):
what must run in one process is one work unit, and every test that times wall-clock work is
marked ``quiet`` (run alone after the parallel runs)."""
from __future__ import annotations

import doctest
import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _root_conftest():
    spec = importlib.util.spec_from_file_location("gardenkit_root_conftest", ROOT / "conftest.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_units_keep_notebooks_and_modules_together_and_spread_the_big_ones():
    c = _root_conftest()
    assert doctest.testmod(c).failed == 0
    # a browser module's tests share its browser (and the worker's Voilà server): one unit a module
    gallery = {c.group_of(f"tests/browser/test_gallery.py::test_{x}") for x in "abc"}
    assert gallery == {"tests/browser/test_gallery.py"} != {c.group_of("tests/browser/test_theme_contrast.py::test_a")}
    cells = {c.group_of(f"notebooks/tanuki.ipynb::Cell {i}") for i in range(40)}
    assert cells == {"notebooks/tanuki.ipynb"}
    assert c.group_of("tests/test_serve_pool.py::test_a") == c.group_of("tests/test_serve_pool.py::test_b")
    a, b = (c.group_of(f"tests/test_all_games.py::test_x[{g}]") for g in ("miyabi", "tanuki"))
    assert a != b


def test_every_quiet_entry_names_a_module_that_exists():
    c = _root_conftest()
    for module, _prefix in c.QUIET:
        assert (ROOT / module).is_file(), module
        # make test's quiet run collects tests/ only (QUIET_PATHS in the Makefile)
        assert module.startswith("tests/"), module


def test_every_long_unit_is_a_module_that_exists_and_goes_before_short_ones():
    c = _root_conftest()
    for unit in c.LONG_UNITS:
        assert (ROOT / unit).is_file(), unit
    assert c.unit_cost("tests/browser/test_tang_garden_dashboard.py", 4) > c.unit_cost("tests/browser/test_layout_phone.py", 12)
