"""The model solutions: files the course's checks load, not tests to collect."""

collect_ignore_glob = ["*.py"]
