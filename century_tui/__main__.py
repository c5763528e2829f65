import sys

from century_tui.cli import main

sys.exit(main())
