"""Editor support: canonical formatting, syntax colouring and the language server."""
