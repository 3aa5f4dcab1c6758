"""``kahvehane play``: placeholder replaced below."""
