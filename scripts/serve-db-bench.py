#!/usr/bin/env python3
"""Times a running `grundy serve --db DIR` (BENCHMARKS.md, "Playing a database"): GET /api/db
for random positions, and whole games through a session (`{"db": WORDS}`): the person's
move (POST play, a random move, seed 1) and grundy's reply (POST reply), each round trip
timed over one kept-alive connection.

    scripts/serve-db-bench.py http://127.0.0.1:7878 "connect-four 5 4" [REQUESTS]
"""

import http.client
import json
import random
import statistics
import sys
import time
import urllib.parse


def main():
    url, words = sys.argv[1], sys.argv[2]
    count = int(sys.argv[3]) if len(sys.argv) > 3 else 2000
    parsed = urllib.parse.urlparse(url)
    conn = http.client.HTTPConnection(parsed.hostname, parsed.port)
    rng = random.Random(1)

    def call(method, path, body=None):
        headers = {"content-type": "application/json"} if body is not None else {}
        data = None if body is None else json.dumps(body)
        start = time.perf_counter()
        conn.request(method, path, body=data, headers=headers)
        response = conn.getresponse()
        text = response.read()
        took = time.perf_counter() - start
        return response.status, json.loads(text) if text else None, took

    def report(name, times):
        times = sorted(times)
        pick = lambda q: times[min(len(times) - 1, int(q * len(times)))] * 1000
        print(f"{name}: {len(times)} requests, median {statistics.median(times) * 1000:.3f} ms, "
              f"90th {pick(0.9):.3f} ms, 99th {pick(0.99):.3f} ms")

    game = urllib.parse.quote(words)
    width = int(words.split()[1]) if words.startswith("connect-four") else 9
    probes = []
    for _ in range(count):
        moves = "".join(str(rng.randint(1, width)) for _ in range(rng.randint(0, 8)))
        _, _, took = call("GET", f"/api/db?game={game}&position={moves}")
        probes.append(took)
    report("GET /api/db", probes)

    plays, replies, games = [], [], 0
    status, state, _ = call("POST", "/api/sessions", {"db": words})
    assert status == 201, state
    sid = state["id"]
    while len(plays) < count:
        if state["end"] is not None:
            games += 1
            status, state, _ = call("POST", f"/api/sessions/{sid}/new")
            continue
        move = rng.choice(state["moves"])["label"]
        status, state, took = call("POST", f"/api/sessions/{sid}/play", {"move": move})
        assert status == 200, state
        plays.append(took)
        status, state, took = call("POST", f"/api/sessions/{sid}/reply")
        assert status == 200, state
        replies.append(took)
    report("POST play (state with every move's value and a principal line)", plays)
    report("POST reply (grundy's best move, then the state)", replies)
    print(f"{games} games finished")


if __name__ == "__main__":
    main()
