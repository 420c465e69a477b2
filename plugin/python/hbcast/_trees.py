"""Broadcast trees: built by a scheduler, written by hand, predicted and replayed."""

from __future__ import annotations

import json
from collections import deque
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Dict, Iterable, List, Mapping, Optional, Sequence, Tuple, Union

from . import _hbcast
from ._options import Size, size_bytes, size_text

if TYPE_CHECKING:  # pragma: no cover
    from ._platforms import Platform
    from ._plans import Plan
    from ._results import Record


@dataclass(frozen=True)
class Figures:
    """One evaluation of a tree: its makespan (seconds) and, when pipelined, its steady-state
    period (seconds per slice) and throughput (bytes per second)."""

    makespan: float
    period: Optional[float] = None
    throughput: Optional[float] = None

    @staticmethod
    def from_json(value: Mapping[str, Any]) -> "Figures":
        """Figures from a report's JSON object {"makespan", "period", "throughput"}."""
        return Figures(value["makespan"], value.get("period"), value.get("throughput"))


@dataclass(frozen=True)
class Prediction:
    """A tree predicted without a replay.

    Attributes:
        own: under the scheduler's own model (the pairwise model for a tree written by hand).
        pairwise: under the platform's pairwise model, T_uv(S) = latency + S / bandwidth.
        own_model: the name of the own model.
        size, slices, port: what was predicted (bytes, slice count, "one-port" or "multi-port").
        ready_times: when each host holds the whole message under the pairwise model (hosts a
            multicast leaves out are absent).
        contention: the shared links the tree over-subscribes under the pairwise timing (atomic
            broadcasts only): ``hbcast simulate``'s contention summary, or None.
    """

    own: Figures
    pairwise: Figures
    own_model: str
    size: float
    slices: int
    port: str
    ready_times: Dict[str, float] = field(default_factory=dict, repr=False)
    contention: Optional[Dict[str, Any]] = field(default=None, repr=False)


def _port_name(port: str) -> str:
    return {"one": "one-port", "multi": "multi-port"}.get(port, port)


def _ready_map(hosts: Sequence[str], times: Sequence[float]) -> Dict[str, float]:
    return {host: time for host, time in zip(hosts, times) if time >= 0.0}


def _prediction(report: Mapping[str, Any], run: Mapping[str, Any]) -> Prediction:
    hosts = report["host_names"]
    return Prediction(
        own=Figures.from_json(run["own"]),
        pairwise=Figures.from_json(run["pairwise"]),
        own_model=run["own_model"],
        size=report["message_bytes"],
        slices=report["slices"],
        port=report["port"],
        ready_times=_ready_map(hosts, run.get("ready_times", [])),
        contention=run.get("contention"),
    )


class _Broadcast:
    """What trees and multi-tree plans share: their platform, root and name, predict and simulate."""

    platform: Optional["Platform"]
    hosts: Tuple[str, ...]
    root: str
    name: str
    scheduler: Optional[str]
    options: Dict[str, Any]
    prediction: Optional[Prediction]

    def _spec(self) -> Dict[str, Any]:
        raise NotImplementedError

    def plan_text(self, *, size: Size = "4MiB", slices: int = 1, port: str = "one") -> str:
        """The tree as plan JSON (``hbcast simulate --plan``'s format), for ``size``, ``slices`` and ``port``."""
        spec = self._spec()
        spec.update(scheduler=self.scheduler or self.name,
                    platform=self.platform.path if self.platform is not None else "",
                    hosts=list(self.hosts), root=self.root, message_bytes=size_bytes(size), slices=slices,
                    port=_port_name(port))
        return _hbcast.plan_text(json.dumps(spec))

    def to_plan(self, *, size: Size = "4MiB", slices: int = 1, port: str = "one") -> "Plan":
        """The tree as a Plan (write it with ``Plan.write``; ``hbcast smpi`` and libhbcast_mpi run it)."""
        from ._plans import Plan

        return Plan.from_json(self.plan_text(size=size, slices=slices, port=port))

    def _given(self, name: Optional[str] = None) -> Dict[str, Any]:
        """This tree as simulate's given tree (``tree:NAME``)."""
        return {"name": name or f"tree:{self.name}", "plan": self.plan_text(), "own_scheduler": self.scheduler or ""}

    def _platform(self) -> "Platform":
        if self.platform is None:
            raise _hbcast.Error(f"tree '{self.name}' has no platform to predict on (it came from a sender-only "
                                "instance): build it again with Tree.from_parents(platform, ...)")
        return self.platform

    def predict(self, *, size: Size = "4MiB", slices: int = 1, port: str = "one") -> Prediction:
        """The tree's makespan and, when pipelined, period and throughput, predicted under its
        scheduler's own model and under the pairwise model (nothing is replayed).

        A scheduler's tree is predicted by that scheduler's model for this size (the scheduler
        runs again for its model only); a tree written by hand by the pairwise model.
        """
        wanted = (size_bytes(size), int(slices), _port_name(port))
        cached = self.prediction
        if cached is not None and (cached.size, cached.slices, cached.port) == wanted:
            return cached
        options = dict(self.options)
        options.update(size=size_text(size), slices=slices, port=port, root=self.root, keep_trees=True, replay=False)
        given = self._given()
        options.update(schedulers=[given["name"]], given_trees=[given])
        answer = self._platform()._request({"op": "simulate", "options": _without_none(options)})
        report = answer["report"]
        run = report["runs"][0]
        if run.get("status") != "ok":
            raise _hbcast.Error(f"tree '{self.name}' {run.get('status')}: {run.get('error', '')}")
        return _prediction(report, run)

    def simulate(self, **options: Any) -> "Record":
        """Replays the tree: ``hbcast.simulate(tree.platform, [tree], **options)``'s record."""
        from ._simulation import simulate

        return simulate(self._platform(), [self], **options)[0]


def _without_none(options: Mapping[str, Any]) -> Dict[str, Any]:
    return {key: value for key, value in options.items() if value is not None}


class Tree(_Broadcast):
    """A broadcast tree over a platform's hosts: a root, and each host's children in send order.

    Built by ``Platform.schedule``, or by hand with ``Tree.from_parents`` / ``Tree.from_edges``
    (validated: every host reached once from the root). Hosts are named as in the platform.

    Attributes:
        platform: the platform it was built on.
        root: the host that broadcasts.
        name: its name (the scheduler's, or the one given); a simulation reports it as ``tree:NAME``.
        scheduler: the scheduler that built it, or None.
        options: the options it was built with (root, params, size, ...).
        prediction: the prediction made when it was built (None for a tree written by hand).
    """

    def __init__(self, platform: Optional["Platform"], hosts: Sequence[str], root: int,
                 children: Sequence[Sequence[int]], *, name: str = "user", scheduler: Optional[str] = None,
                 send_starts: Optional[Sequence[float]] = None, options: Optional[Mapping[str, Any]] = None,
                 prediction: Optional[Prediction] = None) -> None:
        self.platform = platform
        self.hosts = tuple(hosts)
        self._root = int(root)
        self._children = [list(map(int, kids)) for kids in children]
        self._send_starts = list(send_starts) if send_starts else None
        self.name = name
        self.scheduler = scheduler
        self.options = dict(options or {})
        self.prediction = prediction
        self._index = {host: k for k, host in enumerate(self.hosts)}
        self._parents: List[Optional[int]] = [None] * len(self.hosts)
        for parent, kids in enumerate(self._children):
            for child in kids:
                self._parents[child] = parent
        self._depths: Optional[List[Optional[int]]] = None

    # -- construction by hand ---------------------------------------------------------------
    @classmethod
    def from_parents(cls, platform: "Platform", parents: Union[Mapping[str, Optional[str]], Sequence[Optional[str]]],
                     *, name: str = "user") -> "Tree":
        """A tree from each host's parent: ``{host: parent_host, root: None}``, or a list in the
        platform's host order. Each parent sends to its children in the order they appear here.

        Raises PlatformError for a name that is not a host, TreeError unless exactly one host has
        no parent and every host is reached from it once (the message names the host).
        """
        if isinstance(parents, Mapping):
            items = list(parents.items())
        else:
            if len(parents) != len(platform.hosts):
                raise _hbcast.TreeError(f"{len(parents)} parents for the {len(platform.hosts)} hosts of the platform")
            items = list(zip(platform.hosts, parents))
        roots = [host for host, parent in items if parent is None]
        for host, parent in items:
            platform.index(host)
            if parent is not None:
                platform.index(parent)
        if len(roots) != 1:
            raise _hbcast.TreeError("no host is the root (a host whose parent is None)" if not roots else
                                    f"{len(roots)} hosts have no parent ({', '.join(roots[:5])}): a tree has one root")
        edges = [(parent, host) for host, parent in items if parent is not None]
        return cls.from_edges(platform, edges, root=roots[0], name=name)

    @classmethod
    def from_edges(cls, platform: "Platform", edges: Iterable[Tuple[str, str]], *, root: Optional[str] = None,
                   name: str = "user") -> "Tree":
        """A tree from its (parent, child) edges, each parent's in send order (networkx's
        ``list(G.edges)`` of a DiGraph will do). ``root`` defaults to the one parent that is no
        one's child. Validated as ``from_parents``.
        """
        edges = [(str(parent), str(child)) for parent, child in edges]
        if root is None:
            children = {child for _, child in edges}
            candidates = list(dict.fromkeys(parent for parent, _ in edges if parent not in children))
            if len(candidates) != 1:
                raise _hbcast.TreeError("cannot tell the root from the edges: give root=")
            root = candidates[0]
        kids: List[List[int]] = [[] for _ in platform.hosts]
        for parent, child in edges:
            kids[platform.index(parent)].append(platform.index(child))
        root_index = platform.index(root)
        _hbcast.validate_tree(list(platform.hosts), root_index, kids)
        return cls(platform, platform.hosts, root_index, kids, name=name)

    # -- structure --------------------------------------------------------------------------
    @property
    def root(self) -> str:  # type: ignore[override]
        return self.hosts[self._root]

    def _at(self, host: str) -> int:
        try:
            return self._index[host]
        except KeyError:
            raise _hbcast.PlatformError(f"no host named '{host}' in the platform") from None

    def parent(self, host: str) -> Optional[str]:
        """The host that sends to ``host``; None for the root (and hosts a multicast leaves out)."""
        parent = self._parents[self._at(host)]
        return None if parent is None else self.hosts[parent]

    def children(self, host: str) -> List[str]:
        """The hosts ``host`` sends to, in send order."""
        return [self.hosts[child] for child in self._children[self._at(host)]]

    @property
    def parents(self) -> Dict[str, Optional[str]]:
        """Every reached host's parent (the root's is None), in host order."""
        return {host: self.parent(host) for host in self.hosts if self.reaches(host)}

    def reaches(self, host: str) -> bool:
        """Whether the tree informs ``host`` (every host, but in a multicast)."""
        return self._depth_list()[self._at(host)] is not None

    def _depth_list(self) -> List[Optional[int]]:
        if self._depths is None:
            depths: List[Optional[int]] = [None] * len(self.hosts)
            depths[self._root] = 0
            queue = deque([self._root])
            while queue:
                node = queue.popleft()
                for child in self._children[node]:
                    depths[child] = depths[node] + 1  # type: ignore[operator]
                    queue.append(child)
            self._depths = depths
        return self._depths

    def depth(self, host: Optional[str] = None) -> int:
        """Hops from the root to ``host``; without a host, the tree's depth (its deepest host's)."""
        depths = self._depth_list()
        if host is None:
            return max(depth for depth in depths if depth is not None)
        depth = depths[self._at(host)]
        if depth is None:
            raise _hbcast.TreeError(f"host '{host}' is not in the tree")
        return depth

    @property
    def edges(self) -> List[Tuple[str, str]]:
        """The (parent, child) edges, breadth-first from the root, each parent's in send order: a
        plain edge list ``networkx.DiGraph(tree.edges)`` takes."""
        edges = []
        queue = deque([self._root])
        while queue:
            node = queue.popleft()
            for child in self._children[node]:
                edges.append((self.hosts[node], self.hosts[child]))
                queue.append(child)
        return edges

    def edge_list(self) -> List[Tuple[str, str]]:
        """The same as ``edges``."""
        return self.edges

    def send_start(self, host: str) -> Optional[float]:
        """The earliest time the parent of ``host`` starts sending to it, for timed schedules (LCF)."""
        if self._send_starts is None:
            return None
        start = self._send_starts[self._at(host)]
        return start if start >= 0.0 else None

    def __len__(self) -> int:
        """The number of hosts the tree informs, the root included."""
        return sum(depth is not None for depth in self._depth_list())

    def __repr__(self) -> str:
        return f"<hbcast.Tree '{self.name}' from {self.root}, {len(self)} hosts, depth {self.depth()}>"

    def to_dot(self, *, ready_times: Union[bool, Mapping[str, float]] = True) -> str:
        """The tree as Graphviz DOT, as ``hbcast simulate --dot`` writes it: edges labelled with the
        send order, nodes with their ready time (the prediction's when ``ready_times`` is True and
        the tree has one; or the times given; False: none)."""
        if ready_times is True:
            times = self.prediction.ready_times if self.prediction is not None else {}
        elif ready_times is False:
            times = {}
        else:
            times = dict(ready_times)
        ready = [times.get(host, -1.0) for host in self.hosts] if times else []
        starts = self._send_starts or []
        return _hbcast.tree_dot(list(self.hosts), self._root, self._children, starts, self.name, ready)

    def _spec(self) -> Dict[str, Any]:
        spec: Dict[str, Any] = {"children": self._children}
        if self._send_starts:
            spec["send_starts"] = self._send_starts
        return spec

    def children_lists(self) -> List[List[int]]:
        """Each host's children by host index (host order), as the C++ library's BroadcastTree holds them."""
        return [list(kids) for kids in self._children]


class MultiTree(_Broadcast):
    """A multi-tree plan: several trees, each carrying a share of the slices (its weight, slices
    per second). ``Platform.schedule`` returns one for the multi-tree schedulers.

    Attributes:
        trees: the trees, heaviest first as the scheduler gives them.
        weights: each tree's weight (slices per second; their sum is the plan's throughput).
    """

    def __init__(self, platform: Optional["Platform"], trees: Sequence[Tree], weights: Sequence[float], *,
                 name: str, scheduler: Optional[str] = None, options: Optional[Mapping[str, Any]] = None,
                 prediction: Optional[Prediction] = None, steady_state_optimum: Optional[float] = None) -> None:
        if not trees:
            raise _hbcast.TreeError("a multi-tree plan needs at least one tree")
        self.platform = platform
        self.trees = list(trees)
        self.weights = [float(weight) for weight in weights]
        self.hosts = trees[0].hosts
        self.name = name
        self.scheduler = scheduler
        self.options = dict(options or {})
        self.prediction = prediction
        self.steady_state_optimum = steady_state_optimum

    @property
    def root(self) -> str:  # type: ignore[override]
        return self.trees[0].root

    def __len__(self) -> int:
        return len(self.trees)

    def __repr__(self) -> str:
        return f"<hbcast.MultiTree '{self.name}' from {self.root}, {len(self.trees)} trees>"

    def _spec(self) -> Dict[str, Any]:
        return {"plan_children": [tree.children_lists() for tree in self.trees], "plan_weights": self.weights}


def tree_from_run(platform: Optional["Platform"], report: Mapping[str, Any], run: Mapping[str, Any], *,
                  scheduler: Optional[str], options: Mapping[str, Any], name: Optional[str] = None,
                  ) -> Union[Tree, MultiTree, None]:
    """The tree (or plan) of a run of a report made with keep_trees; None when it has none."""
    if "tree" not in run or "host_names" not in report:
        return None
    hosts = report["host_names"]
    root = hosts.index(report["root"])
    prediction = _prediction(report, run)
    label = name or run["scheduler"]
    plan = run.get("plan")
    if plan and plan.get("children"):
        trees = [Tree(platform, hosts, root, children, name=f"{label}#{k + 1}", scheduler=None)
                 for k, children in enumerate(plan["children"])]
        return MultiTree(platform, trees, plan["weights"], name=label, scheduler=scheduler, options=options,
                         prediction=prediction, steady_state_optimum=plan.get("steady_state_optimum"))
    starts = run.get("send_starts")
    return Tree(platform, hosts, root, run["tree"], name=label, scheduler=scheduler, send_starts=starts,
                options=options, prediction=prediction)
