"""The package's PEP 517 build backend: standard library only, so ``pip install <this directory>`` works offline.

pip builds a project in an isolated environment holding the backend the project names; for setuptools that means
downloading it from PyPI (a fresh virtual environment on Python 3.12 or later has no setuptools, and none has the
``wheel`` package that older setuptools need). This backend needs nothing: it reads the ``[project]`` table of
pyproject.toml and zips ``sightline/`` into a pure-Python wheel (README.md, "Install").
"""

import base64
import hashlib
import io
import json
import os
import re
import tarfile
import zipfile

ROOT = os.path.dirname(os.path.abspath(__file__))
PACKAGE = "sightline"


def _project():
    """The ``[project]`` table's keys this project uses: one-line strings and one-line string arrays."""
    with open(os.path.join(ROOT, "pyproject.toml"), encoding="utf-8") as f:
        table = re.search(r"^\[project\]\n(.*?)(?=^\[|\Z)", f.read(), re.M | re.S)
    fields = {}
    for key, value in re.findall(r'^([\w-]+)\s*=\s*(".*"|\[.*\])\s*$', table.group(1) if table else "", re.M):
        fields[key] = json.loads(value)  # a one-line TOML basic string or string array reads as JSON
    return fields


def _metadata():
    p = _project()
    lines = ["Metadata-Version: 2.1", "Name: " + p["name"], "Version: " + p["version"], "Summary: " + p.get("description", "")]
    if "requires-python" in p:
        lines.append("Requires-Python: " + p["requires-python"])
    lines += ["Classifier: " + c for c in p.get("classifiers", [])]
    readme = ""
    if "readme" in p:
        lines.append("Description-Content-Type: text/markdown")
        with open(os.path.join(ROOT, p["readme"]), encoding="utf-8") as f:
            readme = f.read()
    return p["name"], p["version"], "\n".join(lines) + "\n\n" + readme


def _package_files():
    for directory, subdirectories, files in os.walk(os.path.join(ROOT, PACKAGE)):
        subdirectories[:] = sorted(d for d in subdirectories if d != "__pycache__")
        for name in sorted(files):
            if not name.endswith((".pyc", ".pyo")):
                path = os.path.join(directory, name)
                yield os.path.relpath(path, ROOT).replace(os.sep, "/"), path


def _wheel(wheel_directory, contents):
    """Writes a py3-none-any wheel of ``contents`` (archive name -> bytes) plus its dist-info; returns its file name."""
    name, version, metadata = _metadata()
    dist_info = "{}-{}.dist-info".format(name, version)
    contents = dict(contents)
    contents[dist_info + "/METADATA"] = metadata.encode("utf-8")
    contents[dist_info + "/WHEEL"] = b"Wheel-Version: 1.0\nGenerator: sightline build_backend\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    record = []
    for path, data in contents.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode("ascii")
        record.append("{},sha256={},{}".format(path, digest, len(data)))
    record.append(dist_info + "/RECORD,,")
    contents[dist_info + "/RECORD"] = ("\n".join(record) + "\n").encode("utf-8")
    filename = "{}-{}-py3-none-any.whl".format(name, version)
    with zipfile.ZipFile(os.path.join(wheel_directory, filename), "w", zipfile.ZIP_DEFLATED) as wheel:
        for path, data in contents.items():
            wheel.writestr(zipfile.ZipInfo(path, date_time=(1980, 1, 1, 0, 0, 0)), data)
    return filename


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    files = {}
    for archive_name, path in _package_files():
        with open(path, "rb") as f:
            files[archive_name] = f.read()
    return _wheel(wheel_directory, files)


def build_editable(wheel_directory, config_settings=None, metadata_directory=None):
    """``pip install -e``: a wheel whose .pth file puts this directory on the path, so edits apply at once (PEP 660)."""
    return _wheel(wheel_directory, {PACKAGE + ".pth": (ROOT + "\n").encode("utf-8")})


def build_sdist(sdist_directory, config_settings=None):
    name, version, metadata = _metadata()
    base = "{}-{}".format(name, version)
    filename = base + ".tar.gz"
    sources = [("pyproject.toml", os.path.join(ROOT, "pyproject.toml")), ("build_backend.py", os.path.join(ROOT, "build_backend.py")), ("README.md", os.path.join(ROOT, "README.md"))]
    with tarfile.open(os.path.join(sdist_directory, filename), "w:gz", format=tarfile.PAX_FORMAT) as sdist:
        for archive_name, path in sources + list(_package_files()):
            sdist.add(path, arcname=base + "/" + archive_name)
        info = tarfile.TarInfo(base + "/PKG-INFO")
        data = metadata.encode("utf-8")
        info.size = len(data)
        sdist.addfile(info, io.BytesIO(data))
    return filename
