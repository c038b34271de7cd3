"""Fuzz tier (issue 13): seeded mutations of every file a player can touch,
fed through the entry points a player uses.

``mutate`` damages bytes and structures, ``cases`` builds one case (files in a
folder) from ``(kind, seed)``, ``entries`` runs a case and checks it, and
``worker`` runs cases in a separate process so a hang or a memory bomb cannot
freeze the test run.  The online table store (SQLite, kind ``tables``) has
its own two: ``tables`` builds and damages it, ``tablecheck`` runs the window
and ``serve`` over it and says what may become of it.
``bench/fuzz_files.py`` reuses all of it for thousands of cases.
"""
