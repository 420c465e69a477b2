"""Platforms: SimGrid XML files and generated ones, loaded once in a process of their own."""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Dict, Iterator, List, Mapping, Optional, Sequence, Tuple, Union

from . import _hbcast
from ._options import Size, parameters_list, size_bytes, size_text

if TYPE_CHECKING:  # pragma: no cover
    from ._trees import MultiTree, Tree

PathLike = Union[str, "os.PathLike[str]"]


@dataclass(frozen=True)
class Link:
    """One link of a route, as SimGrid declares it (bandwidth in bytes/s, latency in seconds)."""

    name: str
    bandwidth: float
    latency: float
    sharing_policy: str


@dataclass(frozen=True)
class Route:
    """The route from ``source`` to ``destination``.

    Attributes:
        links: SimGrid's links in route order.
        latency: the pairwise model's latency: the links' latencies summed (seconds).
        bandwidth: the pairwise model's bandwidth: the bottleneck (bytes/s).
    """

    source: str
    destination: str
    links: Tuple[Link, ...]
    latency: float
    bandwidth: float

    def transfer_time(self, size: Size) -> float:
        """The pairwise model's time for ``size`` bytes alone on this route: latency + size / bandwidth."""
        return self.latency + _hbcast.parse_size(size_text(size)) / self.bandwidth


@dataclass(frozen=True)
class GeneratorParameter:
    """A parameter of a platform generator (``hbcast generate NAME --help``)."""

    name: str
    value_name: str
    description: str
    default: str


@dataclass(frozen=True)
class Generator:
    """A platform generator: ``generate(name, **parameters)``."""

    name: str
    summary: str
    details: str
    parameters: Tuple[GeneratorParameter, ...]


def generators() -> List[Generator]:
    """Every platform generator, as ``hbcast generate --help`` lists them."""
    return [
        Generator(
            g["name"],
            g["summary"],
            g["details"],
            tuple(GeneratorParameter(p["name"], p["value_name"], p["description"], p["default"]) for p in g["parameters"]),
        )
        for g in json.loads(_hbcast.generators())
    ]


class Platform:
    """A SimGrid platform, loaded once in a process of its own.

    The interpreter never runs SimGrid itself: the platform's process holds the engine, the
    platform and its pairwise model, answers route and group questions, and forks a child for
    each schedule, prediction or simulation (each scheduler replayed in a child of its own, as
    ``hbcast simulate`` does). Close it with ``close()`` or a ``with`` block; it is closed when
    garbage-collected too.

    Attributes:
        path: the platform file.
        hosts: the host names in declaration order (hbcast's host order).
        cfg: the SimGrid options it was loaded with (``key:value``; exact mode unless they pick a
            network model).
        log: the SimGrid log settings.
    """

    def __init__(self, path: PathLike, *, cfg: Sequence[str] = (), log: Sequence[str] = (),
                 cfg_file: Optional[PathLike] = None, _generated: Optional[Dict[str, Any]] = None,
                 _owned_dir: Any = None, _load_size: Optional[Dict[str, Any]] = None) -> None:
        self._owned_dir = _owned_dir
        self.generated = _generated
        self._load = {"platform": os.fspath(path), "cfg": with_cfg_file(cfg, cfg_file), "log": list(log)}
        self._server: Optional[_hbcast.PlatformServer] = None
        self._server = _hbcast.PlatformServer(json.dumps(dict(self._load, **(_load_size or {}))))
        self._siblings: Dict[float, "Platform"] = {}
        description = json.loads(self._server.description)
        self._factor_slice_bytes = float(description.get("factor_slice_bytes", 0.0))
        self.path: str = description["path"]
        self.hosts: Tuple[str, ...] = tuple(description["hosts"])
        self.cfg: Tuple[str, ...] = tuple(description["cfg"])
        self.log: Tuple[str, ...] = tuple(description["log"])
        self._index = {name: k for k, name in enumerate(self.hosts)}
        self._routes: Dict[Tuple[str, str], Route] = {}
        self._groups: Dict[str, List[List[str]]] = {}

    # -- lifetime ---------------------------------------------------------------------------
    def close(self) -> None:
        """Stops the platform's process (and removes a generated platform's temporary file)."""
        server, self._server = getattr(self, "_server", None), None
        if server is not None:
            server.close()
        for sibling in getattr(self, "_siblings", {}).values():
            sibling.close()
        owned, self._owned_dir = getattr(self, "_owned_dir", None), None
        if owned is not None:
            owned.cleanup()

    @property
    def closed(self) -> bool:
        return self._server is None

    def __enter__(self) -> "Platform":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:  # the interpreter may be shutting down
            pass

    def _request(self, request: Dict[str, Any]) -> Any:
        if self._server is None:
            raise _hbcast.Error(f"the platform '{self.path}' is closed")
        options = request.get("options")
        if options is not None and self._factor_slice_bytes:
            slice_bytes = _hbcast.slice_size(size_bytes(options.get("size", "4MiB")), int(options.get("slices", 1)))
            if slice_bytes != self._factor_slice_bytes:
                return self._sibling(options)._request(request)
        return json.loads(self._server.request(json.dumps(request)))

    def _sibling(self, options: Mapping[str, Any]) -> "Platform":
        """The platform loaded again for another slice size: SMPI's size factors (in ``cfg``) scale
        its links for one transfer size, as ``hbcast simulate`` loads it for its own."""
        slice_bytes = _hbcast.slice_size(size_bytes(options.get("size", "4MiB")), int(options.get("slices", 1)))
        if slice_bytes not in self._siblings:
            self._siblings[slice_bytes] = Platform(
                self._load["platform"], cfg=self._load["cfg"], log=self._load["log"],
                _load_size={"size": options.get("size", "4MiB"), "slices": options.get("slices", 1)})
        return self._siblings[slice_bytes]

    # -- hosts ------------------------------------------------------------------------------
    def __len__(self) -> int:
        return len(self.hosts)

    def __iter__(self) -> Iterator[str]:
        return iter(self.hosts)

    def __contains__(self, host: object) -> bool:
        return host in self._index

    def __repr__(self) -> str:
        state = ", closed" if self.closed else ""
        return f"<hbcast.Platform '{self.path}', {len(self.hosts)} hosts{state}>"

    def index(self, host: str) -> int:
        """The host's index in host order; raises PlatformError for an unknown host."""
        try:
            return self._index[host]
        except KeyError:
            raise _hbcast.PlatformError(f"no host named '{host}' in the platform") from None

    # -- routes and groups ------------------------------------------------------------------
    def route(self, source: str, destination: str) -> Route:
        """The route between two hosts: SimGrid's links, the model's latency and bandwidth."""
        key = (source, destination)
        if key not in self._routes:
            answer = self._request({"op": "route", "source": source, "destination": destination})
            self._routes[key] = Route(
                source,
                destination,
                tuple(Link(**link) for link in answer["links"]),
                answer["latency"],
                answer["bandwidth"],
            )
        return self._routes[key]

    def latency(self, source: str, destination: str) -> float:
        """The pairwise model's latency from ``source`` to ``destination`` (seconds)."""
        return self.route(source, destination).latency

    def bandwidth(self, source: str, destination: str) -> float:
        """The pairwise model's bandwidth from ``source`` to ``destination`` (bytes/s)."""
        return self.route(source, destination).bandwidth

    def transfer_time(self, source: str, destination: str, size: Size) -> float:
        """The pairwise model's T_uv(S): latency + S / bandwidth, in seconds."""
        return self.route(source, destination).transfer_time(size)

    def groups(self, kind: str = "latency") -> List[List[str]]:
        """The groups of hosts a model sees, each a list of host names.

        ``"latency"``: the latency grouping the grid and two-level cluster schedulers work on
        (Lowekamp and Beguelin's, tolerance 30%). ``"blocks"``: the pairwise model's blocks, hosts
        it cannot tell apart (a ``<cluster>`` of alike hosts is one block).
        """
        if kind not in self._groups:
            self._groups[kind] = self._request({"op": "groups", "kind": kind})
        return [list(group) for group in self._groups[kind]]

    # -- trees ------------------------------------------------------------------------------
    def schedule(self, scheduler: str, *, root: Optional[str] = None, params: Optional[Mapping[str, float]] = None,
                 size: Size = "4MiB", slices: int = 1, port: str = "one", model: str = "pairwise",
                 platform_graph: str = "auto", members: Optional[Sequence[str]] = None,
                 timeout: Optional[float] = None) -> Union["Tree", "MultiTree"]:
        """The tree ``scheduler`` builds on this platform (a MultiTree for a multi-tree plan).

        Options as ``hbcast simulate``'s: ``root`` (default: the first host; ``"fastest"``),
        ``params`` (``{"m": 4}``), ``size`` (bytes or ``"4MiB"``), ``slices``, ``port`` (``"one"`` or
        ``"multi"``), ``model`` (what the scheduler sees: ``"pairwise"`` or ``"sender-only"``),
        ``platform_graph``, ``members`` (a multicast), ``timeout`` (seconds). The tree keeps the
        predictions made with it (``tree.prediction``). Nothing is replayed.
        """
        from ._trees import tree_from_run

        if not isinstance(scheduler, str) or not scheduler or "," in scheduler or scheduler == "all":
            raise _hbcast.OptionError(f"schedule takes one scheduler name, not {scheduler!r} (simulate runs several)")
        options = {
            "schedulers": [scheduler], "root": root, "params": parameters_list(params), "size": size_text(size),
            "slices": slices, "port": port, "model": model, "platform_graph": platform_graph, "members": members,
            "timeout": timeout, "keep_trees": True, "replay": False,
        }
        answer = self._request({"op": "simulate", "options": _clean(options)})
        report = answer["report"]
        runs = report["runs"] + [dict(run, status="skipped") for run in report.get("skipped", [])]
        run = runs[0]
        if run.get("status") != "ok":
            kind = _hbcast.SchedulerError if run.get("status") in ("not-applicable", "skipped") else _hbcast.Error
            raise kind(f"scheduler '{scheduler}' {run.get('status')}: {run.get('error') or run.get('reason', '')}")
        return tree_from_run(self, report, run, scheduler=scheduler,
                             options={k: v for k, v in options.items() if k not in ("schedulers", "keep_trees",
                                                                                    "replay")})

    def simulate(self, schedulers: Any = ("all",), **options: Any) -> "Any":
        """``hbcast.simulate(self, schedulers, **options)``."""
        from ._simulation import simulate

        return simulate(self, schedulers, **options)

    def save(self, path: PathLike) -> str:
        """Writes a copy of the platform's XML to ``path`` (replaced if it exists); returns the path."""
        with open(self.path, "rb") as source:
            data = source.read()
        target = os.fspath(path)
        directory = os.path.dirname(os.path.abspath(target))
        fd, temporary = tempfile.mkstemp(dir=directory, prefix=".hbcast-")
        try:
            with os.fdopen(fd, "wb") as out:
                out.write(data)
            os.replace(temporary, target)
        except BaseException:
            if os.path.exists(temporary):
                os.unlink(temporary)
            raise
        return target


def _clean(options: Dict[str, Any]) -> Dict[str, Any]:
    return {key: value for key, value in options.items() if value is not None}


def with_cfg_file(cfg: Sequence[str], cfg_file: Optional[PathLike]) -> List[str]:
    """``cfg`` after the settings of ``cfg_file`` (``simulate --cfg-file``: one ``--cfg=key:value``
    a line, hbcast calibrate's FILE.cfg), as the command orders them."""
    settings = list(_hbcast.read_cfg_file(os.fspath(cfg_file))) if cfg_file is not None else []
    return settings + list(cfg)


def load_platform(path: PathLike, *, cfg: Sequence[str] = (), log: Sequence[str] = (),
                  cfg_file: Optional[PathLike] = None) -> Platform:
    """Loads a SimGrid platform XML file.

    ``cfg``: SimGrid options ``key:value`` (``hbcast simulate --cfg``), by default hbcast's exact
    mode (CM02, no cross traffic, TCP-gamma 1e30); ``cfg_file``: more of them from a file
    (``--cfg-file``, e.g. hbcast calibrate's FILE.cfg), before ``cfg``; ``log``: SimGrid log
    settings. Raises PlatformError for a missing, unreadable or malformed file or a platform
    without hosts.
    """
    return Platform(path, cfg=cfg, log=log, cfg_file=cfg_file)


def generate(generator: str, *, seed: int = 1, path: Optional[PathLike] = None, cfg: Sequence[str] = (),
             log: Sequence[str] = (), **parameters: Any) -> Platform:
    """Generates a platform (``hbcast generate GENERATOR``) and loads it.

    ``parameters`` are the generator's (``generators()`` lists them), with ``_`` for ``-``:
    ``generate("random", nodes=30, density=0.12, bw_mean=1e8, seed=7)``. The XML goes to ``path``
    when given (replaced atomically, as ``hbcast generate -o``), else to a temporary file removed
    when the platform is closed. The same seed and parameters give a byte-identical file.
    """
    given = {key.replace("_", "-"): _parameter_text(value) for key, value in parameters.items()}
    xml = _hbcast.generate_platform(generator, given, str(seed))
    owned = None
    if path is None:
        owned = tempfile.TemporaryDirectory(prefix="hbcast-platform-")
        target = os.path.join(owned.name, f"{generator}.xml")
        with open(target, "w") as out:
            out.write(xml)
    else:
        target = os.fspath(path)
        directory = os.path.dirname(os.path.abspath(target))
        fd, temporary = tempfile.mkstemp(dir=directory, prefix=".hbcast-")
        with os.fdopen(fd, "w") as out:
            out.write(xml)
        os.replace(temporary, target)
    try:
        return Platform(target, cfg=cfg, log=log,
                        _generated={"generator": generator, "parameters": given, "seed": seed}, _owned_dir=owned)
    except BaseException:
        if owned is not None:
            owned.cleanup()
        raise


def _parameter_text(value: Any) -> str:
    if isinstance(value, bool):
        raise _hbcast.OptionError(f"a generator parameter must be a number, not {value!r}")
    return repr(value) if isinstance(value, float) else str(value)
