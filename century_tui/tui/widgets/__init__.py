"""The board's widgets, grouped by area."""
