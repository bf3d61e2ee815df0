"""``python -m pirate_rules``: the command line."""

import sys

from pirate_rules.cli import main

sys.exit(main())
