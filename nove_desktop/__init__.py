"""nove-desktop: five card games at an animated table."""

__version__ = "0.1.0"
