#!/usr/bin/env python3
"""Writes Tests/Scenarios/holidays/: answers of the holiday API for `notifier test`, each the
captured answer Tests/Fixtures/testntry_holidays_api_success_2019-02.json unchanged (its days:
folk 02-02, 02-09, 02-22, public 02-24 and folk 02-24), but for one step that is the captured error
answer Tests/Fixtures/testntry_holidays_api_error_invalid_dates.json (the source failing). Only the
times differ: local times in Europe/Tallinn (scenario.toml). Run from the repository root; then
`notifier test Tests/Scenarios/holidays > Tests/Scenarios/holidays/expected.txt`."""
import os, shutil

SUCCESS = "Tests/Fixtures/testntry_holidays_api_success_2019-02.json"
FAILURE = "Tests/Fixtures/testntry_holidays_api_error_invalid_dates.json"
OUT = "Tests/Scenarios/holidays"
# (local time in February 2019, the answer recorded then)
STEPS = [
    ("15T08:00", SUCCESS),  # nothing due yet: the 7-day reminder of 02-22 falls due at 09:00
    ("15T09:00", SUCCESS),  # Talvine peetripäev in 7 days: notified
    ("15T09:30", SUCCESS),  # the same answer again: nothing new (a reminder is said once)
    ("17T09:00", SUCCESS),  # Iseseisvuspäev and Talvine madisepäev in 7 days: one group of 2
    ("21T08:55", FAILURE),  # the source fails: decided nothing, as live (reminders stay due)
    ("21T09:05", SUCCESS),  # back: Talvine peetripäev tomorrow
    ("23T23:00", SUCCESS),  # after 2 days stopped: 02-24's "tomorrow", late, in quiet hours: held
    ("24T08:05", SUCCESS),  # quiet hours over: the held ones delivered in a summary
    ("24T09:00", SUCCESS),  # both of 02-24 today: a group of 2; 02-22 has passed, never said late
]

os.makedirs(OUT, exist_ok=True)
for name in os.listdir(OUT):
    if name.endswith(".holidays.json"):
        os.remove(os.path.join(OUT, name))
for number, (time, source) in enumerate(STEPS, start=1):
    shutil.copyfile(source, os.path.join(OUT, f"{number:04d}-2019-02-{time}.holidays.json"))
