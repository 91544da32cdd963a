"""Load on a running `chronicle serve`: requests per second from concurrent clients, and their latency.

    python benchmarks/load.py http://127.0.0.1:8000 [--seconds 10] [--clients 8] [--system internlm-20b]
        [--benchmark SLUG] [--keep-alive]

measures, one after the other: the scorecard of one system asked again and again (from the server's cache
after the first time), when asked the leaderboard of one benchmark, and the scorecards of every system of the
graph in turn, each at most once (none from the cache of a fresh server; start a new server, or give it
--cache 0, before measuring again). run.py uses the same load test for the synthetic graphs. Prints one JSON object.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import http.client
import itertools
import json
import statistics
import threading
import time
import urllib.error
import urllib.parse
import urllib.request

ACCEPT = {"Accept": "application/json"}
SYSTEMS = ("PREFIX ck: <https://w3id.org/chronicle-kg/ontology#> "
           "SELECT ?system WHERE { ?system a ck:System } ORDER BY ?system")


def load_test(urls: list[str], seconds: float, clients: int, keep_alive: bool = False, once: bool = False) -> dict:
    """`clients` threads asking for `urls` in turn for `seconds` (with `once`, each URL at most once):
    successful requests per second, failures and the median and 90th percentile latency in milliseconds. Each
    request opens a new connection (as urllib does), unless `keep_alive`: then each client keeps one HTTP/1.1
    connection open."""
    deadline = time.monotonic() + seconds
    turn = iter(urls) if once else itertools.cycle(urls)
    lock = threading.Lock()

    def next_url() -> str | None:
        with lock:
            return next(turn, None)

    def client() -> tuple[int, int, list[float]]:
        ok = failed = 0
        latencies = []
        fetch = _persistent_fetcher() if keep_alive else _fetch
        while time.monotonic() < deadline and (url := next_url()) is not None:
            started = time.monotonic()
            try:
                status = fetch(url)
            except (urllib.error.URLError, OSError, http.client.HTTPException):
                failed += 1
                continue
            latencies.append((time.monotonic() - started) * 1000)
            ok += status == 200
            failed += status != 200
        return ok, failed, latencies

    start = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(clients) as pool:
        counts = list(pool.map(lambda _: client(), range(clients)))
    elapsed = time.monotonic() - start
    ok = sum(c[0] for c in counts)
    latencies = sorted(ms for c in counts for ms in c[2])
    return {"requests_per_s": round(ok / elapsed, 1), "failed": sum(c[1] for c in counts), "clients": clients,
            "keep_alive": keep_alive, "distinct_urls": len(urls), "requests": ok + sum(c[1] for c in counts),
            "median_ms": round(statistics.median(latencies), 1) if latencies else None,
            "p90_ms": round(latencies[int(len(latencies) * 0.9)], 1) if latencies else None}


def _fetch(url: str) -> int:
    request = urllib.request.Request(url, headers=ACCEPT)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            response.read()
            return response.status
    except urllib.error.HTTPError as error:
        error.read()
        return error.code


def _persistent_fetcher():
    connection: http.client.HTTPConnection | None = None

    def fetch(url: str) -> int:
        nonlocal connection
        parts = urllib.parse.urlsplit(url)
        if connection is None:
            connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
        try:
            connection.request("GET", f"{parts.path}?{parts.query}", headers=ACCEPT)
            response = connection.getresponse()
            response.read()
        except (OSError, http.client.HTTPException):
            connection.close()
            connection = None
            raise
        if response.will_close:
            connection.close()
            connection = None
        return response.status

    return fetch


def system_slugs(base: str) -> list[str]:
    """The slugs of every system the server's graph holds, sorted (asked once, through /sparql)."""
    url = f"{base}/sparql?" + urllib.parse.urlencode({"query": SYSTEMS})
    request = urllib.request.Request(url, headers={"Accept": "application/sparql-results+json"})
    with urllib.request.urlopen(request, timeout=60) as response:
        rows = json.load(response)["results"]["bindings"]
    return [row["system"]["value"].rsplit("/", 1)[-1] for row in rows]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("base", help="the server's URL, e.g. http://127.0.0.1:8000")
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--system", default="internlm-20b")
    parser.add_argument("--benchmark", help="also the leaderboard of this benchmark (slug)")
    parser.add_argument("--keep-alive", action="store_true", help="one persistent connection per client")
    args = parser.parse_args()
    base = args.base.rstrip("/")
    systems = system_slugs(base)
    runs = {
        "scorecard_one_system": [f"{base}/queries/scorecard?system={args.system}"],
    }
    if args.benchmark:
        runs["leaderboard"] = [f"{base}/queries/leaderboard?benchmark={args.benchmark}"]
    figures = {name: load_test(urls, args.seconds, args.clients, args.keep_alive) for name, urls in runs.items()}
    figures["scorecard_every_system"] = load_test([f"{base}/queries/scorecard?system={slug}" for slug in systems],
                                                  args.seconds, args.clients, args.keep_alive, once=True)
    print(json.dumps(figures, indent=1))


if __name__ == "__main__":
    main()
