import sys

from portal_stack.supervisor import main

sys.exit(main())
