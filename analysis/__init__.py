"""The analysis pages: simulations of both games, their charts and their pages.

``python -m analysis`` (``make analysis``) plays the games (`analysis.sim`), counts what
each study needs (`analysis.marvin`, `analysis.pirate`), saves the counts as JSON, and
renders the pages from ``analysis/templates`` and the SVG charts (`analysis.charts`)
from that JSON alone (`analysis.build`, `analysis.pages`).
"""
