"""The scheduler registry, as `hbcast schedulers` lists it."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import List, Tuple

from . import _hbcast


@dataclass(frozen=True)
class SchedulerParameter:
    """A parameter a scheduler reads (``params={"m": 4}``, the CLI's ``--param m=4``)."""

    name: str
    summary: str
    default: float


@dataclass(frozen=True)
class SchedulerInfo:
    """One registered scheduler.

    Attributes:
        name: the stable name used by ``schedule``, ``simulate`` and result files.
        description: what it does, in one line.
        paper: the paper and section it comes from.
        parameters: the parameters it reads, with their defaults.
        needs_platform_graph: works only where hosts are joined by direct links (or a routed
            graph can be built), like the Beaumont-Marchal-Robert heuristics.
        needs_links: reads the platform's links and routes (the link-aware schedulers).
        named_only: runs only when named, never as part of ``"all"`` (multi-tree plans).
        multicast: has a multicast algorithm of its own (the others prune their broadcast tree).
    """

    name: str
    description: str
    paper: str
    parameters: Tuple[SchedulerParameter, ...]
    needs_platform_graph: bool
    needs_links: bool
    named_only: bool
    multicast: bool


def schedulers() -> List[SchedulerInfo]:
    """Every registered scheduler, in the registry's order (``hbcast schedulers``)."""
    return [
        SchedulerInfo(
            name=entry["name"],
            description=entry["summary"],
            paper=entry["source"],
            parameters=tuple(
                SchedulerParameter(p["name"], p["summary"], float(p["default"])) for p in entry["parameters"]
            ),
            needs_platform_graph=entry["needs_platform_graph"],
            needs_links=entry["needs_links"],
            named_only=entry["named_only"],
            multicast=entry["multicast"],
        )
        for entry in json.loads(_hbcast.schedulers())
    ]


def scheduler(name: str) -> SchedulerInfo:
    """The scheduler called ``name``; raises OptionError for an unknown name."""
    for info in schedulers():
        if info.name == name:
            return info
    raise _hbcast.OptionError(f"unknown scheduler '{name}' (see 'hbcast schedulers')")
