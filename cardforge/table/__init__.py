"""Table score sheets: a persistent, crash-safe scorekeeper for the five games.

- ``events``      the typed events of a match's log (created, round recorded, undone)
- ``store``       the SQLite append-only log (WAL, one transaction per entry)
- ``standings``   standings recomputed from the log (a pure function of the events)
- ``adapters``    one per game: table syntax → the engine's scoring, end of match, tie-breaks
- ``scorekeeper`` the table's operations (new match, record a round, undo, resume)
- ``cells``       how a pad writes its figures (``−3``, ``+5``, ``2/1``)
- ``display``     the standings as a rich table and a status line
- ``export``      CSV and the printable score-sheet PDF
- ``pad_targets`` the builder of the blank printable score pads for ``cardforge build``
"""
