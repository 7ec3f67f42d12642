"""The browser tests' shared profile (``conftest._profile``): what one test's page kept of the
learner (cookies, local storage, IndexedDB) is gone for the next, while the HTTP cache stays."""
from __future__ import annotations

import pytest
from conftest import _forget_the_learner, _origin

pytestmark = pytest.mark.browser

KEPT = """async () => {
    const dbs = (await indexedDB.databases()).map((d) => d.name);
    return {local: localStorage.getItem('gk-test'), cookie: document.cookie.includes('gk-test=1'),
            db: dbs.includes('gk-test-db')};
}"""


def test_a_tests_cookies_and_storage_are_cleared_and_its_cache_kept(open_dashboard, page, _profile):
    open_dashboard("index.ipynb")
    page.evaluate("""() => new Promise((done) => {
        localStorage.setItem('gk-test', 'kept');
        document.cookie = 'gk-test=1; path=/';
        const open = indexedDB.open('gk-test-db');
        open.onsuccess = () => { open.result.close(); done(); };
    })""")
    assert page.evaluate(KEPT) == {"local": "kept", "cookie": True, "db": True}
    origin = _origin(page.url)
    page.goto("about:blank")  # as the fixture closes a test's pages first (the page's kernel shut down)
    _forget_the_learner(_profile, {origin})
    assert not any(c["name"] == "gk-test" for c in _profile.cookies())

    cdp = _profile.new_cdp_session(page)
    from_cache: list[str] = []
    cdp.on("Network.responseReceived",
           lambda e: from_cache.append(e["response"]["url"]) if e["response"].get("fromDiskCache") else None)
    requests: dict[str, str] = {}
    cdp.on("Network.requestWillBeSent", lambda e: requests.__setitem__(e["requestId"], e["request"]["url"]))
    cdp.on("Network.requestServedFromCache", lambda e: from_cache.append(requests.get(e["requestId"], "")))
    cdp.send("Network.enable")
    open_dashboard("index.ipynb")  # a new load: the stored things gone, the scripts from the cache
    assert page.evaluate(KEPT) == {"local": None, "cookie": False, "db": False}
    assert any(url.endswith(".js") or ".js?" in url for url in from_cache), from_cache[:5]
    cdp.detach()
