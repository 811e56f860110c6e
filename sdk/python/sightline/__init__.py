"""Sightline's Python SDK. Start with ``Sightline()`` (reads ``SIGHTLINE_*``); see README.md."""

from .client import Sightline
from .compile import compile_prompt
from .datasets import parse_trigger
from .errors import IngestProblem, SightlineError, UnreachableError
from .media import attach_media
from .observations import Generation, Span, Trace
from .prompts import Prompt
from .signatures import SIGNATURE_HEADER, TIMESTAMP_HEADER, verify_signature
from .version import SDK_NAME, __version__

__all__ = [
    "Sightline",
    "compile_prompt",
    "verify_signature",
    "parse_trigger",
    "attach_media",
    "Prompt",
    "Trace",
    "Span",
    "Generation",
    "SightlineError",
    "UnreachableError",
    "IngestProblem",
    "SIGNATURE_HEADER",
    "TIMESTAMP_HEADER",
    "SDK_NAME",
    "__version__",
]
