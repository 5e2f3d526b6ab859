"""Building, caching and launching what the writers wrote (the C launch extension included)."""
