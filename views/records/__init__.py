"""Finished games: results and statistics, the archive (backup, CSV) and BG Stats."""
