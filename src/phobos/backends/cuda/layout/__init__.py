"""Where each element lives: the placement types, the row groups and the register plan."""
