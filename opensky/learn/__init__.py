"""Learning by playing: the tutorials (a scripted game with words) and the
rule puzzles (short positions answered by the engine's own evaluation).
Pure: no pygame; files are read through ``opensky.userfile``."""
