"""Times pventon's ICAO Field 15 parser (ICAO-F15-Parser, Python) on a list of route texts.

Run by peer.bench.ts: python3 f15Peer.py PEER_FOLDER ROUTES_JSON ROUNDS. PEER_FOLDER is a checkout
of that project (its F15_Parser/ and Tokenizer/ packages, which need geographiclib); ROUTES_JSON a
JSON list of Item 15 route texts. Each round tokenizes and parses every route the way the peer's
own README does (Tokenize, set_whitespace, tokenize, ExtractedRouteSequence, ParseF15.parse_f15)
and is timed in process CPU time. Prints one JSON line: each round's CPU ms, and how many routes
the peer found errors in.
"""
import json
import sys
import time

sys.path.insert(0, sys.argv[1])
from F15_Parser.ExtractedRouteSequence import ExtractedRouteSequence  # noqa: E402
from F15_Parser.F15Parse import ParseF15  # noqa: E402
from Tokenizer.Tokenize import Tokenize  # noqa: E402

with open(sys.argv[2], encoding="utf-8") as f:
    routes = json.load(f)
rounds = int(sys.argv[3])


def parse_all():
    with_errors = 0
    for route in routes:
        tokenize = Tokenize()
        tokenize.set_string_to_tokenize(route)
        tokenize.set_whitespace(" \n\t\r/")
        tokenize.tokenize()
        ers = ExtractedRouteSequence()
        if ParseF15().parse_f15(ers, tokenize.get_tokens()) > 0:
            with_errors += 1
    return with_errors


round_ms = []
with_errors = 0
for _ in range(rounds):
    start = time.process_time()
    with_errors = parse_all()
    round_ms.append((time.process_time() - start) * 1000)
print(json.dumps({"roundMs": round_ms, "routesWithErrors": with_errors, "routes": len(routes)}))
