"""Report renderers, one per output format."""
