"""Sweeps and results files from Python: the command's rows, byte for byte and record for record."""

import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest

import hbcast
from conftest import TIERS_30, cli_error, comparable, run_cli, write

SCENARIO = """name: small
platform:
  generator: random
  parameters:
    nodes: [6, 9]
    density: 0.3
schedulers: [flat, fnf, binomial]
sizes: [1MiB]
slices: [1, 4]
port: [one]
repetitions: 2
seed: 11
timeout: 60
"""

SCENARIO_DICT = {
    "name": "small",
    "platform": {"generator": "random", "parameters": {"nodes": [6, 9], "density": 0.3}},
    "schedulers": ["flat", "fnf", "binomial"],
    "sizes": ["1MiB"],
    "slices": [1, 4],
    "port": ["one"],
    "repetitions": 2,
    "seed": 11,
    "timeout": 60,
}


def test_sweep_writes_the_commands_rows(tmp_path):
    scenario = write(tmp_path, "small.yaml", SCENARIO)
    cli_output = tmp_path / "cli.csv"
    run_cli("sweep", scenario, "-j", "2", "-o", cli_output)
    output = tmp_path / "py.csv"
    results = hbcast.sweep(scenario, output=output, jobs=2)
    assert output.read_text() == cli_output.read_text()
    assert len(results) == 2 * 2 * 3 * 2 and results.ok
    assert results.report["ran"] == len(results)
    assert [dict(r) for r in results] == [dict(r) for r in hbcast.read_results(cli_output)]


def test_sweep_of_a_dict_equals_its_file(tmp_path):
    from_file = hbcast.sweep(write(tmp_path, "small.yaml", SCENARIO), jobs=2)
    from_dict = hbcast.sweep(SCENARIO_DICT, jobs=2, format="jsonl")
    assert [dict(r) for r in from_dict] == [dict(r) for r in from_file]
    info = hbcast.load_scenario(SCENARIO_DICT)
    assert info.points == len(from_dict) and info.name == "small"
    assert info.fingerprint == hbcast.load_scenario(write(tmp_path, "again.yaml", SCENARIO)).fingerprint


def test_sweep_results_to_pandas(tmp_path):
    pandas = pytest.importorskip("pandas")
    frame = hbcast.sweep(SCENARIO_DICT, jobs=2).to_pandas()
    assert isinstance(frame, pandas.DataFrame)
    table = frame.groupby("scheduler").simulated_makespan.mean()
    assert set(table.index) == {"flat", "fnf", "binomial"}


def test_existing_output_is_kept_and_resumed(tmp_path):
    scenario = write(tmp_path, "small.yaml", SCENARIO)
    output = tmp_path / "out.csv"
    hbcast.sweep(scenario, output=output, jobs=2, shard="0/2")
    before = output.read_text()
    with pytest.raises(hbcast.Error) as error:
        hbcast.sweep(scenario, output=output)
    assert str(error.value) == cli_error("sweep", scenario, "-o", output)
    assert output.read_text() == before
    resumed = hbcast.sweep(scenario, output=output, jobs=2, resume=True)
    assert resumed.report["already_done"] == 12 and resumed.report["ran"] == 12 and len(resumed) == 24


def test_scenario_errors_are_the_commands(tmp_path):
    bad = write(tmp_path, "bad.yaml", SCENARIO.replace("slices: [1, 4]", "slices: [1, zero]"))
    with pytest.raises(hbcast.ScenarioError) as error:
        hbcast.sweep(bad)
    assert str(error.value) == cli_error("sweep", bad, "-o", tmp_path / "x.csv")
    unknown = write(tmp_path, "unknown.yaml", SCENARIO + "colour: blue\n")
    with pytest.raises(hbcast.ScenarioError) as error:
        hbcast.load_scenario(unknown)
    assert str(error.value) == cli_error("sweep", unknown, "-o", tmp_path / "x.csv")
    with pytest.raises(hbcast.ScenarioError, match=r"scenario \(dict\):\d+: key 'slices'"):
        hbcast.load_scenario(dict(SCENARIO_DICT, slices=[1, "zero"]))
    missing = str(tmp_path / "missing.yaml")
    with pytest.raises(hbcast.ScenarioError) as error:
        hbcast.sweep(missing)
    assert str(error.value) == cli_error("sweep", missing, "-o", tmp_path / "x.csv")
    for options, message in [(dict(jobs=0), "jobs: must be a whole number >= 1, not '0'"),
                             (dict(format="xml"), "format: xml not in {csv,jsonl}")]:
        with pytest.raises(hbcast.OptionError, match=message):
            hbcast.sweep(SCENARIO_DICT, **options)


def test_read_results_of_each_format(tmp_path):
    csv_path = tmp_path / "report.csv"
    csv_path.write_text(run_cli("simulate", TIERS_30, "-s", "fnf,flat", "--format", "csv").stdout)
    json_path = tmp_path / "report.json"
    json_path.write_text(run_cli("simulate", TIERS_30, "-s", "fnf,flat", "--format", "json").stdout)
    from_csv = hbcast.read_results(csv_path)
    from_json = hbcast.read_results(json_path)
    assert from_csv.columns == from_json.columns
    assert [comparable(r) for r in from_csv] == [comparable(r) for r in from_json]
    assert from_csv["fnf"].hosts == 30 and isinstance(from_csv["fnf"].simulated_makespan, float)
    assert from_json.report["root"] == "wan-0"


def test_results_file_errors_are_the_commands(tmp_path):
    missing = str(tmp_path / "none.csv")
    with pytest.raises(hbcast.ResultsError) as error:
        hbcast.read_results(missing)
    assert str(error.value) == cli_error("plot", missing, "--x", "a", "--y", "b", "-o", tmp_path / "f.svg")
    ragged = write(tmp_path, "ragged.csv", "a,b\n1,2\n3\n")
    with pytest.raises(hbcast.ResultsError) as error:
        hbcast.read_results(ragged)
    assert str(error.value) == cli_error("plot", ragged, "--x", "a", "--y", "b", "-o", tmp_path / "f.svg")
    assert not os.path.exists(tmp_path / "f.svg")


SLOW_SWEEP = textwrap.dedent("""
    import sys, hbcast
    scenario = {"name": "slow", "platform": {"file": sys.argv[1]}, "schedulers": ["binomial"],
                "sizes": ["1GiB"], "slices": [100000, 100001, 100002, 100003], "timeout": 600}
    print("started", flush=True)
    try:
        hbcast.sweep(scenario, output=sys.argv[2], jobs=2)
    except KeyboardInterrupt as interruption:
        print("interrupted:", interruption, flush=True)
        sys.exit(7)
""")


def test_ctrl_c_stops_a_sweep_and_keeps_its_file_resumable(tmp_path):
    output = tmp_path / "slow.csv"
    script = subprocess.Popen([sys.executable, "-c", SLOW_SWEEP, TIERS_30, str(output)], stdout=subprocess.PIPE,
                              text=True)
    assert script.stdout.readline().strip() == "started"
    time.sleep(2.0)
    script.send_signal(signal.SIGINT)
    started = time.monotonic()
    out, _ = script.communicate(timeout=30)
    assert script.returncode == 7, out
    assert time.monotonic() - started < 5
    assert "workers killed" in out and str(output) in out
    assert output.exists()  # the header and the rows done, resumable
