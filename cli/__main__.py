"""`python -m cite_sentinel` runs the command line."""

import sys

from cite_sentinel.main import main

sys.exit(main())
