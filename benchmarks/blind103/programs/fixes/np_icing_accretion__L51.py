# ruff: noqa
"""Rime-ice accretion on the blades of a wind farm during a winter week: hub-height weather
(temperature, liquid water content, wind speed) is synthesised per turbine, ice load follows a
first-order accretion/shedding model, and the icing power loss and alarm hours are summarised
for each turbine and for the farm."""
from dataclasses import dataclass, field

import numpy as np
from scipy import signal

MINUTES = 7 * 24 * 60
DT_MIN = 1.0
# blade sections (root to tip): share of the blade's ice mass, collection efficiency
SECTIONS = [(0.08, 0.45), (0.12, 0.6), (0.16, 0.8), (0.2, 0.95), (0.22, 1.1), (0.22, 1.3)]


@dataclass
class IcingModel:
    collection: float = 0.09    # kg per (g/m^3) per minute at rated speed
    shedding: float = 0.0009    # fraction of ice shed per minute
    alarm_kg: float = 2.5
    limits: np.ndarray = field(default_factory=lambda: np.array([-12.0, -1.0, 0.05, 0.6]))


@dataclass
class Turbine:
    name: str
    hub_m: float
    rated_kw: float
    model: IcingModel

    def weather(self, rng):
        t = np.arange(MINUTES) / 60.0
        temp = -4.0 + 5.0 * np.sin(2 * np.pi * (t - 9.0) / 24.0) + rng.normal(0, 1.2, MINUTES)
        temp -= 0.0065 * (self.hub_m - 80.0)
        lwc = np.clip(rng.gamma(0.6, 0.12, MINUTES) - 0.03, 0.0, None)
        raw_wind = 8.0 + 3.0 * np.sin(2 * np.pi * t / 31.0) + rng.normal(0, 2.0, MINUTES)
        b, a = signal.butter(2, 0.02)
        wind = np.clip(signal.filtfilt(b, a, raw_wind), 0.0, 25.0)
        return temp, lwc, wind

    def icing_rate(self, temp, lwc, wind):
        lo, hi, lwc_min, lwc_max = self.model.limits.copy()
        freezing = (temp > lo) & (temp < hi) & (lwc > lwc_min)
        return np.where(freezing, np.minimum(lwc, lwc_max) * wind / 12.0, 0.0)

    def ice_load(self, rate):
        keep = 1.0 - self.model.shedding * DT_MIN
        gain = self.model.collection * DT_MIN
        return signal.lfilter([gain], [1.0, -keep], rate)


def power_curve(wind, rated_kw):
    frac = np.clip((wind - 3.0) / (12.0 - 3.0), 0.0, 1.0) ** 3
    return np.where(wind < 25.0, rated_kw * frac, 0.0)


def summarise(turbine, rng):
    temp, lwc, wind = turbine.weather(rng)
    rate = turbine.icing_rate(temp, lwc, wind)
    ice = np.zeros_like(rate)
    for weight, efficiency in SECTIONS:
        section_rate = rate * efficiency
        ice += weight * turbine.ice_load(section_rate)
    clean = power_curve(wind, turbine.rated_kw)
    derate = 1.0 / (1.0 + 0.18 * ice)
    lost_kwh = float(((clean - clean * derate) * DT_MIN / 60.0).sum())
    alarm_hours = float((ice > turbine.model.alarm_kg).sum()) / 60.0
    return lost_kwh, alarm_hours, float(ice.max())


rng = np.random.default_rng(2024)
model = IcingModel()
farm = [Turbine(f"WTG-{i:02d}", 80.0 + 5.0 * (i % 5), 3300.0, model) for i in range(24)]
total_lost = 0.0
total_alarm = 0.0
peak = 0.0
for turbine in farm:
    lost, alarm, top = summarise(turbine, rng)
    total_lost += lost
    total_alarm += alarm
    peak = max(peak, top)
    print(f"{turbine.name}: lost {lost:9.1f} kWh, alarm {alarm:6.1f} h, peak ice {top:6.2f} kg")
print(f"farm: lost {total_lost:.1f} kWh, alarm {total_alarm:.1f} h")
print(f"result: {total_lost + total_alarm + peak:.10e}")
