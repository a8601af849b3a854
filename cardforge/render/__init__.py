"""Card rendering: one drawing of each card face, printed many ways.

Modules, one concept each:

- ``fonts``    the bundled DejaVu TrueType fonts, registered and embedded (no Helvetica);
- ``pdf``      a reproducible reportlab canvas (``invariant=1``) written atomically;
- ``colours``  the deck's ``#RRGGBB`` colours as RGB or CMYK reportlab colours;
- ``symbols``  family shapes (circle, triangle, …) and action-card icons as vector paths;
- ``textfit``  effect texts auto-fitted to a box, or an error naming the card;
- ``faces``    one card front or back, drawn from the deck's style section;
- ``boxdeck``  the whole-family box as a deck the renderer can draw;
- ``sheets``   N-up home sheets with bleed, crop marks, mirrored duplex backs, calibration page;
- ``pod``      print-on-demand vendor profiles (TrimBox/BleedBox, CMYK, interleaving);
- ``png``      per-card PNGs and a contact sheet, rasterised from the same PDF drawing;
- ``tts``      Tabletop Simulator deck sheets;
- ``build``    every deck and the box in every format (``make``).
"""
