"""The referee: rulings for a physical table, explained step by step with the rule IDs applied.

Each game has a module here (``cardforge.referee.tricks`` …) holding a typer sub-app named
``app``; the CLI mounts it as ``cardforge referee GAME …``.  Every command builds a
``Verdict`` (``cardforge.referee.verdict``) and hands it to ``emit``.
"""
