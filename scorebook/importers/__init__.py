"""Reading other programs' files into scorebook games."""
