"""The MCP server face: AI assistants verify references before they write them."""
