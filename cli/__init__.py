"""cite-sentinel: catch fabricated and miscited references."""

__version__ = "0.1.0"
