"""The HTML pages in a real browser: headless Chromium (Debian's, driven by Playwright) opens the scorecard,
the timeline and the query page, runs a canned query from the form, and the tests read what is displayed.
Screenshots of each page go to test-artifacts/screenshots/."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

playwright = pytest.importorskip("playwright.sync_api", reason="Playwright is installed by the test extra")

pytestmark = [pytest.mark.server, pytest.mark.slow]

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
SCREENSHOTS = Path(__file__).resolve().parents[1] / "test-artifacts" / "screenshots"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    if not Path(CHROMIUM).exists():
        pytest.skip("Chromium is not installed (.ci/run installs Debian's chromium package)")
    with playwright.sync_playwright() as driver:
        chromium = driver.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser, live):
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    opened = context.new_page()
    requests_elsewhere = []
    opened.on("request", lambda r: None if r.url.startswith(live.url) else requests_elsewhere.append(r.url))
    yield opened
    context.close()
    assert requests_elsewhere == [], "the page loaded something from outside the server"


def _screenshot(page, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)


def test_scorecard_page_shows_the_seed_record(page, live):
    page.goto(f"{live.url}/id/system/internlm-20b")
    _screenshot(page, "scorecard")

    assert page.url == f"{live.url}/doc/id/system/internlm-20b.html"
    assert page.inner_text("h1") == "internlm-20b benchmark scores"
    rows = page.locator("table tbody tr")
    assert rows.count() == 6
    assert rows.nth(0).inner_text().split("\t")[:2] == ["ARC AI2", "75.6 accuracy (%)"]
    assert "Leads on 6 of 6 benchmarks" in page.inner_text("body")
    page.locator("table a", has_text="ARC AI2").click()
    page.wait_for_url("**/doc/id/benchmark/arc-ai2.html")
    assert page.inner_text("h1") == "ARC AI2 leaderboard"


def test_timeline_page_charts_each_milestone_with_its_level(page, live):
    page.goto(f"{live.url}/timeline")
    _screenshot(page, "timeline")

    circles = page.locator("svg.chart circle")
    assert circles.count() == 1
    assert page.locator("svg.chart text", has_text="2024").count() == 1
    assert "E3" in page.locator("svg.chart").text_content()
    row = page.locator("table tbody tr").nth(0).inner_text()
    assert row.startswith("2024-02-09") and "H2" in row
    page.locator("svg.chart a").first.click()
    page.wait_for_url("**/doc/id/milestone/*.html")
    assert "Verification history" in page.inner_text("body")


def test_query_page_runs_a_canned_query_from_the_form(page, live):
    page.goto(f"{live.url}/query")
    page.select_option("#query-name", "scorecard")
    page.click("#choose")
    page.fill("#param-system", "internlm-20b")
    page.click("#run-canned")
    _screenshot(page, "query")

    assert page.inner_text("#row-count") == "6 rows."
    cells = page.locator("table tbody tr").nth(0).locator("td")
    assert [cells.nth(0).inner_text(), cells.nth(1).inner_text()] == ["ARC AI2", "75.6"]


def test_query_page_shows_errors_and_sparql_results(page, live):
    page.goto(f"{live.url}/query?name=scorecard")
    page.fill("#param-system", "internlm-2b")
    page.click("#run-canned")
    assert "closest: internlm-20b" in page.inner_text("#error")

    page.fill("#sparql-text", "SELECT ?label WHERE { ?s a <https://w3id.org/chronicle-kg/ontology#Organization> ; "
                              "<http://www.w3.org/2000/01/rdf-schema#label> ?label } ORDER BY ?label")
    page.click("#run-sparql")
    labels = page.locator("table tbody td").all_inner_texts()
    assert "Shanghai AI Laboratory" in labels
    assert any("<script>" in label for label in labels)  # shown as text, never run
    assert page.title() != "pwned"
