"""Plan files from Python: written as the command writes them, read back, replayed by the command."""

import json

import pytest

import hbcast
from conftest import TIERS_30, TIERS_65, cli_error, cli_records, comparable, run_cli, write


def test_written_plan_is_the_commands(tiers, tmp_path):
    for scheduler, options in [("fnf", ["--size", "2MiB"]), ("lcf", []), ("binomial", ["--slices", "4"])]:
        cli_plan = tmp_path / f"cli-{scheduler}.json"
        run_cli("simulate", TIERS_30, "-s", scheduler, "--plan", cli_plan, *options)
        record = hbcast.simulate(tiers, scheduler, **dict(zip([o.lstrip("-") for o in options[::2]], options[1::2])))[0]
        written = hbcast.write_plan(tmp_path / f"py-{scheduler}.json", record.tree,
                                    size=record.message_bytes, slices=record.slices, port="one")
        expected = json.loads(cli_plan.read_text())
        produced = json.loads(written.text)
        # The figures the command records come from its replay; a plan of a tree has none.
        for key in ("predicted_makespan", "simulated_makespan", "platform"):
            expected.pop(key, None)
            produced.pop(key, None)
        assert produced == expected


def test_read_plan_gives_the_tree_back(tiers, tmp_path):
    path = tmp_path / "lcf.json"
    run_cli("simulate", TIERS_30, "-s", "lcf", "--plan", path)
    plan = hbcast.read_plan(path)
    assert plan.scheduler == "lcf" and plan.root == tiers.hosts[0] and plan.slices == 1
    assert plan.port == "one-port" and plan.hosts == tiers.hosts
    tree = plan.tree(tiers)
    scheduled = tiers.schedule("lcf")
    assert tree.edges == scheduled.edges
    assert [tree.send_start(host) for host in tiers.hosts] == [scheduled.send_start(host) for host in tiers.hosts]
    assert plan.predicted_makespan == cli_records(TIERS_30, "-s", "lcf")[0]["pairwise_makespan"]


def test_plan_of_a_tree_written_by_hand_replays_as_the_command(tiers, tmp_path):
    parents = {host: None for host in tiers.hosts[:1]}
    parents.update({host: tiers.hosts[0] if k % 3 == 0 else tiers.hosts[k - 1]
                    for k, host in enumerate(tiers.hosts) if k})
    tree = hbcast.Tree.from_parents(tiers, parents, name="mixed")
    path = tmp_path / "mixed.json"
    plan = hbcast.write_plan(path, tree, size="1MiB")
    assert hbcast.read_plan(path) == plan
    mine = tree.simulate(size="1MiB")
    assert comparable(mine) == comparable(cli_records(TIERS_30, "--tree", path, "--size", "1MiB")[0])


def test_multi_tree_plan_round_trip(tiers65, tmp_path):
    plan_tree = tiers65.schedule("multi-tree", size="64MiB", slices=64)
    path = tmp_path / "m.json"
    hbcast.write_plan(path, plan_tree, size="64MiB", slices=64)
    back = hbcast.read_plan(path).tree(tiers65, name="m")
    assert isinstance(back, hbcast.MultiTree)
    assert back.weights == plan_tree.weights
    assert [t.edges for t in back.trees] == [t.edges for t in plan_tree.trees]
    mine = hbcast.simulate(tiers65, [back], size="64MiB", slices=64)[0]
    assert comparable(mine) == comparable(cli_records(TIERS_65, "--tree", path, "--size", "64MiB", "--slices", 64)[0])


def test_bad_plans_are_the_commands_errors(tmp_path):
    cases = {
        "missing.json": None,
        "truncated.json": '{"version": 1, "hosts": [',
        "version.json": '{"format": "hbcast-plan", "version": 9}',
        "host.json": None,
    }
    good = tmp_path / "good.json"
    run_cli("simulate", TIERS_30, "-s", "flat", "--plan", good)
    data = json.loads(good.read_text())
    data["trees"][0]["edges"][0]["to"] = "nowhere"
    cases["host.json"] = json.dumps(data)
    for name, text in cases.items():
        path = str(tmp_path / name) if text is None else write(tmp_path, name, text)
        with pytest.raises(hbcast.PlanError) as error:
            hbcast.read_plan(path)
        assert str(error.value) == cli_error("simulate", TIERS_30, "--tree", path)
