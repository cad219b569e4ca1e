# ruff: noqa
"""Steady-state sweep of a synchronous buck converter over duty cycles: ideal PWM switch-node
voltage, inductor current integrated from the inductor voltage, conduction and ripple losses,
and the efficiency at each operating point."""
import numpy as np
from functools import partial

V_IN, L, R_LOAD, R_DS = 24.0, 22e-6, 2.0, 0.015
F_SW, DT = 200e3, 2e-8


def switch_node(duty, n_periods):
    n = int(round(n_periods / (F_SW * DT)))
    t = np.arange(n) * DT
    phase = (t * F_SW) % 1.0
    return np.where(phase < duty, V_IN, 0.0)


def integrate_current(v_l, dt, inductance, i0):
    steps = v_l * dt / inductance
    steps[0] = i0
    i_l = np.cumsum(steps)
    return i_l


def operating_point(duty, n_periods):
    v_sw = switch_node(duty, n_periods)
    v_out = duty * V_IN
    i_avg = v_out / R_LOAD
    v_l = v_sw - v_out
    v_l = v_l - v_l.mean()
    i_l = integrate_current(v_l, DT, L, i_avg)
    i_l += i_avg - i_l.mean()
    p_out = v_out * i_avg
    p_cond = R_DS * np.mean(i_l**2)
    ripple = i_l.max() - i_l.min()
    return p_out / (p_out + p_cond), ripple


duties = np.linspace(0.15, 0.85, 16)
results = list(map(partial(operating_point, n_periods=2400), duties))
best = 0.0
for eff, ripple in results:
    if eff > best:
        best = eff
eff = np.array([r[0] for r in results])
rip = np.array([r[1] for r in results])
print(f"peak efficiency {best:.6f}, max ripple {rip.max():.4f} A")
print(f"result: {eff.sum() + rip.sum():.10e}")
