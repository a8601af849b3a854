"""Rulebook PDFs in French and English, one per game, from the project's single sources.

The pipeline, one module per step (see ``docs/rulebook.md``)::

    context    the game's data in one language: rule catalogue, deck, engine examples
    templates  jinja2 (sandboxed, StrictUndefined) renders templates/rulebook/<game>.j2
    markup     the rendered block language, checked, with typography (``typography``) applied
    story      markup → platypus flowables; card art via ``flowables.CardStrip``
    layout     cover, table of contents, running headers, page numbers (``styles``: paper, type)
    build      ``build_rulebook`` / ``build_all_rulebooks``: atomic PDF files
    examples   worked examples and reference tables computed by the engines

The layout modules import reportlab at module level; the CLI imports them only when
``cardforge rulebook`` (or ``cardforge build``) runs, so ``--help`` and the referee stay fast.
"""
