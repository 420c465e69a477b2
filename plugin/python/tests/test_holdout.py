"""A tree written in Python on a hold-out platform (written here in the shape of SimGrid's example
platforms; hbcast neither ships nor generates them) predicts and replays, exactly where no link is
shared: where the contention analysis finds no over-subscribed link, the replay equals the
pairwise prediction, node by node; where it finds one, the replay is later, and the analysis
names the link."""

import random

import pytest

import hbcast
from conftest import BACKBONE_CLUSTER, CROSSBAR_CLUSTER, TWO_SITES, write

# Relative difference the replay may show where no link is shared: SimGrid sums the same
# latencies and durations in another order (a few ulps).
EXACT = 1e-12


def random_tree(platform, seed):
    """A random spanning tree from the first host: each other host, in a shuffled order, hangs from
    one placed before it."""
    rng = random.Random(seed)
    order = list(platform.hosts[1:])
    rng.shuffle(order)
    order.insert(0, platform.hosts[0])
    parents = {order[0]: None}
    for k, host in enumerate(order[1:], start=1):
        parents[host] = order[rng.randrange(k)]
    return hbcast.Tree.from_parents(platform, parents, name=f"random-{seed}")


def chain(platform):
    return hbcast.Tree.from_parents(platform, {host: (platform.hosts[k - 1] if k else None)
                                               for k, host in enumerate(platform.hosts)}, name="chain")


def check_exact_where_no_link_is_shared(record, prediction):
    assert record.ok, record.error
    assert record.pairwise_makespan == prediction.pairwise.makespan
    if record.oversubscribed_links == 0:
        assert record.simulated_makespan == pytest.approx(record.pairwise_makespan, rel=EXACT, abs=0)
        for host, time in record.replayed_times.items():
            assert time == pytest.approx(prediction.ready_times[host], rel=EXACT, abs=1e-15), host
        assert abs(record.lateness) <= EXACT * record.pairwise_makespan
        return "exact"
    assert record.simulated_makespan > record.pairwise_makespan * (1 + 1e-6)
    assert record.worst_link
    return "shared"


@pytest.mark.parametrize("xml,name", [(CROSSBAR_CLUSTER, "crossbar"), (BACKBONE_CLUSTER, "backbone"),
                                      (TWO_SITES, "two-sites")], ids=["crossbar", "backbone", "two-sites"])
def test_trees_written_in_python_replay_exactly_where_no_link_is_shared(tmp_path, xml, name):
    seen = set()
    with hbcast.load_platform(write(tmp_path, f"{name}.xml", xml)) as platform:
        trees = [chain(platform)] + [random_tree(platform, seed) for seed in range(6)]
        for size, slices in [("1MiB", 1), ("8MiB", 16)]:
            results = hbcast.simulate(platform, trees, size=size, slices=slices)
            for tree, record in zip(trees, results):
                assert record.scheduler == f"tree:{tree.name}"
                prediction = tree.predict(size=size, slices=slices)
                if slices == 1:
                    seen.add(check_exact_where_no_link_is_shared(record, prediction))
                else:
                    # Pipelined: no analysis; where the atomic broadcast shared no link, the
                    # pipeline matches its prediction too on these contention-free platforms.
                    assert record.pairwise_makespan == prediction.pairwise.makespan
                    assert record.pairwise_period == prediction.pairwise.period
                    if name == "crossbar":
                        assert record.simulated_makespan == pytest.approx(record.pairwise_makespan, rel=EXACT)
    # A crossbar shares nothing; the chain shares nothing anywhere (one transfer at a time).
    assert "exact" in seen
    if name == "backbone":
        assert "shared" in seen  # random trees send across the SHARED backbone at once


def test_multi_port_flat_tree_on_a_crossbar_is_exact(tmp_path):
    with hbcast.load_platform(write(tmp_path, "crossbar.xml", CROSSBAR_CLUSTER)) as platform:
        star = hbcast.Tree.from_parents(platform, {host: (None if k == 0 else platform.hosts[0])
                                                   for k, host in enumerate(platform.hosts)}, name="star")
        record = star.simulate(size="2MiB", port="multi")
        prediction = star.predict(size="2MiB", port="multi")
        assert check_exact_where_no_link_is_shared(record, prediction) == "exact"
