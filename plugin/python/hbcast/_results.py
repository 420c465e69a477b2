"""Result records: the rows of ``hbcast simulate --format csv`` and of sweep results files."""

from __future__ import annotations

import json
import math
import os
from typing import Any, Dict, Iterator, List, Mapping, Optional, Sequence, Union, overload

from . import _hbcast

# Columns that hold text even when every value looks like a number (host names may be digits).
TEXT_COLUMNS = frozenset({
    "scheduler", "own_model", "platform", "root", "port", "mode", "optimality", "multicast_method",
    "worst_link", "model", "root_choice", "scheduler_parameters", "network_config", "send_overhead_rule",
    "latest_host", "status", "error", "scenario", "fingerprint", "generator", "platform_file", "simgrid",
    "member_selection", "replay_driver",
})


def _number(text: str) -> Union[int, float, None]:
    try:
        if text.lstrip("+-").isdigit():
            return int(text)
        return float(text)
    except ValueError:
        return None


def typed_rows(columns: Sequence[str], rows: Sequence[Sequence[str]]) -> List[Dict[str, Any]]:
    """Rows of text cells as dicts: empty cells None, a column numbers when every filled cell of it
    is one (ints when all are whole), text otherwise and in TEXT_COLUMNS."""
    numeric = []
    for k, column in enumerate(columns):
        filled = [row[k] for row in rows if row[k] != ""]
        numeric.append(column not in TEXT_COLUMNS and all(_number(cell) is not None for cell in filled))
    typed = []
    for row in rows:
        record: Dict[str, Any] = {}
        for k, column in enumerate(columns):
            cell = row[k]
            if cell == "":
                record[column] = None
            elif numeric[k]:
                record[column] = _number(cell)
            else:
                record[column] = cell
        typed.append(record)
    # A column mixing whole numbers and decimals reads as floats throughout.
    for k, column in enumerate(columns):
        if numeric[k] and any(isinstance(r[column], float) for r in typed):
            for r in typed:
                if isinstance(r[column], int):
                    r[column] = float(r[column])
    return typed


class Record(Mapping[str, Any]):
    """One result row: the CSV's fields by name (``record["simulated_makespan"]`` or
    ``record.simulated_makespan``), in the CSV's column order, numbers as numbers, empty cells None.

    Records of ``simulate`` also carry, when the run gave them:

    - ``tree``: the replayed Tree (or MultiTree), which predicts and simulates again;
    - ``ready_times`` / ``replayed_times``: when each host holds the message, predicted (pairwise)
      and simulated, and ``lateness_by_host``: their difference, host by host (the ``lateness``
      column is its largest value, at ``latest_host``);
    - ``contention``: the contention analysis (the shared links the tree over-subscribes under the
      pairwise timing, and how the replay agreed), as ``hbcast simulate --format json`` has it;
    - ``run``: the run's whole JSON object.
    """

    __slots__ = ("_fields", "tree", "ready_times", "replayed_times", "contention", "run")

    def __init__(self, fields: Mapping[str, Any], *, tree: Any = None, ready_times: Optional[Dict[str, float]] = None,
                 replayed_times: Optional[Dict[str, float]] = None, contention: Optional[Dict[str, Any]] = None,
                 run: Optional[Dict[str, Any]] = None) -> None:
        self._fields = dict(fields)
        self.tree = tree
        self.ready_times = ready_times or {}
        self.replayed_times = replayed_times or {}
        self.contention = contention
        self.run = run

    def __getitem__(self, key: str) -> Any:
        return self._fields[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._fields)

    def __len__(self) -> int:
        return len(self._fields)

    def __getattr__(self, name: str) -> Any:
        try:
            return self._fields[name]
        except KeyError:
            raise AttributeError(f"a record has no field '{name}' (fields: {', '.join(self._fields)})") from None

    def __dir__(self) -> List[str]:
        return sorted(set(super().__dir__()) | set(self._fields))

    def __repr__(self) -> str:
        shown = ", ".join(f"{key}={self._fields[key]!r}" for key in ("scheduler", "status", "simulated_makespan")
                          if key in self._fields)
        return f"<hbcast.Record {shown}>"

    @property
    def ok(self) -> bool:
        """Whether the run gave figures (status "ok")."""
        return self._fields.get("status") == "ok"

    @property
    def lateness_by_host(self) -> Dict[str, float]:
        """Simulated minus predicted (pairwise) time each host holds the message, in seconds."""
        return {host: self.replayed_times[host] - self.ready_times[host]
                for host in self.replayed_times if host in self.ready_times}

    def as_dict(self) -> Dict[str, Any]:
        """The fields as a plain dict (column order kept)."""
        return dict(self._fields)


class Results(Sequence[Record]):
    """Records, as a list (``results[0]``), by scheduler name (``results["fnf"]``), or as a pandas
    DataFrame (``to_pandas()``).

    Attributes:
        columns: the column names, in the CSV's order.
        report: for a simulation, the report's JSON without its runs (platform, hosts, root, size,
            slices, port, network configuration, options...); None for a file.
        messages: what the schedulers wrote on stderr, if anything.
        source: the file the records came from, if any.
    """

    def __init__(self, columns: Sequence[str], records: Sequence[Record], *, report: Optional[Dict[str, Any]] = None,
                 messages: str = "", source: Optional[str] = None) -> None:
        self.columns = list(columns)
        self._records = list(records)
        self.report = report
        self.messages = messages
        self.source = source

    @overload
    def __getitem__(self, key: int) -> Record: ...

    @overload
    def __getitem__(self, key: slice) -> List[Record]: ...

    @overload
    def __getitem__(self, key: str) -> Record: ...

    def __getitem__(self, key: Any) -> Any:
        if isinstance(key, str):
            for record in self._records:
                if record.get("scheduler") == key:
                    return record
            raise KeyError(f"no record of scheduler '{key}' (schedulers: "
                           f"{', '.join(str(r.get('scheduler')) for r in self._records)})")
        return self._records[key]

    def __len__(self) -> int:
        return len(self._records)

    def __repr__(self) -> str:
        names = ", ".join(str(r.get("scheduler")) for r in self._records[:8])
        more = f", ... ({len(self._records)} records)" if len(self._records) > 8 else ""
        return f"<hbcast.Results [{names}{more}]>"

    @property
    def ok(self) -> bool:
        """Whether every record has status "ok"."""
        return all(record.get("status") == "ok" for record in self._records)

    def best(self, column: str = "simulated_makespan", *, largest: bool = False) -> Record:
        """The record with the smallest (``largest=True``: the largest) value of ``column`` among
        those that have one (e.g. ``best("simulated_throughput", largest=True)``)."""
        candidates = [r for r in self._records if isinstance(r.get(column), (int, float)) and not math.isnan(r[column])]
        if not candidates:
            raise _hbcast.Error(f"no record has a value in column '{column}'")
        return (max if largest else min)(candidates, key=lambda record: record[column])

    def _repr_html_(self) -> Optional[str]:
        """A notebook shows the records as a table (through pandas, when installed)."""
        try:
            return self.to_pandas()._repr_html_()
        except ImportError:  # pragma: no cover - depends on the machine
            return None

    def to_dicts(self) -> List[Dict[str, Any]]:
        """Every record as a plain dict."""
        return [record.as_dict() for record in self._records]

    def to_pandas(self) -> Any:
        """The records as a pandas DataFrame, one row each, the columns in the CSV's order
        (Debian: python3-pandas)."""
        try:
            import pandas
        except ImportError as error:  # pragma: no cover - depends on the machine
            raise ImportError("to_pandas() needs pandas (Debian: apt install python3-pandas)") from error
        return pandas.DataFrame.from_records(self.to_dicts(), columns=self.columns)


def _options_for(scheduler: str, options: Mapping[str, Any]) -> Dict[str, Any]:
    """The simulation's options as one scheduler's tree keeps them: only the parameters it takes."""
    from ._schedulers import schedulers

    kept = dict(options)
    if kept.get("params"):
        taken = {p.name for info in schedulers() if info.name == scheduler for p in info.parameters}
        kept["params"] = [text for text in kept["params"] if text.split("=", 1)[0] in taken] or None
    return kept


def results_from_report(answer: Mapping[str, Any], platform: Any, *, tree_options: Optional[Mapping[str, Any]] = None,
                        given: Optional[Mapping[str, Any]] = None) -> Results:
    """The records of a simulation report (``simulate_report``'s JSON answer). A record's tree is
    the given Tree object for a ``tree:NAME`` record (``given`` maps the names to them), else one
    built from the run, predicting with ``tree_options`` (the simulation's root, params, model...)."""
    from ._trees import tree_from_run

    report = answer["report"]
    columns, rows = _hbcast.report_rows(json.dumps(report))
    # The root and members as drawn or resolved ("fastest", member_fraction).
    options = dict(tree_options or {}, root=report.get("root"))
    if report.get("members"):
        options["members"] = report["members"]
    runs = {run["scheduler"]: run for run in report.get("runs", [])}
    hosts = report.get("host_names", [])
    records = []
    for fields in typed_rows(columns, rows):
        run = runs.get(fields["scheduler"])
        extras: Dict[str, Any] = {}
        if run is not None and run.get("status") == "ok":
            name = fields["scheduler"]
            if given and name in given:
                extras["tree"] = given[name]
            else:
                extras["tree"] = tree_from_run(platform, report, run, scheduler=name,
                                               options=_options_for(name, options))
            extras["ready_times"] = {h: t for h, t in zip(hosts, run.get("ready_times", [])) if t >= 0.0}
            extras["replayed_times"] = {h: t for h, t in zip(hosts, run.get("replayed_times", [])) if t >= 0.0}
            extras["contention"] = run.get("contention")
            extras["run"] = run
        records.append(Record(fields, **extras))
    header = {key: value for key, value in report.items() if key not in ("runs", "host_names")}
    return Results(columns, records, report=header, messages=answer.get("messages", ""))


def read_results(path: Union[str, "os.PathLike[str]"]) -> Results:
    """Reads a results file: ``hbcast sweep`` results (CSV or JSON Lines), ``hbcast simulate
    --format csv`` output, or a ``simulate --format json`` report. Raises ResultsError naming the
    file and the problem."""
    source = os.fspath(path)
    try:
        with open(source, "rb") as file:
            head = file.read(4096).lstrip()
    except OSError:
        head = b""  # the reader names the problem
    if head.startswith(b"{") and not source.endswith(".jsonl"):
        try:
            with open(source) as file:
                document = json.load(file)
        except ValueError:
            document = None  # JSON Lines: one object per line
        if isinstance(document, dict) and "runs" in document:
            report = json.loads(_hbcast.read_report(json.dumps(document)))
            results = results_from_report({"report": report}, None)
            results.source = source
            return results
    columns, rows = _hbcast.read_results(source)
    return Results(columns, [Record(fields) for fields in typed_rows(columns, rows)], source=source)
