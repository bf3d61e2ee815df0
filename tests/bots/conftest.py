"""The faulty bots used by tests/test_bot_faults.py: files to load, not tests to collect."""

collect_ignore_glob = ["*.py"]
