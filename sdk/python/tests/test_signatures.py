import hashlib
import hmac
import time
import unittest

from sightline import verify_signature

from .support import CASES


class SignatureConformance(unittest.TestCase):
    def test_every_shared_case(self) -> None:
        for case in CASES["signatures"]:
            with self.subTest(case["name"]):
                tolerance = case.get("toleranceSeconds", 300)
                self.assertIs(verify_signature(case["secret"], case["timestamp"], case["body"], case["signature"], tolerance_seconds=tolerance, now=case["now"]), case["valid"])

    def test_bytes_body_and_integer_timestamp_and_the_current_clock(self) -> None:
        now = int(time.time())
        body = '{"q":"héllo"}'.encode("utf-8")
        signature = hmac.new(b"s3cret", f"{now}.".encode() + body, hashlib.sha256).hexdigest()

        self.assertTrue(verify_signature("s3cret", now, body, signature))
        self.assertTrue(verify_signature("s3cret", str(now), body.decode("utf-8"), signature))
        self.assertFalse(verify_signature("s3cret", now - 301, body, signature))
        self.assertFalse(verify_signature("s3cret", None, body, signature))
        self.assertFalse(verify_signature("s3cret", now, body, "é" + signature[1:]))
