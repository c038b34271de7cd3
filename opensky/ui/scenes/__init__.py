"""The scenes: title, new game, game, rules, settings."""
