import unittest

from sightline import compile_prompt
from sightline.compile import to_text

from .support import CASES


class CompileConformance(unittest.TestCase):
    def test_every_shared_case(self) -> None:
        for case in CASES["compile"]:
            with self.subTest(case["name"]):
                self.assertEqual(compile_prompt(case["content"], case["variables"], case["placeholders"]), case["expected"])

    def test_numbers_print_as_javascript_does(self) -> None:
        cases = {3.0: "3", 3.5: "3.5", 0.1 + 0.2: "0.30000000000000004", 1e21: "1e+21", 1e20: "100000000000000000000", 1.5e-7: "1.5e-7", 0.000001: "0.000001", -2.5: "-2.5", -0.0: "0", float("inf"): "Infinity", float("nan"): "NaN", 123456789012345680000.0: "123456789012345680000"}
        for value, text in cases.items():
            with self.subTest(value):
                self.assertEqual(to_text(value), text)
        self.assertEqual(to_text(True), "true")
        self.assertEqual(to_text(False), "false")
        self.assertEqual(to_text(42), "42")

    def test_leaves_the_inputs_unchanged(self) -> None:
        content = [{"role": "user", "content": "{{x}}"}, {"type": "placeholder", "name": "h"}]
        compile_prompt(content, {"x": "1"}, {"h": [{"role": "assistant", "content": "{{x}}"}]})
        self.assertEqual(content, [{"role": "user", "content": "{{x}}"}, {"type": "placeholder", "name": "h"}])
