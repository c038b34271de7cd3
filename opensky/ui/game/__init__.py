"""The game screen, in rooms (see ``opensky.ui.game.scene``).

``GameScene`` and ``GameMenu`` are imported from ``opensky.ui.scenes.game``
as before; the modules here are imported on their own so that this package
stays cheap to import.
"""
