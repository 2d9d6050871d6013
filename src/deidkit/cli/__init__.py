"""The ``deidkit`` command line: thin commands over pure functions."""
