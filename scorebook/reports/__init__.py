"""Stage 3: what people read, rendered from facts: box scores, play-by-play, tables."""
