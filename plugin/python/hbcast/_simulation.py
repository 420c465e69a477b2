"""``hbcast simulate`` from Python."""

from __future__ import annotations

import json
import os
from typing import Any, Dict, Iterable, List, Mapping, Optional, Sequence, Union

from . import _hbcast
from ._options import Size, names_list, parameters_list, size_text
from ._platforms import Platform, with_cfg_file
from ._results import Results, results_from_report
from ._trees import MultiTree, Tree, _Broadcast

SchedulerList = Union[str, Iterable[Union[str, Tree, MultiTree]]]


def simulate(platform: Union[Platform, str, "os.PathLike[str]", None] = None, schedulers: SchedulerList = "all", *,
             size: Size = "4MiB", slices: int = 1, port: str = "one", root: Optional[str] = None,
             params: Union[None, Mapping[str, float], Sequence[str]] = None, model: str = "pairwise",
             platform_graph: str = "auto", members: Union[None, str, Sequence[str]] = None,
             member_fraction: Optional[float] = None, member_seed: int = 1, mpi_baselines: bool = False,
             steady_state_bound: bool = False, timeout: Optional[float] = None,
             cfg: Optional[Sequence[str]] = None, log: Optional[Sequence[str]] = None,
             cfg_file: Optional[Union[str, "os.PathLike[str]"]] = None,
             times: Optional[Sequence[float]] = None, classes: Optional[str] = None,
             random_times: Optional[int] = None, class_values: Optional[Sequence[float]] = None,
             time_range: Optional[Sequence[float]] = None, seed: int = 1, keep_trees: bool = True) -> Results:
    """Builds, predicts and replays broadcast trees, as ``hbcast simulate`` does, and returns one
    record per scheduler with the CSV's fields (``simulate --format csv``).

    Every scheduler runs in a child process of its own (one SimGrid engine each); one that fails,
    times out or does not apply is a record with its status and error, the others are reported.

    Args:
        platform: a Platform, a platform file (loaded for the call), or None for the default
            platform (grid5000_88.xml). A sender-only instance (``times``, ``classes``,
            ``random_times``) replaces it.
        schedulers: scheduler names (``"fnf,binomial"``, ``["fnf", "lcf"]``, ``"all"``) and Tree or
            MultiTree objects, each replayed as a record ``tree:NAME``.
        size: the message, bytes or with a unit (``"4MiB"``).
        slices: pipeline the message in this many slices (1: atomic).
        port: ``"one"`` (one-port) or ``"multi"`` (multi-port).
        root: the host that broadcasts (default: the first host, or the trees' root); ``"fastest"``.
        params: scheduler parameters, ``{"m": 4}`` (``--param m=4``).
        model: what the schedulers see: ``"pairwise"`` or ``"sender-only"``.
        platform_graph: ``"auto"`` or ``"direct"`` (Beaumont-Marchal-Robert's heuristics' platform graph).
        members, member_fraction, member_seed: a multicast to these hosts (names or indices), or to
            a fraction of the other hosts drawn with the seed.
        mpi_baselines: also run SMPI's own MPI_Bcast algorithms (records ``mpi:NAME``).
        steady_state_bound: also solve the steady-state LP (``report["lp_throughput"]``).
        timeout: seconds per scheduler (None: no limit).
        cfg, log: SimGrid options (``key:value``) and log settings; a Platform loaded with others is
            loaded again with these for the call.
        cfg_file: SimGrid options from a file (``--cfg-file``), before ``cfg``.
        times, classes, random_times, class_values, time_range, seed: a sender-only instance,
            as ``--times``, ``--classes``, ``--random-times``, ``--class-values``, ``--time-range``
            and ``--seed``.
        keep_trees: False: the records carry no tree and no per-host times (a smaller answer on
            platforms of 10^5 hosts); the CSV's fields stay.

    Raises hbcast.Error subclasses with the command's one-line messages for bad options or an
    input that every scheduler fails on; KeyboardInterrupt (Ctrl-C) stops the children.
    """
    if cfg_file is not None:
        cfg = with_cfg_file(cfg or (), cfg_file)
    names: List[str] = []
    given: List[Dict[str, Any]] = []
    trees: List[_Broadcast] = []
    given_objects: Dict[str, _Broadcast] = {}
    for entry in ([schedulers] if isinstance(schedulers, (str, _Broadcast)) else list(schedulers)):
        if isinstance(entry, _Broadcast):
            spec = entry._given()
            if spec["name"] in given_objects:
                raise _hbcast.OptionError(f"two trees are named '{entry.name}': name them (Tree.from_parents(..., "
                                          "name=...)) to tell their records apart")
            names.append(spec["name"])
            given.append(spec)
            trees.append(entry)
            given_objects[spec["name"]] = entry
        else:
            names.extend(names_list(str(entry)) or [])
    options: Dict[str, Any] = {
        "schedulers": names, "size": size_text(size), "slices": slices, "port": port, "root": root,
        "params": parameters_list(params), "model": model, "platform_graph": platform_graph,
        "members": names_list(members) if members is not None else None, "member_fraction": member_fraction,
        "member_seed": member_seed, "mpi_baselines": mpi_baselines, "steady_state_bound": steady_state_bound,
        "timeout": timeout, "times": times, "classes": classes, "random_times": random_times,
        "class_values": class_values, "time_range": time_range, "seed": seed, "given_trees": given,
        "keep_trees": bool(keep_trees),
    }
    options = {key: value for key, value in options.items() if value is not None}
    sender_only = times is not None or classes is not None or random_times is not None
    if sender_only:
        if platform is not None:
            raise _hbcast.OptionError("a sender-only instance (times, classes, random_times) replaces the platform: "
                                      "give platform=None")
        options.update(cfg=list(cfg or []), log=list(log or []))
        answer = json.loads(_hbcast.simulate(json.dumps(options)))
        return results_from_report(answer, None, given=given_objects)
    _hbcast.check_options(json.dumps(options))  # bad options before any platform is loaded
    owned = None
    if not isinstance(platform, Platform):
        owned = Platform(_default_platform() if platform is None else platform, cfg=cfg or (), log=log or ())
        target = owned
    elif (cfg is not None and tuple(cfg) != platform.cfg) or (log is not None and tuple(log) != platform.log):
        owned = Platform(platform.path, cfg=cfg if cfg is not None else platform.cfg,
                         log=log if log is not None else platform.log)
        target = owned
    else:
        target = platform
    if root is None and trees:
        # The trees' root, unless it is the default one (the first host), as the command records it.
        roots = {tree.root for tree in trees}
        if len(roots) > 1:
            raise _hbcast.OptionError(f"the trees have different roots ({', '.join(sorted(roots))}): give root=")
        if roots != {target.hosts[0]}:
            options["root"] = roots.pop()
    try:
        answer = target._request({"op": "simulate", "options": options})
    except BaseException:
        if owned is not None:
            owned.close()
        raise
    # A record's tree predicts again with the options that shaped it.
    tree_options = {key: options[key] for key in ("root", "params", "model", "platform_graph", "members", "timeout")
                    if key in options}
    return results_from_report(answer, target, tree_options=tree_options, given=given_objects)


def _default_platform() -> str:
    """The default platform, found as ``hbcast simulate`` finds it."""
    return _hbcast.default_platform()
