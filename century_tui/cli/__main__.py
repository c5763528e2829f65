"""`python -m century_tui.cli`: the `century` command."""

import sys

from century_tui.cli import main

sys.exit(main())
