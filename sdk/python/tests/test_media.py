"""Media uploads against a running service (docs/media.md, "From our SDKs")."""

import base64
import hashlib
import json
import os
import unittest
import urllib.request
import uuid

from sightline import Sightline, SightlineError, attach_media

from .support import needs_service


@needs_service
class AttachMedia(unittest.TestCase):
    def test_uploads_bytes_and_the_token_reads_them_back(self) -> None:
        sl = Sightline()
        data = os.urandom(700)
        token = attach_media(sl, data, "image/png", trace_id=str(uuid.uuid4()), field="input")
        media_id = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).decode("ascii")[:22]
        self.assertEqual(token, f"@@@langfuseMedia:type=image/png|id={media_id}|source=bytes@@@")
        view = sl._transport.request("GET", f"/v1/media/{media_id}")
        with urllib.request.urlopen(view["url"]) as res:
            self.assertEqual(res.read(), data)
        # The same bytes again: linked, not sent again.
        self.assertEqual(attach_media(sl, data, "image/png", trace_id=str(uuid.uuid4()), field="output"), token)

    def test_a_type_outside_the_allow_list_is_refused(self) -> None:
        sl = Sightline()
        with self.assertRaises(SightlineError) as caught:
            attach_media(sl, b"#!/bin/sh", "application/x-sh", trace_id=str(uuid.uuid4()))
        self.assertEqual((caught.exception.status, caught.exception.code), (400, "invalid_input"))
        self.assertIn("Content type 'application/x-sh' is not allowed for media", str(caught.exception))
