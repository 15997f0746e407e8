"""The engine's version: saves and the page name it."""

__version__ = "0.1.0"
