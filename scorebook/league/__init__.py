"""Leagues: their definition (TOML), schedules, standings with tiebreakers, and playoffs.
Pure computations over results the store hands over; nothing here reads a database."""
