"""Rendering of in-text citations and reference lists: numbered, HTML, APA 7."""
