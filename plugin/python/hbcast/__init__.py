"""hbcast: broadcast trees on heterogeneous platforms, predicted and replayed in SimGrid.

The library behind the ``hbcast`` command, as Python objects::

    import hbcast

    platform = hbcast.load_platform("platforms/tiers_30.xml")    # or hbcast.generate("random", nodes=30)
    tree = platform.schedule("fnf", size="4MiB")                 # a Tree: parent, children, edges, DOT
    print(tree.predict(size="4MiB").pairwise.makespan)
    results = hbcast.simulate(platform, ["fnf", "binomial", tree], size="4MiB")
    frame = results.to_pandas()                                  # the columns of simulate --format csv

Platforms load in a process of their own and every replay runs in a child process (SimGrid runs
one engine per process and may abort): nothing SimGrid does can end the interpreter, and Ctrl-C
stops the children. Errors are ``hbcast.Error`` subclasses carrying the command's one-line
messages. See docs/python.md.
"""

from ._errors import (
    Error,
    OptionError,
    PlanError,
    PlatformError,
    ResultsError,
    ScenarioError,
    SchedulerError,
    SimulationError,
    TreeError,
)
from ._options import Size, size_bytes
from ._plans import Plan, read_plan, write_plan
from ._platforms import Generator, GeneratorParameter, Link, Platform, Route, generate, generators, load_platform
from ._results import Record, Results, read_results
from ._schedulers import SchedulerInfo, SchedulerParameter, scheduler, schedulers
from ._simulation import simulate
from ._sweeps import ScenarioInfo, load_scenario, sweep
from ._trees import Figures, MultiTree, Prediction, Tree

__all__ = [
    "Error", "OptionError", "PlanError", "PlatformError", "ResultsError", "ScenarioError", "SchedulerError",
    "SimulationError", "TreeError",
    "Size", "size_bytes",
    "Plan", "read_plan", "write_plan",
    "Generator", "GeneratorParameter", "Link", "Platform", "Route", "generate", "generators", "load_platform",
    "Record", "Results", "read_results",
    "SchedulerInfo", "SchedulerParameter", "scheduler", "schedulers",
    "simulate",
    "ScenarioInfo", "load_scenario", "sweep",
    "Figures", "MultiTree", "Prediction", "Tree",
]
