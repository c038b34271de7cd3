"""The pygame-ce application: scenes, widgets, board rendering, tweens.

Nothing outside ``opensky.ui`` imports it.  The UI never changes the game
state itself: every decision goes through the rules engine's legal actions.
"""
