"""Sweeps (``hbcast sweep``): a scenario's grid of points, each run in a process of its own."""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from dataclasses import dataclass
from typing import Any, Mapping, Optional, Tuple, Union

from . import _hbcast
from ._results import Results, read_results

PathLike = Union[str, "os.PathLike[str]"]
Scenario = Union[PathLike, Mapping[str, Any]]

# Where a scenario given as a dict "lives": relative platform files resolve against the working
# directory, and errors name it.
DICT_SOURCE = "scenario (dict)"


@dataclass(frozen=True)
class ScenarioInfo:
    """A checked scenario: its name, fingerprint (recorded in every row), point count and schedulers."""

    name: str
    path: str
    fingerprint: str
    points: int
    schedulers: Tuple[str, ...]


def _yaml_scalar(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    return json.dumps(str(value))  # a JSON string is a YAML double-quoted scalar


def _yaml_lines(value: Any, indent: str) -> list:
    lines = []
    if isinstance(value, Mapping):
        for key, item in value.items():
            if isinstance(item, Mapping) and item:
                lines.append(f"{indent}{_yaml_scalar(str(key))}:")
                lines.extend(_yaml_lines(item, indent + "  "))
            else:
                lines.append(f"{indent}{_yaml_scalar(str(key))}: {_yaml_flow(item)}")
    return lines


def _yaml_flow(value: Any) -> str:
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{_yaml_scalar(str(k))}: {_yaml_flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_yaml_flow(item) for item in value) + "]"
    return _yaml_scalar(value)


def scenario_yaml(scenario: Mapping[str, Any]) -> str:
    """A scenario dict as the YAML of a scenario file, one top-level key per line."""
    if not isinstance(scenario, Mapping):
        raise _hbcast.ScenarioError(f"{DICT_SOURCE}: a scenario is a mapping of keys to values")
    content = dict(scenario)
    content.setdefault("name", "scenario")
    return "\n".join(_yaml_lines(content, "")) + "\n"


def _source(scenario: Scenario) -> Tuple[str, Optional[str]]:
    if isinstance(scenario, Mapping):
        return DICT_SOURCE, scenario_yaml(scenario)
    return os.fspath(scenario), None


def load_scenario(scenario: Scenario) -> ScenarioInfo:
    """Reads and checks a scenario (a file, or a dict with a scenario file's keys); raises
    ScenarioError naming the key, its line and the problem."""
    path, text = _source(scenario)
    info = json.loads(_hbcast.load_scenario(path, text))
    return ScenarioInfo(info["name"], info["path"], info["fingerprint"], info["points"], tuple(info["schedulers"]))


def sweep(scenario: Scenario, *, output: Optional[PathLike] = None, jobs: int = 1, format: str = "csv",
          resume: bool = False, shard: str = "0/1") -> Results:
    """Runs a sweep as ``hbcast sweep`` does: every point of the scenario (a YAML file, or a dict
    with its keys, see scenarios/example.yaml) in a process of its own, ``jobs`` at a time, each row
    written to the results file as it completes.

    Args:
        output: the results file; refused if it exists unless ``resume`` (then its missing points
            run). None: a temporary file, removed once read.
        jobs: points run at once (``-j``).
        format: ``"csv"`` or ``"jsonl"``.
        shard: ``"I/N"``: only the points whose id is I modulo N.

    Returns the rows (``read_results`` of the file). A point that fails or times out is a row with
    its status; KeyboardInterrupt (Ctrl-C) kills the workers and leaves the file resumable.
    """
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
        raise _hbcast.OptionError(f"jobs: must be a whole number >= 1, not '{jobs}'")
    if format not in ("csv", "jsonl"):
        raise _hbcast.OptionError(f"format: {format} not in {{csv,jsonl}}")
    path, text = _source(scenario)
    scratch = None
    if output is None:
        scratch = tempfile.mkdtemp(prefix="hbcast-sweep-")
        target = os.path.join(scratch, f"results.{format}")
    else:
        target = os.fspath(output)
    try:
        summary = json.loads(_hbcast.sweep(path, text, target, format, jobs, shard, resume))
        results = read_results(target)
        results.report = summary
        if scratch is not None:
            results.source = None
        return results
    finally:
        if scratch is not None:
            shutil.rmtree(scratch, ignore_errors=True)
