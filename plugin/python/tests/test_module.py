"""The module as a package: the registry as the command lists it, docstrings and signatures for
help(), the import path the docs give, and the install rule putting it where Debian's Python looks."""

import inspect
import os
import shutil
import subprocess
import sys

import pytest

import hbcast
from conftest import run_cli

BUILD_PACKAGE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(hbcast.__file__)))


def test_schedulers_are_the_commands():
    listed = run_cli("schedulers").stdout.splitlines()
    names = [line.split()[0] for line in listed[2:] if line and not line.startswith("-") and " " in line]
    schedulers = hbcast.schedulers()
    assert [s.name for s in schedulers] == names[:len(schedulers)]
    for info in schedulers:
        assert info.description and info.paper
        assert any(info.description in line and info.paper in line for line in listed), info.name
    lcf_m = hbcast.scheduler("lcf-m")
    assert [p.name for p in lcf_m.parameters] == ["m"]
    assert hbcast.scheduler("multi-tree").named_only
    with pytest.raises(hbcast.OptionError, match="unknown scheduler 'nope'"):
        hbcast.scheduler("nope")


def test_every_public_name_is_documented():
    for name in hbcast.__all__:
        value = getattr(hbcast, name)
        if name == "Size":
            continue
        assert inspect.getdoc(value), name
        if inspect.isclass(value) and not issubclass(value, BaseException):
            for member_name, member in vars(value).items():
                if not member_name.startswith("_") and callable(member):
                    assert inspect.getdoc(member), f"{name}.{member_name}"
    for function in (hbcast.simulate, hbcast.load_platform, hbcast.generate, hbcast.sweep, hbcast.read_results,
                     hbcast.Platform.schedule, hbcast.Tree.predict, hbcast.Tree.from_parents):
        signature = inspect.signature(function)
        assert signature.parameters, function
    assert "size" in inspect.signature(hbcast.simulate).parameters
    assert "slices" in inspect.signature(hbcast.Tree.predict).parameters


def test_errors_form_one_hierarchy():
    for name in ("PlatformError", "OptionError", "SchedulerError", "TreeError", "PlanError", "ScenarioError",
                 "ResultsError", "SimulationError"):
        error = getattr(hbcast, name)
        assert issubclass(error, hbcast.Error) and error.__module__ == "hbcast", name
        assert inspect.getdoc(error)
    assert issubclass(hbcast.OptionError, ValueError)


def test_help_reads_well():
    text = subprocess.run([sys.executable, "-c", "import hbcast; help(hbcast.simulate); help(hbcast.Tree)"],
                          capture_output=True, text=True, env=dict(os.environ, PAGER="cat", TERM="dumb"),
                          check=True).stdout
    assert "Builds, predicts and replays broadcast trees" in text
    assert "from_parents(platform" in text and "A broadcast tree over a platform's hosts" in text


def test_import_from_the_build_tree_with_the_documented_path():
    # docs/python.md: PYTHONPATH=build/plugin/python python3 -c "import hbcast"
    environment = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    environment["PYTHONPATH"] = BUILD_PACKAGE_DIR
    assert BUILD_PACKAGE_DIR.endswith(os.path.join("plugin", "python"))
    result = subprocess.run([sys.executable, "-c", "import hbcast; print(hbcast.__file__)"], capture_output=True,
                            text=True, env=environment, cwd="/")
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().startswith(BUILD_PACKAGE_DIR)


def test_install_puts_the_module_where_debians_python_finds_it(tmp_path):
    # `cmake --install` into a staging directory: the package lands under a directory Debian's
    # interpreter has on sys.path (with the prefix staged), and imports from there alone.
    build_dir = os.path.dirname(os.path.dirname(BUILD_PACKAGE_DIR))
    cmake = shutil.which("cmake")
    if cmake is None:
        pytest.fail("cmake not found")
    prefix = subprocess.run([cmake, "-L", "-N", build_dir], capture_output=True, text=True, check=True).stdout
    install_prefix = [line.split("=", 1)[1] for line in prefix.splitlines() if line.startswith("CMAKE_INSTALL_PREFIX")]
    assert install_prefix, prefix
    stage = tmp_path / "stage"
    subprocess.run([cmake, "--install", build_dir, "--component", "python"], check=True, capture_output=True,
                   env=dict(os.environ, DESTDIR=str(stage)))
    found = [root for root, _, files in os.walk(stage) if "__init__.py" in files and root.endswith("/hbcast")]
    assert len(found) == 1, found
    site = os.path.dirname(found[0])[len(str(stage)):]
    paths = subprocess.run([sys.executable, "-c", "import sys; print('\\n'.join(sys.path))"], capture_output=True,
                           text=True, check=True, env={"PATH": os.environ.get("PATH", "")}).stdout.split()
    assert site in paths, (site, paths)
    assert site.startswith(install_prefix[0].rstrip("/") + "/")
    environment = {"PATH": os.environ.get("PATH", ""), "PYTHONPATH": str(stage) + site}
    result = subprocess.run([sys.executable, "-c", "import hbcast; print(hbcast.__file__, len(hbcast.schedulers()))"],
                            capture_output=True, text=True, env=environment, cwd="/")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith(str(stage) + site)


def test_the_extensions_stub_lists_what_it_has():
    import ast

    from hbcast import _hbcast

    stub = os.path.join(os.path.dirname(hbcast.__file__), "_hbcast.pyi")
    tree = ast.parse(open(stub).read())
    declared = {node.name for node in tree.body if isinstance(node, (ast.FunctionDef, ast.ClassDef))}
    present = {name for name in dir(_hbcast) if not name.startswith("_")}
    assert declared == present
    server = [node for node in tree.body if isinstance(node, ast.ClassDef) and node.name == "PlatformServer"][0]
    methods = {node.name for node in server.body if isinstance(node, ast.FunctionDef) and node.name != "__init__"}
    assert methods == {name for name in dir(_hbcast.PlatformServer) if not name.startswith("_")}
