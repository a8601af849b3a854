"""The table companion: ``cardforge serve``, a phone-sized web page over the table store.

A face, like ``cardforge/cli``: no rule logic here.  Pages read the same score sheets
(``cardforge.table``), the same referee verdicts (``cardforge.referee``) and the same live
positions (``cardforge.live``) as the CLI, and render them as HTML.

- ``app``       the Starlette application (routes, templates, errors as one line)
- ``pages``     what each page shows: standings, entry forms and verdicts as template data
- ``guard``     the join code: on a LAN, writes without it are refused
- ``i18n``      the page's own words in French and English, and the language chosen
- ``pictures``  card pictures drawn by the card renderer, cached on disk as PNG
- ``serve``     start uvicorn, print the URL (and a QR code for phones on the LAN)
"""
