"""Platforms from Python: loading, generators, hosts, groups and routes, checked against the
command line and against the platform's links."""

import os

import pytest

import hbcast
from conftest import BACKBONE_CLUSTER, TIERS_30, TWO_SITES, cli_error, cli_records, run_cli, write


def test_hosts_are_the_platforms_in_declaration_order(tmp_path):
    with hbcast.load_platform(write(tmp_path, "two.xml", TWO_SITES)) as platform:
        assert platform.hosts == ("n0", "n1", "n2", "n3", "s0", "s1", "s2", "s3")
        assert len(platform) == 8 and "s2" in platform and "x" not in platform
        assert platform.index("s0") == 4
        # The first host is the default root, as on the command line.
        assert cli_records(platform.path, "-s", "flat")[0]["root"] == platform.hosts[0]


def test_route_has_the_links_and_the_pairwise_model_sums_them(tmp_path):
    with hbcast.load_platform(write(tmp_path, "two.xml", TWO_SITES)) as platform:
        route = platform.route("n1", "s2")
        # n1's private link, the WAN, s2's private link (cluster links are SPLITDUPLEX: _UP / _DOWN).
        assert [link.name for link in route.links] == ["north_link_1_UP", "wan_UP", "south_link_2_DOWN"]
        assert route.latency == pytest.approx(20e-6 + 3e-3 + 80e-6, rel=1e-12)
        assert route.bandwidth == min(link.bandwidth for link in route.links) == 20e6
        assert platform.latency("n1", "s2") == route.latency
        assert platform.bandwidth("n1", "s2") == route.bandwidth
        # T_uv(S) = latency + S / bandwidth (the pairwise model), here for 1 MiB.
        assert platform.transfer_time("n1", "s2", "1MiB") == route.latency + 1048576 / 20e6
        assert route.transfer_time(1048576) == platform.transfer_time("n1", "s2", 1048576)
        back = platform.route("s2", "n1")
        assert [link.name for link in back.links] == ["south_link_2_UP", "wan_DOWN", "north_link_1_DOWN"]
        # Each direction of a SPLITDUPLEX link is a SHARED link of its own in SimGrid.
        assert {link.sharing_policy for link in route.links} == {"SHARED"}


def test_pairwise_times_match_a_flat_tree_predicted_by_the_command(tmp_path):
    # A one-port flat tree's pairwise makespan is the sum of T_root,v over the other hosts.
    path = write(tmp_path, "two.xml", TWO_SITES)
    with hbcast.load_platform(path) as platform:
        expected = sum(platform.transfer_time("n0", host, "4MiB") for host in platform.hosts[1:])
    assert cli_records(path, "-s", "flat")[0]["pairwise_makespan"] == pytest.approx(expected, rel=1e-12)


def test_groups_the_models_see(tmp_path):
    with hbcast.load_platform(write(tmp_path, "two.xml", TWO_SITES)) as platform:
        # Latency grouping (grid and two-level schedulers): the two sites.
        assert platform.groups("latency") == [["n0", "n1", "n2", "n3"], ["s0", "s1", "s2", "s3"]]
        # The pairwise model's blocks of alike hosts: one per <cluster>.
        assert platform.groups("blocks") == [["n0", "n1", "n2", "n3"], ["s0", "s1", "s2", "s3"]]
        with pytest.raises(hbcast.OptionError, match=r"kind: hops not in \{blocks,latency\}"):
            platform.groups("hops")


def test_generate_writes_what_the_command_writes(tmp_path):
    path = tmp_path / "random.xml"
    with hbcast.generate("random", nodes=12, density=0.3, bw_mean=9e7, seed=5, path=path) as platform:
        assert len(platform) == 12
        assert platform.generated == {"generator": "random", "parameters": {"nodes": "12", "density": "0.3",
                                                                            "bw-mean": "90000000.0"}, "seed": 5}
    cli_path = tmp_path / "cli.xml"
    run_cli("generate", "random", "--nodes", "12", "--density", "0.3", "--bw-mean", "90000000.0", "--seed", "5",
            "-o", cli_path)
    assert path.read_text() == cli_path.read_text()


def test_generated_platform_without_a_path_is_removed_on_close():
    platform = hbcast.generate("star", nodes=5, seed=2)
    path = platform.path
    assert os.path.exists(path) and len(platform) == 5
    platform.close()
    assert not os.path.exists(path)
    assert platform.closed
    with pytest.raises(hbcast.Error, match="is closed"):
        platform.route(platform.hosts[0], platform.hosts[1])


def test_generators_list_their_parameters():
    generators = {generator.name: generator for generator in hbcast.generators()}
    assert {"random", "star", "tiers", "multisite", "clusters", "backbone", "fat-tree", "dragonfly"} <= set(generators)
    help_text = run_cli("generate", "--help").stdout
    for name in generators:
        assert name in help_text
    nodes = [p for p in generators["random"].parameters if p.name == "nodes"][0]
    assert nodes.default == "30" and nodes.value_name == "N"


def test_multisite_groups_are_its_clusters():
    with hbcast.generate("multisite", sites=2, clusters_per_site=2, nodes_per_cluster=3, seed=4) as platform:
        groups = platform.groups("latency")
        assert len(groups) == 4 and all(len(group) == 3 for group in groups)
        for group in groups:
            assert len({host.rsplit("-", 1)[0] for host in group}) == 1  # s<site>-c<cluster>-<node>


def test_loading_errors_are_the_commands(tmp_path):
    missing = str(tmp_path / "missing.xml")
    with pytest.raises(hbcast.PlatformError) as error:
        hbcast.load_platform(missing)
    assert str(error.value) == cli_error("simulate", missing, "-s", "flat")
    malformed = write(tmp_path, "bad.xml", "<platform version='4.1'><zone id='z' routing='Full'><host id='a'")
    with pytest.raises(hbcast.PlatformError) as error:
        hbcast.load_platform(malformed)
    assert str(error.value) == cli_error("simulate", malformed, "-s", "flat")
    empty = write(tmp_path, "empty.xml",
                  "<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
                  "<platform version='4.1'><zone id='z' routing='Full'></zone></platform>\n")
    with pytest.raises(hbcast.PlatformError, match="declares no host"):
        hbcast.load_platform(empty)
    with pytest.raises(hbcast.PlatformError) as error:
        hbcast.load_platform(TIERS_30, cfg=["network/model:NoSuchModel"])
    assert str(error.value) == cli_error("simulate", TIERS_30, "-s", "flat", "--cfg=network/model:NoSuchModel")


def test_unknown_host_and_generator_errors(tiers, tmp_path):
    with pytest.raises(hbcast.PlatformError) as error:
        tiers.route("wan-0", "nowhere")
    assert str(error.value) == cli_error("simulate", TIERS_30, "-s", "flat", "--root", "nowhere")
    with pytest.raises(hbcast.OptionError) as error:
        hbcast.generate("random", nodes=1)
    assert str(error.value) == cli_error("generate", "random", "--nodes", "1", "-o", str(tmp_path / "x.xml"))
    with pytest.raises(hbcast.OptionError, match="unknown parameter 'colour'"):
        hbcast.generate("star", colour=3)
    with pytest.raises(hbcast.OptionError, match="seed must be a whole number"):
        hbcast.generate("star", seed=-1)


def test_backbone_cluster_is_one_block(tmp_path):
    with hbcast.load_platform(write(tmp_path, "bb.xml", BACKBONE_CLUSTER)) as platform:
        assert platform.groups("blocks") == [list(platform.hosts)]
        route = platform.route("bb-0", "bb-5")
        assert [link.name for link in route.links] == ["bb_link_0_UP", "bb_backbone", "bb_link_5_DOWN"]
        assert route.links[1].sharing_policy == "SHARED"


def test_a_platform_is_closed_by_its_with_block(tmp_path):
    with hbcast.load_platform(write(tmp_path, "two.xml", TWO_SITES)) as platform:
        pid = platform._server.pid
        assert os.path.exists(f"/proc/{pid}")
    assert platform.closed
    assert not os.path.exists(f"/proc/{pid}") or open(f"/proc/{pid}/stat").read().split()[2] == "Z"


def test_a_platform_process_that_dies_is_an_exception_then_starts_again(tmp_path):
    import signal
    import time

    with hbcast.load_platform(write(tmp_path, "two.xml", TWO_SITES)) as platform:
        first = platform._server.pid
        os.kill(first, signal.SIGKILL)
        time.sleep(0.2)
        with pytest.raises(hbcast.SimulationError, match="killed \\(Killed\\)"):
            platform.groups("latency")
        # The next request loads the platform again in a new process.
        assert platform.route("n0", "s0").latency == pytest.approx(20e-6 + 3e-3 + 80e-6, rel=1e-12)
        assert platform._server.pid not in (first, -1)


def test_threads_share_platforms(tmp_path):
    from concurrent.futures import ThreadPoolExecutor

    with hbcast.load_platform(write(tmp_path, "two.xml", TWO_SITES)) as two, hbcast.load_platform(TIERS_30) as tiers:
        jobs = [(two, "fnf"), (tiers, "fnf"), (two, "binomial"), (tiers, "lcf"), (tiers, "ecef-la"), (two, "flat")]
        alone = [platform.schedule(name).edges for platform, name in jobs]
        with ThreadPoolExecutor(max_workers=4) as pool:
            together = list(pool.map(lambda job: job[0].schedule(job[1]).edges, jobs))
        assert together == alone
