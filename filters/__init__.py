"""The Pandoc filter face: verifies while pandoc builds and rewrites citations."""
