# ruff: noqa
"""Solar salt works: a season of hourly weather drives the brine in a chain of evaporation pans.
Inflow from the feed canal is buffered by the pans' sluices, water evaporates with sun, wind and
humidity, the brine concentrates, and once it passes saturation salt crystallises on the pan
floor. The season's harvest per pan is reported at the end."""
from dataclasses import dataclass

import numpy as np

HOURS = 24 * 365
SATURATION_G_L = 317.0


@dataclass
class Weather:
    sun: np.ndarray
    wind: np.ndarray
    humidity: np.ndarray
    canal: np.ndarray


@dataclass
class Pan:
    name: str
    area_m2: float
    sluice: float  # share of the canal's flow let through the pan's sluice
    depth_m: float = 0.25
    salinity: float = 35.0
    harvest_kg: float = 0.0


class SaltWorks:
    def __init__(self, pans, weather, survey_points):
        self.pans = pans
        self.weather = weather
        self.survey_points = survey_points

    @staticmethod
    def metered_volume(canal, sluice, start):
        vol = np.empty_like(canal)
        vol[0] = start + sluice * canal[0]
        for i in range(1, len(canal)):
            vol[i] = vol[i - 1] + sluice * canal[i]
        return vol

    def evaporation(self):
        w = self.weather
        return 2.1e-4 * w.sun * (1.0 + 0.3 * w.wind) * (1.0 - 0.8 * w.humidity)

    def inflows(self):
        for pan in self.pans:
            meter = self.metered_volume(self.weather.canal, pan.sluice, start=0.0)
            yield pan, np.diff(meter, prepend=0.0)

    def run(self):
        evap = self.evaporation()
        for pan, inflow in self.inflows():
            survey = self.survey_points
            depth, salt_mass = pan.depth_m, pan.depth_m * pan.salinity
            for day in range(HOURS // 24):
                hrs = slice(day * 24, day * 24 + 24)
                gain = inflow[hrs] / pan.area_m2
                loss = evap[hrs]
                depth = max(depth + float(gain.sum() - loss.sum()), 0.02)
                salt_mass += float(gain.sum()) * 35.0
                conc = salt_mass / depth
                if conc > SATURATION_G_L:
                    excess = (conc - SATURATION_G_L) * depth
                    pan.harvest_kg += excess * pan.area_m2 / 1000.0
                    salt_mass -= excess
            pan.depth_m, pan.salinity = depth, salt_mass / depth
            survey = survey * pan.depth_m
            pan.harvest_kg += float(survey.mean()) * 1e-3
        return self.pans


def make_weather(rng):
    t = np.arange(HOURS)
    day = (t % 24) / 24.0
    sun = np.clip(np.sin(np.pi * (day - 0.25) / 0.5), 0.0, None) * rng.uniform(0.6, 1.0, HOURS)
    wind = np.abs(rng.normal(3.0, 1.5, HOURS))
    humidity = np.clip(0.55 + 0.2 * np.cos(2 * np.pi * day) + rng.normal(0, 0.05, HOURS), 0.1, 0.95)
    canal = np.abs(rng.normal(0.9, 0.4, HOURS)) * (rng.uniform(size=HOURS) < 0.3)
    return Weather(sun, wind, humidity, canal)


rng = np.random.default_rng(2024)
weather = make_weather(rng)
pans = [Pan(f"pan-{i:02d}", area_m2=rng.uniform(800, 2400), sluice=rng.uniform(0.02, 0.2))
        for i in range(200)]
works = SaltWorks(pans, weather, survey_points=np.linspace(0.9, 1.1, 12))
works.run()
harvest = np.array([p.harvest_kg for p in pans])
best = int(np.argmax(harvest))
print(f"season harvest {harvest.sum():.1f} kg, best {pans[best].name} {harvest[best]:.1f} kg")
checksum = harvest.sum() + sum(p.salinity for p in pans)
print(f"result: {checksum:.10e}")
