"""Finding and reading result files: paths given by the user -> normalised runs.

Folders are searched recursively because a sweep or a multi-driver run may write into
sub-folders. Inside a folder a JSON file that is not a result (a workload dumped as JSON,
a package.json) is skipped with a warning; a file named explicitly must be a result.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Callable, Iterable

from .errors import UserError
from .runs import Run

# The OMB TestResult fields without which nothing can be drawn or compared.
REQUIRED_FIELDS = ("workload", "driver", "publishRate")


def _stderr(message: str) -> None:
    print(message, file=sys.stderr)


class NotAResult(UserError):
    """Valid JSON with none of a result's fields (a suite manifest, a workload dump)."""


def read_result(path: Path) -> Run:
    """Reads one file; raises UserError naming the file when it is not a result."""
    try:
        with path.open("r", encoding="utf-8") as handle:
            raw = json.load(handle)
    except FileNotFoundError:
        raise UserError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise UserError(f"{path}: is a folder, expected a result file") from None
    except UnicodeDecodeError:
        raise UserError(f"{path}: not a result file (not UTF-8 text)") from None
    except json.JSONDecodeError as error:
        raise UserError(f"{path}: not a result file (invalid JSON at line {error.lineno}: {error.msg})") from None
    except OSError as error:
        raise UserError(f"{path}: cannot read ({error.strerror})") from None
    if not isinstance(raw, dict):
        raise UserError(f"{path}: not a result file (the JSON is not an object)")
    missing = [name for name in REQUIRED_FIELDS if name not in raw]
    if len(missing) == len(REQUIRED_FIELDS):
        raise NotAResult(
            f"{path}: not a benchmark result (no {', '.join(repr(m) for m in missing)} field; "
            "expected an OpenMessaging Benchmark or mqbench result JSON)")
    if missing:
        raise UserError(
            f"{path}: not a benchmark result (no {', '.join(repr(m) for m in missing)} field; "
            "expected an OpenMessaging Benchmark or mqbench result JSON)")
    if not isinstance(raw.get("publishRate"), list):
        raise UserError(f"{path}: not a benchmark result ('publishRate' is not a list)")
    try:
        return Run.from_json(raw, path)
    except (TypeError, ValueError) as error:
        raise UserError(f"{path}: malformed result ({error})") from None


# A suite run keeps results of interrupted attempts in superseded/ and writes its report in
# report/: neither holds results of the run itself.
_SKIPPED_FOLDERS = {"superseded", "report"}


def _files_in(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*.json")
                  if p.is_file() and not any(part.startswith(".") or part in _SKIPPED_FOLDERS
                                             for part in p.relative_to(folder).parts[:-1]))


def load_runs(paths: Iterable[str | Path], warn: Callable[[str], None] = _stderr) -> list[Run]:
    """Every result found under `paths`, in the order given (folders: sorted by path)."""
    runs: list[Run] = []
    seen: set[Path] = set()
    given = list(paths)
    if not given:
        raise UserError("no result files or folders given")
    for item in given:
        path = Path(item)
        if not path.exists():
            raise UserError(f"{path}: no such file or folder")
        if path.is_dir():
            candidates = _files_in(path)
            if not candidates:
                raise UserError(f"{path}: no result files (*.json) in this folder")
            found, problems, others = 0, [], []
            for file in candidates:
                if file.resolve() in seen:
                    continue
                try:
                    run = read_result(file)
                except NotAResult as error:
                    # Other JSON beside results (suite.json, a workload) is expected: no warning.
                    others.append(str(error))
                    continue
                except UserError as error:
                    problems.append(str(error))
                    continue
                seen.add(file.resolve())
                runs.append(run)
                found += 1
            if found == 0 and (problems or others):
                first = (problems or others)[0]
                raise UserError(f"{path}: none of its {len(candidates)} .json files is a result ({first})")
            for problem in problems:
                warn(f"skipped {problem}")
        else:
            if path.resolve() in seen:
                continue
            seen.add(path.resolve())
            runs.append(read_result(path))
    if not runs:
        raise UserError("no result files found in " + ", ".join(str(p) for p in given))
    return runs
