#!/usr/bin/env python3
"""Writes Tests/Scenarios/forecast/: Open-Meteo answers for `notifier test`, each the captured answer
Tests/Fixtures/openmeteo_forecast_hourly_daily_current_2025.json (7 days from 2025-10-25, time zone
GMT; it stands for the configured place, Tallinn) with two daily columns it lacks added, `weather_code`
and `wind_gusts_10m_max` (so the severe and wind rules have figures of their own), and a few days'
figures replaced, step by step below. Run from the repository root; then
`notifier test Tests/Scenarios/forecast > Tests/Scenarios/forecast/expected.txt`."""
import json, os

SOURCE = "Tests/Fixtures/openmeteo_forecast_hourly_daily_current_2025.json"
OUT = "Tests/Scenarios/forecast"
DAYS = ["2025-10-25", "2025-10-26", "2025-10-27", "2025-10-28", "2025-10-29", "2025-10-30", "2025-10-31"]
ADDED = {"weather_code": [61, 63, 3, 3, 2, 3, 61], "wind_gusts_10m_max": [40, 45, 30, 35, 38, 30, 42]}
# (time on 2025-10-25 UTC, {day: {daily column: value}}), or None for a broken answer. Each step's
# changes are over the first step's figures.
WARM_28 = {"2025-10-28": {"temperature_2m_max": 21.3}}              # 16.8 → 21.3 °C
STEPS = [
    ("09:00", {}),                                                   # first poll: nothing to compare with
    ("09:30", {**WARM_28,                                            # +4.5 °C high: forecast_temperature
               "2025-10-29": {"precipitation_probability_max": 70},  # 8 → 70 %: forecast_precipitation
               "2025-10-30": {"wind_gusts_10m_max": 72},             # 30 → 72 km/h: forecast_wind
               "2025-10-31": {"weather_code": 95}}),                 # rain → thunderstorm: forecast_severe
    ("10:00", {**WARM_28, "2025-10-29": {"precipitation_probability_max": 45},  # between the levels: quiet
               "2025-10-30": {"wind_gusts_10m_max": 55}, "2025-10-31": {"weather_code": 95}}),  # gusts between 50 and 60
    ("10:30", {**WARM_28, "2025-10-29": {"precipitation_probability_max": 45},
               "2025-10-30": {"wind_gusts_10m_max": 66}, "2025-10-31": {"weather_code": 95}}),  # back above 60: not re-armed
    ("11:00", None),                                                 # the feed fails: unknown, noted once
    ("11:30", None),                                                 # still failing: nothing new
    ("12:00", {"2025-10-29": {"precipitation_probability_max": 45},  # 10-28's high back to 16.8: −4.5 °C, told
               "2025-10-30": {"wind_gusts_10m_max": 66}, "2025-10-31": {"weather_code": 95}}),
]

answer = json.load(open(SOURCE))
assert answer["daily"]["time"] == DAYS
os.makedirs(OUT, exist_ok=True)
for name in os.listdir(OUT):
    if name.endswith(".open-meteo.json"):
        os.remove(os.path.join(OUT, name))
for number, (time, changes) in enumerate(STEPS, start=1):
    path = os.path.join(OUT, f"{number:04d}-2025-10-25T{time}.open-meteo.json")
    if changes is None:
        open(path, "w").write('{"latitude":-37.75,"longitude":144.875,"daily":{"time":["2025-10-25",')  # cut off mid-answer
        continue
    data = json.loads(json.dumps(answer))
    data["daily"].update(json.loads(json.dumps(ADDED)))
    for day, columns in changes.items():
        for column, value in columns.items():
            data["daily"][column][DAYS.index(day)] = value
    json.dump(data, open(path, "w"), separators=(",", ":"))
