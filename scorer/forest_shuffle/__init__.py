"""Forest Shuffle: card catalogue (``catalog.load_catalog``) and, later, forest scoring."""
