"""The measurement engine: clocks, the timer (calibration, warm-up, stopping), the runner."""
