"""Stage 3: the store. Table models live here (`schema.py`); the engine never imports them."""
