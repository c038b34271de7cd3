"""Fuzz tier (issue 13): seeded mutations of every file a player can touch,
fed through the entry points a player uses.

``mutate`` damages bytes and structures, ``cases`` builds one case (files in a
folder) from ``(kind, seed)``, ``entries`` runs a case and checks it, and
``worker`` runs cases in a separate process so a hang or a memory bomb cannot
freeze the test run.  ``bench/fuzz_files.py`` reuses all of it for thousands
of cases.
"""
