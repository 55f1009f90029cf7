"""Helpers shared by the benchmark scorers (compare.py, fit_compare.py)."""

import json


def load(path):
    """The JSON document at `path`, or None when it is missing or not JSON (a failed case)."""
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None
