"""The server's tools, one module each: convert the arguments, ask core, convert the answer."""
