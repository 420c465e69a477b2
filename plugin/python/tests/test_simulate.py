"""hbcast.simulate: the command's records, field for field, from the same platform and options;
Tree objects, contention and lateness, pandas, and every error path."""

import os
import shutil
import signal
import subprocess
import sys
import textwrap
import time

import pytest

import hbcast
from conftest import GRID5000, TIERS_30, TWO_SITES, cli_error, cli_records, comparable, write

ROUND_TRIPS = [
    (TIERS_30, []),
    (TIERS_30, ["--size", "16MiB", "--slices", "8", "--port", "multi"]),
    (TIERS_30, ["--members", "lan-0-0-1,lan-1-1-3,man-1-2,wan-4", "--root", "man-0-0"]),
    (TIERS_30, ["--model", "sender-only", "--root", "fastest", "--size", "1MB"]),
    (GRID5000, ["--size", "2MiB", "--param", "m=3", "-s", "lcf-m,fnf,ecef-la-avg,bottom-up,lp-prune"]),
]

KEYWORDS = {"--size": "size", "--slices": "slices", "--port": "port", "--members": "members", "--root": "root",
            "--model": "model", "--param": "params", "-s": "schedulers"}


def _keywords(arguments):
    options = {}
    for flag, value in zip(arguments[::2], arguments[1::2]):
        key = KEYWORDS[flag]
        options[key] = [value] if key == "params" else value
    return options


@pytest.mark.parametrize("platform_path,arguments", ROUND_TRIPS)
def test_records_are_the_commands_field_for_field(platform_path, arguments):
    expected = cli_records(platform_path, *arguments)
    options = _keywords(arguments)
    schedulers = options.pop("schedulers", "all")
    # A platform file (loaded for the call), and a Platform loaded beforehand: the same numbers.
    by_path = hbcast.simulate(platform_path, schedulers, **options)
    with hbcast.load_platform(platform_path) as platform:
        by_platform = hbcast.simulate(platform, schedulers, **options)
    for results in (by_path, by_platform):
        assert results.columns == list(expected[0].keys())
        assert [comparable(record) for record in results] == [comparable(record) for record in expected]
    assert len(expected) > 3 and any(record["status"] == "ok" for record in expected)


def test_default_platform_is_the_commands():
    expected = cli_records("-s", "flat,fnf")
    assert [comparable(r) for r in hbcast.simulate(None, "flat,fnf")] == [comparable(r) for r in expected]


def test_trees_replay_beside_the_schedulers(tiers, tmp_path):
    fnf = tiers.schedule("fnf")
    chain = hbcast.Tree.from_parents(tiers, {host: (tiers.hosts[k - 1] if k else None)
                                             for k, host in enumerate(tiers.hosts)}, name="chain")
    results = hbcast.simulate(tiers, ["fnf", fnf, chain, "binomial"])
    assert [record.scheduler for record in results] == ["fnf", "tree:fnf", "tree:chain", "binomial"]
    # The scheduler's tree replayed as given: its own model is still the scheduler's.
    for column in ("own_model", "own_makespan", "pairwise_makespan", "simulated_makespan", "lateness", "latest_host",
                   "oversubscribed_links", "worst_link"):
        assert results["tree:fnf"][column] == results["fnf"][column]
    assert results["tree:chain"].own_model == "given tree (pairwise)"
    # The command replays the chain's plan to the same numbers.
    plan = tmp_path / "chain.json"
    hbcast.write_plan(plan, chain)
    expected = cli_records(TIERS_30, "--tree", plan)[0]
    assert comparable(results["tree:chain"]) == comparable(expected)
    assert results["tree:chain"].tree.edges == chain.edges


def test_trees_of_one_name_are_refused(tiers):
    first = hbcast.Tree.from_edges(tiers, tiers.schedule("flat").edges)
    second = hbcast.Tree.from_edges(tiers, tiers.schedule("binomial").edges)
    with pytest.raises(hbcast.OptionError, match="two trees are named 'user'"):
        hbcast.simulate(tiers, [first, second])
    second.name = "binomial-copy"
    assert [r.scheduler for r in hbcast.simulate(tiers, [first, second])] == ["tree:user", "tree:binomial-copy"]


def test_contention_and_lateness_per_host(tmp_path):
    with hbcast.load_platform(write(tmp_path, "two.xml", TWO_SITES)) as platform:
        results = hbcast.simulate(platform, "flat,fnf", size="1MiB")
        for record in results:
            late = record.lateness_by_host
            assert set(late) == set(platform.hosts)
            latest = max(late, key=late.get)
            assert late[latest] == record.lateness and latest == record.latest_host
            assert record.replayed_times[record.root] == 0.0
            assert record.contention["oversubscribed_links"] == record.oversubscribed_links
            assert max(record.replayed_times.values()) == record.simulated_makespan
        # fnf sends across the WAN twice at once (the analysis sees it), the flat tree never.
        assert results["fnf"].oversubscribed_links >= 1 and results["fnf"].worst_link == "wan_UP"
        assert results["fnf"].lateness > 0.0
        assert results["flat"].oversubscribed_links == 0


def test_a_records_tree_predicts_with_the_simulations_options(tiers):
    # Parameters, drawn members and the resolved root shape the scheduler's own model: the
    # record's tree, predicted again at the simulation's size, gives the record's own figures.
    results = hbcast.simulate(tiers, "lcf-m,fnf", params={"m": 3}, member_fraction=0.5, member_seed=4, root="fastest")
    assert results.report["members"] and results.report["root_choice"].startswith("fastest")
    for record in results:
        tree = record.tree
        tree.prediction = None
        again = tree.predict(size=record.message_bytes)
        assert again.own.makespan == record.own_makespan and again.pairwise.makespan == record.pairwise_makespan
        assert again.own_model == record.own_model


def test_records_without_trees_keep_the_fields():
    full = hbcast.simulate(TIERS_30, "fnf,lcf")
    light = hbcast.simulate(TIERS_30, "fnf,lcf", keep_trees=False)
    assert [comparable(r) for r in light] == [comparable(r) for r in full]
    assert light["fnf"].tree is None and light["fnf"].replayed_times == {}
    assert full["fnf"].tree is not None and len(full["fnf"].replayed_times) == 30


def test_to_pandas_has_the_csv_columns():
    pandas = pytest.importorskip("pandas")
    results = hbcast.simulate(TIERS_30, "flat,fnf,binomial", size="1MiB")
    frame = results.to_pandas()
    assert isinstance(frame, pandas.DataFrame)
    assert list(frame.columns) == results.columns and len(frame) == 3
    assert frame.loc[frame.scheduler == "fnf", "simulated_makespan"].item() == results["fnf"].simulated_makespan
    assert frame.simulated_makespan.dtype.kind == "f"
    assert results.best().scheduler == frame.sort_values("simulated_makespan").scheduler.iloc[0]
    assert "<table" in results._repr_html_() and "simulated_makespan" in results._repr_html_()


def test_failed_and_skipped_rows_keep_the_others(tmp_path):
    # Fafard has no direct link: the platform-graph heuristics do not apply (skipped under "all",
    # not-applicable when named); the others run.
    fixture = os.path.join(os.environ.get("HBCAST_TEST_FIXTURES", ""), "small_platform_like.xml")
    if not os.path.exists(fixture):
        pytest.fail(f"missing fixture {fixture}")
    arguments = ["-s", "flat,prune-simple,fnf", "--platform-graph", "direct"]
    expected = cli_records(fixture, *arguments)
    results = hbcast.simulate(fixture, "flat,prune-simple,fnf", platform_graph="direct")
    assert [comparable(r) for r in results] == [comparable(r) for r in expected]
    assert results["prune-simple"].status == "not-applicable" and not results["prune-simple"].ok
    assert results["prune-simple"].tree is None
    assert results["fnf"].ok and not results.ok


def test_timeout_is_a_row():
    results = hbcast.simulate(GRID5000, "flat,optimal", timeout=1e-3)
    assert {record.status for record in results} <= {"ok", "timeout"}
    assert "timeout" in {record.status for record in results}


ERRORS = [
    (dict(size="3x"), ["--size", "3x"]),
    (dict(size="0"), ["--size", "0"]),
    (dict(slices=10**7, size="1MB"), ["--slices", "10000000", "--size", "1MB"]),
    (dict(schedulers="fnf,nope"), ["-s", "fnf,nope"]),
    (dict(root="nowhere"), ["--root", "nowhere"]),
    (dict(members=["lan-0-0-1", "nowhere"]), ["--members", "lan-0-0-1,nowhere"]),
    (dict(member_fraction=2.0), ["--member-fraction", "2"]),
    (dict(params=["m=x"], schedulers="lcf-m"), ["--param", "m=x", "-s", "lcf-m"]),
    (dict(mpi_baselines=True, members=["wan-1"]), ["--mpi-baselines", "--members", "wan-1"]),
    (dict(cfg=["network/model"]), ["--cfg=network/model"]),
]


@pytest.mark.parametrize("options,arguments", ERRORS)
def test_errors_carry_the_commands_message(options, arguments):
    options = dict(options)
    schedulers = options.pop("schedulers", "fnf")
    with pytest.raises(hbcast.Error) as error:
        hbcast.simulate(TIERS_30, schedulers, **options)
    if "-s" not in arguments:
        arguments = arguments + ["-s", schedulers]
    assert str(error.value) == cli_error("simulate", TIERS_30, *arguments)


def test_option_checks_name_the_keyword():
    for options, message in [(dict(slices=0), "slices: must be a whole number >= 1 or 'auto', not '0'"),
                             (dict(port="two"), "port: two not in {multi,multi-port,one,one-port}"),
                             (dict(timeout=-1), "timeout: must be a number of seconds >= 0, not '-1'"),
                             (dict(model="x"), "model: x not in {pairwise,sender-only}")]:
        with pytest.raises(hbcast.OptionError) as error:
            hbcast.simulate(TIERS_30, "fnf", **options)
        assert str(error.value) == message


def test_sender_only_instance_is_the_commands():
    expected = cli_records("--times", "1,2,2,3,5", "-s", "fnf,optimal,flat")
    results = hbcast.simulate(None, "fnf,optimal,flat", times=[1, 2, 2, 3, 5])
    assert [comparable(r) for r in results] == [comparable(r) for r in expected]
    with pytest.raises(hbcast.OptionError, match="replaces the platform"):
        hbcast.simulate(TIERS_30, "fnf", times=[1, 2])


def test_a_simgrid_abort_in_a_child_is_an_exception(tmp_path):
    # A host whose only route crosses a link that does not exist: SimGrid aborts while loading.
    broken = write(tmp_path, "broken.xml", """<?xml version='1.0'?>
<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
<platform version="4.1">
  <zone id="z" routing="Full">
    <host id="a" speed="1Gf"/><host id="b" speed="1Gf"/>
    <route src="a" dst="b"><link_ctn id="missing"/></route>
  </zone>
</platform>
""")
    with pytest.raises(hbcast.PlatformError) as error:
        hbcast.simulate(broken, "flat")
    assert str(error.value) == cli_error("simulate", broken, "-s", "flat")
    # The interpreter is still here, and so is a platform loaded before.
    assert hbcast.simulate(TIERS_30, "flat")[0].ok


CTRL_C_SCRIPT = textwrap.dedent("""
    import os, sys, time, hbcast
    platform = hbcast.load_platform(sys.argv[1])
    print(os.getpid(), platform._server.pid, flush=True)
    try:
        hbcast.simulate(platform, "binomial,flat", size="1GiB", slices=200000)
    except KeyboardInterrupt:
        print("interrupted", flush=True)
        sys.exit(7)
    print("finished", flush=True)
""")


def _descendants(pid):
    children = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    fields = stat.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid and fields[0] != "Z":
                children.append(int(entry))
    return children + [grandchild for child in children for grandchild in _descendants(child)]


def _running(pid):
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def test_ctrl_c_stops_the_children():
    # 200,000 slices take a minute to replay: Ctrl-C (SIGINT) must end the replays at once.
    script = subprocess.Popen([sys.executable, "-c", CTRL_C_SCRIPT, TIERS_30], stdout=subprocess.PIPE, text=True)
    pid, server = map(int, script.stdout.readline().split())
    time.sleep(1.5)
    before = _descendants(pid)
    assert server in before
    assert before, "the simulation started no child"
    script.send_signal(signal.SIGINT)
    started = time.monotonic()
    output, _ = script.communicate(timeout=20)
    assert script.returncode == 7 and output.strip() == "interrupted"
    # The platform's process is killed and reaped; its replays die with it through PR_SET_PDEATHSIG,
    # which the kernel delivers asynchronously: under load they may still be running for a moment.
    while [child for child in before if _running(child)] and time.monotonic() - started < 5:
        time.sleep(0.05)
    assert time.monotonic() - started < 5, [child for child in before if _running(child)]


def test_mpi_baselines_are_the_commands(tmp_path):
    if shutil.which("smpirun") is None:
        pytest.skip("smpirun is not installed (Debian: libsimgrid-dev)")
    with hbcast.generate("star", nodes=4, seed=1, path=tmp_path / "star4.xml") as platform:
        expected = cli_records(platform.path, "-s", "flat", "--mpi-baselines")
        results = hbcast.simulate(platform, "flat", mpi_baselines=True)
        assert [comparable(r) for r in results] == [comparable(r) for r in expected]
        assert len([r for r in results if r.scheduler.startswith("mpi:")]) > 10
        assert results["mpi:binomial_tree"].status == "ok"
        assert results.report["winner"]


def test_cfg_file_is_the_commands(tiers, tmp_path):
    settings = write(tmp_path, "lv08.cfg", "# from a calibration\n--cfg=network/model:LV08\n\nnetwork/crosstraffic:0\n")
    expected = cli_records(TIERS_30, "-s", "fnf,binomial", "--cfg-file", settings)
    assert expected[0]["mode"] == "SimGrid-configured"
    for results in (hbcast.simulate(TIERS_30, "fnf,binomial", cfg_file=settings),
                    hbcast.simulate(tiers, "fnf,binomial", cfg_file=settings)):
        assert [comparable(r) for r in results] == [comparable(r) for r in expected]
    with hbcast.load_platform(TIERS_30, cfg_file=settings) as platform:
        assert platform.cfg == ("network/model:LV08", "network/crosstraffic:0")
    broken = write(tmp_path, "broken.cfg", "network/model:LV08\nnot a setting\n")
    with pytest.raises(hbcast.Error) as error:
        hbcast.simulate(TIERS_30, "fnf", cfg_file=broken)
    assert str(error.value) == cli_error("simulate", TIERS_30, "-s", "fnf", "--cfg-file", broken)


def test_size_factors_load_the_platform_for_each_slice_size(tiers, tmp_path):
    # SMPI's size factors scale the links for one transfer size: each size is the command's.
    settings = write(tmp_path, "factors.cfg", "--cfg=smpi/bw-factor:0:0.5;65536:0.8\n--cfg=smpi/lat-factor:0:2\n")
    with hbcast.load_platform(TIERS_30, cfg_file=settings) as platform:
        for size, slices in [("1KiB", 1), ("1MiB", 1), ("1MiB", 32), ("1KiB", 1)]:
            expected = cli_records(TIERS_30, "-s", "fnf,binomial", "--cfg-file", settings, "--size", size,
                                   "--slices", slices)
            results = hbcast.simulate(platform, "fnf,binomial", size=size, slices=slices)
            assert [comparable(r) for r in results] == [comparable(r) for r in expected]
            tree = platform.schedule("fnf", size=size, slices=slices)
            assert tree.prediction.pairwise.makespan == expected[0]["pairwise_makespan"]
        assert sorted(platform._siblings) == [1024, 32768, 1048576]  # loaded once per slice size
