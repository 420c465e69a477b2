"""Trees from Python: built by a scheduler or by hand, their structure, DOT and predictions,
checked against `hbcast simulate` on the same platform and options."""

import json

import pytest

import hbcast
from conftest import TIERS_30, TIERS_65, TWO_SITES, cli_error, cli_records, run_cli, write

SCHEDULERS = ["flat", "binomial", "fnf", "ecef-la", "lcf", "grow-tree"]


def _check_structure(tree, platform):
    """parent, children, depth and edges describe one spanning out-tree."""
    assert tree.parent(tree.root) is None
    reached = {tree.root}
    for parent, child in tree.edges:
        assert tree.parent(child) == parent
        assert child in tree.children(parent)
        assert tree.depth(child) == tree.depth(parent) + 1
        assert child not in reached
        reached.add(child)
    assert reached == set(platform.hosts)
    assert len(tree) == len(platform)
    assert tree.depth() == max(tree.depth(host) for host in platform.hosts)
    assert sum(len(tree.children(host)) for host in platform.hosts) == len(platform) - 1


@pytest.mark.parametrize("scheduler", SCHEDULERS)
def test_schedule_predicts_as_the_command(tiers, scheduler):
    for size, slices, port in [("4MiB", 1, "one"), ("16MiB", 8, "one"), ("1MiB", 1, "multi")]:
        tree = tiers.schedule(scheduler, size=size, slices=slices, port=port)
        _check_structure(tree, tiers)
        expected = cli_records(TIERS_30, "-s", scheduler, "--size", size, "--slices", slices, "--port", port)[0]
        prediction = tree.prediction
        assert prediction.own_model == expected["own_model"]
        assert prediction.own.makespan == expected["own_makespan"]
        assert prediction.pairwise.makespan == expected["pairwise_makespan"]
        assert prediction.own.period == expected["own_period"]
        assert prediction.pairwise.period == expected["pairwise_period"]
        assert prediction.pairwise.throughput == expected["pairwise_throughput"]
        assert tree.scheduler == scheduler and tree.name == scheduler


@pytest.mark.parametrize("scheduler", ["fnf", "ecef-la", "lcf"])
def test_predict_runs_the_schedulers_own_model_again(tiers, scheduler):
    # The prediction made with the tree is set aside: predict() evaluates the tree again under the
    # scheduler's own model (rebuilt for the size) and the pairwise one.
    tree = tiers.schedule(scheduler, size="2MiB")
    kept = tree.prediction
    tree.prediction = None
    again = tree.predict(size="2MiB")
    assert again.own == kept.own and again.pairwise == kept.pairwise and again.own_model == kept.own_model
    assert again.ready_times == kept.ready_times


def test_predict_keeps_the_schedulers_parameters(tiers):
    tree = tiers.schedule("lcf-m", params={"m": 5}, size="1MiB")
    kept = tree.prediction
    tree.prediction = None
    again = tree.predict(size="1MiB")
    assert again.own == kept.own and again.own_model == kept.own_model
    expected = cli_records(TIERS_30, "-s", "lcf-m", "--param", "m=5", "--size", "1MiB")[0]
    assert again.own.makespan == expected["own_makespan"]


def test_predict_at_another_size_equals_the_command_replaying_the_plan(tiers, tmp_path):
    tree = tiers.schedule("fnf", size="4MiB")
    plan = tmp_path / "fnf.json"
    hbcast.write_plan(plan, tree)
    for size, slices in [("1MiB", 1), ("64MiB", 16)]:
        prediction = tree.predict(size=size, slices=slices)
        expected = cli_records(TIERS_30, "--tree", plan, "--size", size, "--slices", slices)[0]
        assert prediction.pairwise.makespan == expected["pairwise_makespan"]
        assert prediction.pairwise.period == expected["pairwise_period"]
        assert prediction.size == hbcast.size_bytes(size) and prediction.slices == slices


def test_dot_is_the_commands(tiers, tmp_path):
    for scheduler in ["fnf", "lcf"]:  # lcf's edges carry send start times
        dot = tmp_path / f"{scheduler}.dot"
        run_cli("simulate", TIERS_30, "-s", scheduler, "--dot", dot)
        assert tiers.schedule(scheduler).to_dot() == dot.read_text()


def test_edges_build_the_same_tree_back(tiers):
    tree = tiers.schedule("binomial")
    again = hbcast.Tree.from_edges(tiers, tree.edges)
    assert again.edges == tree.edges and again.root == tree.root
    assert again.parents == tree.parents
    assert all(isinstance(edge, tuple) and len(edge) == 2 for edge in tree.edge_list())


def test_from_parents_keeps_the_order_of_the_mapping_as_send_order(tmp_path):
    with hbcast.load_platform(write(tmp_path, "two.xml", TWO_SITES)) as platform:
        parents = {"n0": None, "s0": "n0", "n1": "n0", "n2": "n1", "n3": "n1", "s1": "s0", "s2": "s0", "s3": "s2"}
        tree = hbcast.Tree.from_parents(platform, parents, name="mine")
        assert tree.children("n0") == ["s0", "n1"]
        assert tree.children("s0") == ["s1", "s2"]
        assert tree.depth("s3") == 3 and tree.depth() == 3
        assert tree.parents == {host: parents[host] for host in platform.hosts}
        # The same as a list in host order.
        listed = hbcast.Tree.from_parents(platform, [parents[host] for host in platform.hosts])
        assert listed.parents == tree.parents
        # A one-port prediction by hand: n0 sends to s0 then n1; T_uv(S) = latency + S / bandwidth.
        size = 1 << 20
        t = platform.transfer_time
        n1_ready = t("n0", "s0", size) + t("n0", "n1", size)
        s2_ready = t("n0", "s0", size) + t("s0", "s1", size) + t("s0", "s2", size)
        expected = max(n1_ready + t("n1", "n2", size) + t("n1", "n3", size), s2_ready + t("s2", "s3", size))
        prediction = tree.predict(size=size)
        assert prediction.pairwise.makespan == pytest.approx(expected, rel=1e-12)
        assert prediction.own == prediction.pairwise
        assert prediction.own_model == "given tree (pairwise)"


def test_invalid_trees_are_refused_naming_the_host(tmp_path):
    with hbcast.load_platform(write(tmp_path, "two.xml", TWO_SITES)) as platform:
        base = {"n0": None, "n1": "n0", "n2": "n0", "n3": "n0", "s0": "n0", "s1": "s0", "s2": "s0", "s3": "s0"}
        cycle = dict(base, s0="s3")
        with pytest.raises(hbcast.TreeError, match="s0"):
            hbcast.Tree.from_parents(platform, cycle)
        missing = {host: parent for host, parent in base.items() if host != "s3"}
        with pytest.raises(hbcast.TreeError, match="s3"):
            hbcast.Tree.from_parents(platform, missing)
        with pytest.raises(hbcast.TreeError, match="2 hosts have no parent"):
            hbcast.Tree.from_parents(platform, dict(base, s0=None))
        with pytest.raises(hbcast.TreeError, match="no host is the root"):
            hbcast.Tree.from_parents(platform, dict(base, n0="s0"))
        with pytest.raises(hbcast.PlatformError, match="no host named 'x9' in the platform"):
            hbcast.Tree.from_parents(platform, dict(base, x9="n0"))
        with pytest.raises(hbcast.TreeError, match="8 hosts"):
            hbcast.Tree.from_parents(platform, [None, "n0"])
        with pytest.raises(hbcast.TreeError, match="two parents"):
            hbcast.Tree.from_edges(platform, [("n0", h) for h in platform.hosts[1:]] + [("n1", "s1")])


def test_the_library_and_the_command_refuse_the_same_tree(tmp_path):
    # A plan whose tree misses a host: the message Tree.from_edges gives is the replay's.
    with hbcast.load_platform(write(tmp_path, "two.xml", TWO_SITES)) as platform:
        edges = [("n0", host) for host in platform.hosts[1:-1]]
        with pytest.raises(hbcast.TreeError) as error:
            hbcast.Tree.from_edges(platform, edges)
        plan = json.loads(platform.schedule("flat").plan_text())
        plan["trees"][0]["edges"] = plan["trees"][0]["edges"][:-1]
        path = write(tmp_path, "partial.json", json.dumps(plan))
        result = run_cli("simulate", platform.path, "--tree", path, "--format", "csv")
        assert str(error.value) in result.stderr


def test_multicast_tree_reaches_its_members(tiers):
    members = ["lan-0-0-1", "lan-1-1-3", "man-1-2"]
    tree = tiers.schedule("fnf", members=members)
    for host in members + [tree.root]:
        assert tree.reaches(host)
    assert len(tree) < len(tiers)
    unreached = [host for host in tiers.hosts if not tree.reaches(host)][0]
    assert tree.parent(unreached) is None and tree.children(unreached) == []
    expected = cli_records(TIERS_30, "-s", "fnf", "--members", ",".join(members))[0]
    assert tree.prediction.pairwise.makespan == expected["pairwise_makespan"]


def test_multi_tree_plan(tiers65):
    plan = tiers65.schedule("multi-tree", size="64MiB", slices=64)
    assert isinstance(plan, hbcast.MultiTree) and len(plan.trees) >= 2
    expected = cli_records(TIERS_65, "-s", "multi-tree", "--size", "64MiB", "--slices", 64)[0]
    assert plan.prediction.pairwise.period == expected["pairwise_period"]
    assert plan.prediction.own.throughput == expected["own_throughput"]
    assert sum(plan.weights) * hbcast.size_bytes("1MiB") == pytest.approx(plan.steady_state_optimum, rel=1e-9)
    for tree in plan.trees:
        assert len(tree) == len(tiers65)


def test_schedule_errors_are_the_commands(tiers):
    with pytest.raises(hbcast.OptionError) as error:
        tiers.schedule("no-such-scheduler")
    assert str(error.value) == cli_error("simulate", TIERS_30, "-s", "no-such-scheduler")
    with pytest.raises(hbcast.OptionError) as error:
        tiers.schedule("fnf", slices=0)
    assert str(error.value) == cli_error("simulate", TIERS_30, "-s", "fnf", "--slices", "0").replace("--slices", "slices").replace(" (see 'hbcast simulate --help')", "")
    with pytest.raises(hbcast.OptionError) as error:
        tiers.schedule("fnf", size="3x")
    assert str(error.value) == cli_error("simulate", TIERS_30, "-s", "fnf", "--size", "3x")
    with pytest.raises(hbcast.OptionError) as error:
        tiers.schedule("lcf-m", params={"q": 2})
    assert str(error.value) == cli_error("simulate", TIERS_30, "-s", "lcf-m", "--param", "q=2")
    with pytest.raises(hbcast.Error) as error:
        tiers.schedule("fnf", root="nowhere")
    assert str(error.value) == cli_error("simulate", TIERS_30, "-s", "fnf", "--root", "nowhere")
