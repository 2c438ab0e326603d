#!/usr/bin/env python3
"""Writes Tests/Scenarios/default/: CoinLore responses for `notifier test`, each the captured page
Tests/Fixtures/coinlore_tickers_page1.json with a few coins' figures replaced (see README.md there).
Run from the repository root; then `notifier test Tests/Scenarios/default > Tests/Scenarios/default/expected.txt`."""
import json, os

SOURCE = "Tests/Fixtures/coinlore_tickers_page1.json"
OUT = "Tests/Scenarios/default"
# (time on 2026-12-23 UTC, {symbol: {field: value}}), or None for a broken response.
STEPS = [
    ("09:00", {}),                                              # first poll: the page as captured
    ("09:10", {"BTC": {"percent_change_24h": "-5.40"}}),        # BTC crosses −5 %: notified
    ("09:20", {"BTC": {"percent_change_24h": "-3.00"}}),        # back past −4 %: resolved, cooling down 1 h
    ("09:40", {"BTC": {"percent_change_24h": "-5.60"}}),        # crosses again: not notified, cooling down
    ("09:50", {"BTC": {"percent_change_24h": "-5.80"}}),        # still: nothing new to note
    ("10:00", None),                                            # the feed fails: unknown, noted once
    ("10:10", None),                                            # still failing: nothing new
    ("10:30", {"BTC": {"percent_change_24h": "-5.90"}}),        # cooldown over: notified again
    ("10:40", {"BTC": {"percent_change_24h": "-5.90"}, "ETH": {"price_usd": "4152.70"}}),  # ETH +4 % in 10 min
    ("10:50", {"BTC": {"percent_change_24h": "-4.50"}, "ETH": {"price_usd": "4152.70"}}),  # BTC between the levels
    ("11:00", {"BTC": {"percent_change_24h": "-5.50"}, "ETH": {"price_usd": "4152.70"}}),  # back beyond: not re-armed
]

page = json.load(open(SOURCE))
for name in os.listdir(OUT):
    if name.endswith(".coinlore.json"):
        os.remove(os.path.join(OUT, name))
for number, (time, changes) in enumerate(STEPS, start=1):
    path = os.path.join(OUT, f"{number:04d}-2026-12-23T{time}.coinlore.json")
    if changes is None:
        open(path, "w").write('{"data":[{"id":"90",')  # cut off mid-response
        continue
    data = json.loads(json.dumps(page))
    for ticker in data["data"]:
        ticker.update(changes.get(ticker["symbol"], {}))
    json.dump(data, open(path, "w"), separators=(",", ":"))
