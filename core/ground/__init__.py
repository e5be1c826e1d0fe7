"""Groundedness: does the cited work support the sentence that cites it."""
