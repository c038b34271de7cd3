"""OpenSky: the digital edition of the airline board game."""

__version__ = "0.1.0"
