"""The server's render shortcuts (``gardenkit.server.install_render_cache``): what a page load's
server no longer does again and again, and that the page is the same.

- A markdown cell is rendered to HTML once per server: the same HTML as Voilà's renderer, a
  changed cell (text or attachments) rendered again, a cell showing an image never kept.
- The outputs of the page's notebook are made without nbformat's JSON-schema validation when they
  have the plain shape (the same outputs as nbformat's), and by nbformat's own function (which
  validates and refuses) otherwise.
"""
from __future__ import annotations

import pytest

pytest.importorskip("voila")

from nbformat import ValidationError  # noqa: E402
from nbformat.v4 import output_from_msg  # noqa: E402

from gardenkit.server import launch  # noqa: E402


def _msg(kind: str, content: dict) -> dict:
    return {"header": {"msg_type": kind}, "content": content}


PLAIN = [
    _msg("stream", {"name": "stdout", "text": "row  kind\n  1  pagoda\n"}),
    _msg("stream", {"name": "stderr", "text": ""}),
    _msg("execute_result", {"data": {"text/plain": "Try board: x", "application/vnd.jupyter.widget-view+json":
                                     {"model_id": "ab12", "version_major": 2, "version_minor": 0}},
                            "metadata": {}, "execution_count": 3}),
    _msg("execute_result", {"data": {"text/plain": "1"}, "metadata": {}, "execution_count": None}),
    _msg("display_data", {"data": {"image/svg+xml": "<svg/>", "text/plain": ["a", "b"]}, "metadata": {"x": 1}}),
]


@pytest.mark.parametrize("msg", PLAIN, ids=lambda m: m["header"]["msg_type"])
def test_a_plain_output_is_the_output_nbformat_makes(msg):
    ours = launch.plain_output(msg)
    assert ours is not None and ours == output_from_msg(msg) and type(ours) is type(output_from_msg(msg))
    assert ours.output_type == msg["header"]["msg_type"]  # attribute access, as the templates use it


@pytest.mark.parametrize("msg", [
    _msg("stream", {"name": "stdin", "text": "x"}),
    _msg("stream", {"name": "stdout", "text": 3}),
    _msg("execute_result", {"data": {"text/plain": 3}, "metadata": {}, "execution_count": 1}),
    _msg("execute_result", {"data": {"text/plain": "x"}, "metadata": {}, "execution_count": -1}),
    _msg("execute_result", {"data": {"text/plain": "x"}, "metadata": {}, "execution_count": True}),
    _msg("display_data", {"data": "not a bundle", "metadata": {}}),
    _msg("display_data", {"data": {"text/html": {"a": 1}}, "metadata": {}}),  # JSON under a text type
    _msg("display_data", {"data": {}, "metadata": []}),
    _msg("error", {"ename": "ValueError", "evalue": "x", "traceback": []}),
    _msg("stream", "not a dict"),
], ids=str)
def test_anything_else_goes_to_nbformat_which_validates(msg):
    assert launch.plain_output(msg) is None
    launch.install_render_cache()
    import nbclient.client as client

    try:
        expected = output_from_msg(msg)
    except (ValidationError, ValueError, TypeError, KeyError, AttributeError) as err:
        with pytest.raises(type(err)):
            client.output_from_msg(msg)
    else:
        assert client.output_from_msg(msg) == expected


def test_the_server_makes_outputs_through_the_plain_path_once_installed():
    assert launch.install_render_cache() and launch.install_render_cache()  # twice is harmless
    import nbclient.client as client

    assert client.output_from_msg.__wrapped__ is output_from_msg
    assert client.output_from_msg(PLAIN[2]) == output_from_msg(PLAIN[2])


# ----- markdown ------------------------------------------------------------------------------------
def _render(exporter, source: str, attachments: dict | None = None) -> str:
    from voila.exporter import VoilaExporter

    cell = {"cell_type": "markdown", "source": source, "attachments": attachments or {}}
    return VoilaExporter.markdown2html(exporter, {"cell": cell}, source)


class NoFiles:
    """A contents manager with no files (Voilà asks it for a cell's images)."""

    def file_exists(self, path) -> bool:
        return False


@pytest.fixture
def exporter():
    from voila.exporter import VoilaExporter

    assert launch.install_render_cache()
    VoilaExporter.markdown2html.cache.clear()
    return VoilaExporter(contents_manager=NoFiles())


def test_a_markdown_cell_is_rendered_once_and_the_same(exporter):
    from voila.exporter import VoilaExporter

    original = VoilaExporter.markdown2html.__wrapped__  # Voilà's own renderer
    source = "### `miyabi.place.row` One row\n\nA tile goes in a **row** of its kind."
    expected = original(exporter, {"cell": {"attachments": {}}}, source)
    first = _render(exporter, source)
    cache = VoilaExporter.markdown2html.cache
    assert first == expected and len(cache) == 1
    (key,) = cache
    cache[key] = "kept"  # the second render is read from the cache
    assert _render(exporter, source) == "kept"
    assert "<h3" in expected and "<strong>row</strong>" in expected


def test_a_changed_cell_is_rendered_again_and_images_never_kept(exporter):
    from voila.exporter import VoilaExporter

    cache = VoilaExporter.markdown2html.cache
    a = _render(exporter, "One **tile**.")
    b = _render(exporter, "One **tile** more.")
    assert a != b and len(cache) == 2
    with_attachment = _render(exporter, "One **tile**.", {"x.png": {"image/png": "iVBORw0KGgo="}})
    assert with_attachment == a and len(cache) == 3  # another key: the attachments are part of it
    _render(exporter, "![the board](board.png)")
    _render(exporter, 'See <img src="board.png">')
    assert len(cache) == 3
    assert not launch.markdown_cacheable("![x](y.svg)") and launch.markdown_cacheable("a [link](y.html)")


def test_the_cache_is_bounded(exporter, monkeypatch):
    from voila.exporter import VoilaExporter

    monkeypatch.setattr(launch, "MARKDOWN_CACHE_SIZE", 3)
    for i in range(7):
        _render(exporter, f"cell {i}")
    assert 1 <= len(VoilaExporter.markdown2html.cache) <= 3
