"""``python -m treeviz``: the command line."""

import sys

from treeviz.cli.main import main

sys.exit(main())
