"""The web client under the salon's Content-Security-Policy (issue 32): no inline script,
no inline style, scripts, styles and connections from the salon only. Every page of a
visit — the lobby, signing in as a guest, opening a table, a match being played, the
leaderboard — runs without one violation of the policy."""

from __future__ import annotations

from typing import Any

from tests.web.conftest import WebServer
from tests.web.helpers import create_table, first_legal, sign_in_guest, start_match

#: Collects the page's CSP violations (an init script runs before the page's own and is
#: itself not subject to the page's policy).
COLLECT = """
window.__csp = [];
document.addEventListener('securitypolicyviolation', (e) => {
  window.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
});
"""


def test_client_runs_under_the_policy(server: WebServer, new_page: Any) -> None:
    page = new_page(server)
    console: list[str] = []
    page.on("console", lambda m: console.append(m.text) if m.type == "error" else None)
    page.add_init_script(COLLECT)
    response = page.goto("/")
    assert response is not None
    csp = response.headers["content-security-policy"]
    assert "script-src 'self'" in csp and "unsafe-inline" not in csp
    sign_in_guest(page)
    create_table(page, "casino", {"players": "2", "target": "1"})
    start_match(page)
    page.wait_for_selector("#table[data-my-turn='1'], #match-result", timeout=30_000)
    if page.locator("#match-result").count() == 0:
        first_legal(page, "#table")
    violations = page.evaluate("window.__csp")
    page.goto("/#/lb/casino")
    page.wait_for_function("document.querySelectorAll('#main *').length > 3")
    violations += page.evaluate("window.__csp")
    assert violations == [], violations
    assert not [c for c in console if "Content Security Policy" in c], console
    # and the collector does see one: an inline script, refused
    page.evaluate("""() => { const s = document.createElement('script');
                             s.textContent = 'window.__ran = 1'; document.body.append(s); }""")
    page.wait_for_function("window.__csp.length > 0")
    assert page.evaluate("window.__ran") is None
    assert page.evaluate("window.__csp")[0].startswith("script-src")
