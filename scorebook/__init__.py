"""scorebook: scorekeeping, box scores and statistics for tabletop dice-baseball.

Stages, one direction: `notation` (parse) -> `engine` (+ `games` rules) -> facts -> `reports`.
"""

__version__ = "0.1.0"
