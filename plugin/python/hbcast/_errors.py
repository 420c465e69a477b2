"""The exceptions hbcast raises: each carries the message `hbcast` prints after 'hbcast: error: '."""

from ._hbcast import (  # noqa: F401  (re-exported)
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

__all__ = [
    "Error",
    "OptionError",
    "PlanError",
    "PlatformError",
    "ResultsError",
    "ScenarioError",
    "SchedulerError",
    "SimulationError",
    "TreeError",
]
