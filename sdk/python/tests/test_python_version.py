import ast
import unittest
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


class SupportedPythons(unittest.TestCase):
    def test_every_module_parses_as_python_3_9(self) -> None:
        # The package promises Python >= 3.9; CI may run a newer one, so the grammar is checked here.
        for path in sorted([*ROOT.glob("sightline/*.py"), *ROOT.glob("tests/*.py"), ROOT / "bench.py", ROOT / "build_backend.py"]):
            if not path.exists():
                continue
            with self.subTest(path.name):
                ast.parse(path.read_text("utf-8"), filename=str(path), feature_version=(3, 9))
