"""Game simulation: random games that follow the rules."""
