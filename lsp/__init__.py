"""The language server face: diagnostics, hovers and quick fixes while writing."""
