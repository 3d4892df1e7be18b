"""The package version, in one place that every module may import."""

__version__ = "0.1.0"
