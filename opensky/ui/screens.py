"""Screens open one another by name.

The title opens New game, New game opens the game, the game's menu goes back
to the title, the results offer a new game…: if each screen imported the
next, every screen module would depend on every other (an import cycle).
Instead a screen asks for the next one here by name, and only this table
knows where each lives (Tuxemon's state manager does the same with state
names).  The modules are imported when a screen is first opened.
"""
from __future__ import annotations

import importlib
from typing import Any

#: name → (module, class)
SCREENS: dict[str, tuple[str, str]] = {
    "title": ("opensky.ui.scenes.title", "TitleScene"),
    "new_game": ("opensky.ui.scenes.newgame", "NewGameScene"),
    "game": ("opensky.ui.game.scene", "GameScene"),
    "game_menu": ("opensky.ui.game.menu", "GameMenu"),
    "results": ("opensky.ui.scenes.results", "ResultsScene"),
    "replay": ("opensky.ui.scenes.replay", "ReplayScene"),
    "load": ("opensky.ui.scenes.saves", "LoadScene"),
    "save": ("opensky.ui.scenes.saves", "SaveDialog"),
    "rules": ("opensky.ui.scenes.rules", "RulesScene"),
    "settings": ("opensky.ui.scenes.settings", "SettingsScene"),
    "puzzles": ("opensky.ui.scenes.puzzles", "PuzzleListScene"),
    "learn": ("opensky.ui.scenes.learn", "LearnScene"),
    # Blue Skies
    "bs_game": ("opensky.ui.bsgame.scene", "BSGameScene"),
    "bs_results": ("opensky.ui.scenes.bsresults", "BSResultsScene"),
    "bs_replay": ("opensky.ui.bsgame.replay", "BSReplayScene"),
    # online play
    "host_lobby": ("opensky.ui.online.lobby", "HostLobbyScene"),
    "join": ("opensky.ui.online.join", "JoinScene"),
    "online_game": ("opensky.ui.online.scenes", "OnlineGameScene"),
    "online_bs_game": ("opensky.ui.online.scenes", "OnlineBSGameScene"),
    "online_menu": ("opensky.ui.online.menu", "OnlineMenu"),
}


def screen(name: str) -> Any:
    """The scene class called ``name`` (a key of ``SCREENS``)."""
    module, cls = SCREENS[name]
    return getattr(importlib.import_module(module), cls)
