"""The SDK's identity, sent with every ingest batch so the service can list the builds in use."""

SDK_NAME = "sightline-python"
__version__ = "0.1.0"
