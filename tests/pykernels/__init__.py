"""Kernel modules written as a user would, read by tests/test_pyfront.py."""
