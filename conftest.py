"""How ``make test`` shares the suite between processes (pytest-xdist, ``-n $(TEST_WORKERS) --dist loadgroup``: three).

``make test`` runs two pytest runs: the engine tests, notebooks, doctests and browser tests in
parallel (each worker its own Voilà server, started by the session fixture of
``tests/browser/conftest.py`` at the worker's first browser test, and its own Chromium profile);
then the tests marked ``quiet`` alone on the machine (all of them in ``tests/``).

Whatever must run in one process is one work unit (:func:`group_of`, from the test's node id):

- a notebook's cells (nbval) run in order in one kernel: one unit per notebook;
- a test module's tests share its module-scoped fixtures (a server, a browser, played games): one
  unit per module (browser tests included), except :data:`SPREAD`, big parametrised modules with
  no such fixture, whose tests go to whichever worker is free;
- doctests: one unit per module.

(xdist 3.8's own ``loadgroup`` reads ``xdist_group`` marks by renaming node ids, which pytest 9
no longer lets it do: the marks are silently ignored. This file's scheduler needs no marks.)

Tests that measure wall-clock time or latency (a time budget kept, a click answered within a
bound while another client floods the server) are marked ``quiet`` (:data:`QUIET`): ``make test``
runs them last, alone on the machine, so the other workers' load does not stretch what they time.
(The Tang Garden page-load test, which loads the machine on purpose, runs beside the others with
one busy loop fewer per other worker.)
``pytest`` run by hand (no ``-n``) runs everything in one process, as before.
"""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent
# the tests' shared harness (tests/harness.py: Chromium, VoilaServer), importable from tests/ and
# tests/browser/ alike as ``harness``
if str(ROOT / "tests") not in sys.path:
    sys.path.insert(0, str(ROOT / "tests"))

#: tests spread one by one over the workers (a node id starting so; their modules' module-scoped
#: fixtures, if any, are not theirs)
SPREAD = (
    "tests/test_all_games.py::",
    "tests/test_robust_all_games.py::",
    "tests/test_properties.py::",
    "tests/test_search_bot.py::",
    "tests/test_view_hint.py::",
    "tests/test_view_undo.py::",
    "tests/test_review.py::",
    "tests/test_puzzles.py::test_every_best_move_is_still_best_when_searched_again",
)

#: (module, test-name prefix or "" for the whole module) of the tests that time wall-clock work
QUIET = (
    # click latency and memory bounds while a client attacks or floods the server, and a 10 ms bound
    # (the module's other tests, refusals and checks without a clock, run in the parallel run)
    ("tests/test_serve_guard.py", "test_a_kernel_websocket_without_v1_is_refused_and_the_others_keep_playing"),
    ("tests/test_serve_guard.py", "test_voilas_header_reader_is_bounded_on_a_legacy_message"),
    ("tests/test_serve_guard.py", "test_a_malformed_frame_closes_that_socket_only"),
    ("tests/test_serve_guard.py", "test_another_client_cannot_use_a_kernel_it_did_not_open"),
    ("tests/test_serve_guard.py", "test_a_flood_of_board_messages_is_dropped_and_others_keep_playing"),
    ("tests/test_search_bot.py", "test_a_time_budget_is_kept"),
    ("tests/test_search_bot.py", "test_the_default_hint_answers_within_a_second"),
    ("tests/test_search_bot.py", "test_bots_hint_is_the_search_hint_with_the_hint_budget"),
    ("tests/test_search_bot.py", "test_a_set_stop_event_ends_the_search_at_once"),
    ("tests/test_view_hint.py", "test_a_dropped_hint_stops_its_search"),
    ("tests/test_review.py", "test_a_stop_during_a_long_search_ends_the_review_soon"),
    ("tests/test_review_widget.py", "test_stop_shows_the_moves_reviewed_so_far"),
)
#: the modules that hold quiet tests (the only ones the quiet run collects)
QUIET_MODULES = frozenset(module for module, _prefix in QUIET)


#: units that take much longer than their number of tests says: about how many seconds each took
#: on the 2-core machine (``--durations``, make test's first run: engine and browser tests side by
#: side); the scheduler starts them first (:func:`unit_cost`), so that the run does not end with one
#: worker still busy with a long unit while the other has nothing left
LONG_UNITS = {
    # builds the static site when its inputs changed (~20-45 s on a fresh clone), then starts
    # Pyodide on eight pages (~6 s of a core each) and plays on them: ~99 s alone, more beside the others
    "tests/browser/test_lite_site.py": 200,
    "tests/browser/test_theme_contrast.py": 75,
    "tests/browser/test_tang_garden_dashboard.py": 75,
    "tests/browser/test_learner_path_dashboards.py": 66,
    "tests/browser/test_tang_garden_solo_won.py": 62,
    # loads a page six times on a machine it keeps busy (beside the other worker: one busy loop fewer)
    "tests/browser/test_tang_garden_page_loads.py": 45,
    "tests/browser/test_layout_phone.py": 45,
    "tests/browser/test_tanuki_dashboard.py": 50,
    "tests/browser/test_keyboard.py": 50,
    "tests/test_serve_pool.py": 48,
    "tests/browser/test_miyabi_dashboard.py": 45,
    "tests/browser/test_karesansui_dashboard.py": 45,
    "tests/browser/test_samurai_dashboard.py": 45,
    "tests/test_tanuki_robust.py": 45,
    "tests/test_binder_jupyterlab.py": 42,
    "tests/test_karesansui_robust.py": 31,
    "tests/test_miyabi_robust.py": 25,
    "tests/browser/test_puzzles_dashboards.py": 25,
    "tests/browser/test_server_guard.py": 24,
    "tests/browser/test_lazy_lessons.py": 23,
    "tests/test_kernel_forks.py": 21,
    "tests/test_tang_garden_widgets.py": 20,
    "tests/browser/test_learn_widgets.py": 19,
}


def unit_cost(unit: str, tests: int) -> float:
    """About how long the unit ``unit`` of ``tests`` tests runs, in seconds (only the order matters).

    >>> unit_cost("tests/browser/test_tang_garden_solo_won.py", 1) > unit_cost("tests/browser/test_gallery.py", 6)
    True
    """
    return LONG_UNITS.get(unit, tests)


def _relative(item) -> str:
    try:
        return Path(str(item.fspath)).resolve().relative_to(ROOT).as_posix()
    except ValueError:
        return str(item.fspath)


def group_of(nodeid: str) -> str:
    """The work unit of the test ``nodeid`` (see the module's docstring).

    >>> group_of("tests/browser/test_gallery.py::test_x"), group_of("notebooks/miyabi.ipynb::Cell 3")
    ('tests/browser/test_gallery.py', 'notebooks/miyabi.ipynb')
    >>> group_of("tests/test_all_games.py::test_x[miyabi]"), group_of("tests/test_serve_pool.py::test_y")
    ('tests/test_all_games.py::test_x[miyabi]', 'tests/test_serve_pool.py')
    >>> group_of("gardenkit/core/rules.py::gardenkit.core.rules.Rules")
    'gardenkit/core/rules.py'
    """
    module = nodeid.split("::", 1)[0]
    if nodeid.startswith(SPREAD):
        return nodeid
    return module


@pytest.hookimpl(tryfirst=True)
def pytest_xdist_make_scheduler(config, log):
    """``--dist loadgroup``: xdist's scope scheduler with :func:`group_of`'s units (biggest first)."""
    if config.getvalue("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class GroupScheduling(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return group_of(nodeid)

        def _assign_work_unit(self, node) -> None:
            # the costliest unit left goes next (xdist would take them by number of tests): the
            # long ones started last would leave one worker running alone at the end
            unit = max(self.workqueue, key=lambda u: unit_cost(u, len(self.workqueue[u])))
            self.workqueue.move_to_end(unit, last=False)
            super()._assign_work_unit(node)

    return GroupScheduling(config, log)


def pytest_configure(config):
    config.addinivalue_line("markers", "quiet: times wall-clock work; make test runs it alone, after the parallel run")


def pytest_ignore_collect(collection_path, config):
    """``-m quiet`` (make test's second run) collects only the modules :data:`QUIET` names: the run
    picks 59 tests out of ~3 000, and importing every other test module to deselect it took ~7 s."""
    if config.getoption("markexpr", "") != "quiet" or collection_path.suffix != ".py":
        return None
    if not collection_path.name.startswith("test_"):
        return None
    try:
        module = collection_path.resolve().relative_to(ROOT).as_posix()
    except ValueError:
        return None
    return None if module in QUIET_MODULES else True


def pytest_collection_modifyitems(config, items):
    used = set()
    modules = set()
    for item in items:
        module = _relative(item)
        modules.add(module)
        for entry in QUIET:
            if module == entry[0] and item.name.startswith(entry[1]):
                item.add_marker(pytest.mark.quiet)
                used.add(entry)
    # an entry whose module was collected but matches no test: a test was renamed, and would no
    # longer be run alone
    stale = [e for e in QUIET if e[0] in modules and e not in used]
    if stale:
        raise pytest.UsageError(f"conftest.QUIET names tests that do not exist: {stale}")
