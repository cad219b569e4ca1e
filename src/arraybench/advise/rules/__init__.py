"""The rules: their codes, messages and rewrites (catalog), lint's walk and one module per family
of codes (walk, elements, shape, building, device, copies, timing, settings, joined in linter),
and profile's confirmation of lint's findings by a run (confirm)."""
