"""The pygame-ce table; the only package that imports pygame."""
