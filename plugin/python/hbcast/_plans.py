"""Plan files (``hbcast simulate --plan``): trees by host name that libhbcast_mpi runs."""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass
from typing import TYPE_CHECKING, Optional, Tuple, Union

from . import _hbcast
from ._options import Size

if TYPE_CHECKING:  # pragma: no cover
    from ._platforms import Platform
    from ._trees import MultiTree, Tree

PathLike = Union[str, "os.PathLike[str]"]


@dataclass(frozen=True)
class Plan:
    """A broadcast plan, checked as ``hbcast`` checks plan files.

    Attributes:
        scheduler: who made it (informative).
        platform: the platform file it was made for.
        hosts: every host of that platform, in host order.
        root: the host that broadcasts.
        message_bytes, slices, port: what it was made for ("one-port" or "multi-port").
        trees: each tree's weight and (parent, child, start) edges, each parent's in send order
            (``start`` None unless the schedule fixes it).
        predicted_makespan, simulated_makespan: hbcast's figures when it was written, if any.
    """

    scheduler: str
    platform: str
    hosts: Tuple[str, ...]
    root: str
    message_bytes: float
    slices: int
    port: str
    trees: Tuple[Tuple[float, Tuple[Tuple[str, str, Optional[float]], ...]], ...]
    predicted_makespan: Optional[float]
    simulated_makespan: Optional[float]
    text: str

    @staticmethod
    def from_json(text: str) -> "Plan":
        """A plan from its JSON text; raises PlanError naming the problem."""
        canonical = _hbcast.plan_from_json(text)
        data = json.loads(canonical)
        trees = tuple(
            (float(tree.get("weight", 1.0)),
             tuple((edge["from"], edge["to"], edge.get("start")) for edge in tree["edges"]))
            for tree in data["trees"])
        return Plan(data.get("scheduler", ""), data.get("platform", ""), tuple(data["hosts"]), data["root"],
                    float(data["message_bytes"]), int(data["slices"]), data["port"], trees,
                    data.get("predicted_makespan"), data.get("simulated_makespan"), canonical)

    def write(self, path: PathLike) -> str:
        """Writes the plan to ``path`` (replaced atomically, as ``hbcast simulate --plan``)."""
        target = os.fspath(path)
        directory = os.path.dirname(os.path.abspath(target))
        fd, temporary = tempfile.mkstemp(dir=directory, prefix=".hbcast-")
        try:
            with os.fdopen(fd, "w") as out:
                out.write(self.text)
            os.replace(temporary, target)
        except BaseException:
            if os.path.exists(temporary):
                os.unlink(temporary)
            raise
        return target

    def tree(self, platform: "Platform", *, name: Optional[str] = None) -> Union["Tree", "MultiTree"]:
        """The plan's tree (a MultiTree for several) over ``platform``'s hosts, validated."""
        from ._trees import MultiTree, Tree

        label = name or self.scheduler or "plan"
        trees = []
        for k, (_, edges) in enumerate(self.trees):
            tree = Tree.from_edges(platform, [(parent, child) for parent, child, _ in edges], root=self.root,
                                   name=label if len(self.trees) == 1 else f"{label}#{k + 1}")
            starts = [-1.0] * len(platform.hosts)
            for _, child, start in edges:
                if start is not None:
                    starts[platform.index(child)] = start
            if any(start >= 0.0 for start in starts):
                tree._send_starts = starts
            trees.append(tree)
        if len(trees) == 1:
            return trees[0]
        return MultiTree(platform, trees, [weight for weight, _ in self.trees], name=label)


def read_plan(path: PathLike) -> Plan:
    """Reads and checks a plan file; raises PlanError naming the file and the problem."""
    return Plan.from_json(_hbcast.load_plan(os.fspath(path)))


def write_plan(path: PathLike, tree: Union["Tree", "MultiTree", Plan], *, size: Size = "4MiB", slices: int = 1,
               port: str = "one") -> Plan:
    """Writes a tree (or plan) as a plan file for ``size``, ``slices`` and ``port``; returns the Plan."""
    plan = tree if isinstance(tree, Plan) else tree.to_plan(size=size, slices=slices, port=port)
    plan.write(path)
    return plan
