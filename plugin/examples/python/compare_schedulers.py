#!/usr/bin/env python3
"""Compare broadcast schedulers over the message size, in a pandas table and a matplotlib figure.

    PYTHONPATH=build/plugin/python python3 plugin/examples/python/compare_schedulers.py --output-dir out

Generates a Tiers-style WAN/MAN/LAN platform (or loads --platform FILE.xml), replays each
scheduler's tree at each size (one child process per scheduler and size, as `hbcast simulate`
does), prints the simulated makespans with the best scheduler of each size marked, and saves
out/compare_schedulers.png (simulated makespan, and simulated / predicted, against the size) and
out/compare_schedulers.csv (every record).
"""

import argparse
import os
import sys

import matplotlib

if not os.environ.get("DISPLAY") and not os.environ.get("MPLBACKEND"):
    matplotlib.use("Agg")  # no screen: draw to files only
import matplotlib.pyplot as plt  # noqa: E402
import pandas  # noqa: E402

import hbcast  # noqa: E402

SCHEDULERS = ["flat", "binomial", "fnf", "ecef-la", "lcf", "link-fnf"]
SIZES = ["64KiB", "256KiB", "1MiB", "4MiB", "16MiB", "64MiB"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--platform", help="SimGrid platform XML (default: a generated Tiers platform, seed 3)")
    parser.add_argument("--output-dir", default=".", help="where the figure and the CSV go (default: here)")
    parser.add_argument("--schedulers", default=",".join(SCHEDULERS), help="comma-separated scheduler names")
    arguments = parser.parse_args()
    os.makedirs(arguments.output_dir, exist_ok=True)

    if arguments.platform:
        platform = hbcast.load_platform(arguments.platform)
    else:
        platform = hbcast.generate("tiers", seed=3)
    print(f"{platform}: {len(platform.groups('latency'))} latency groups", file=sys.stderr)

    frames = []
    for size in SIZES:
        results = hbcast.simulate(platform, arguments.schedulers, size=size)
        for record in results:
            if not record.ok:
                print(f"{record.scheduler} at {size}: {record.status}: {record.error}", file=sys.stderr)
        frames.append(results.to_pandas())
    records = pandas.concat(frames, ignore_index=True)
    records.to_csv(os.path.join(arguments.output_dir, "compare_schedulers.csv"), index=False)

    ok = records[records.status == "ok"]
    table = ok.pivot(index="message_bytes", columns="scheduler", values="simulated_makespan")
    table = table[[name for name in arguments.schedulers.split(",") if name in table.columns]]
    shown = table.copy()
    shown["best"] = table.idxmin(axis=1)
    pandas.set_option("display.width", 160)
    print("simulated makespan (s) by message size (bytes)")
    print(shown.to_string(float_format=lambda value: f"{value:.6f}"))

    figure, (makespan_axes, ratio_axes) = plt.subplots(1, 2, figsize=(12, 4.5))
    for scheduler in table.columns:
        rows = ok[ok.scheduler == scheduler].sort_values("message_bytes")
        makespan_axes.plot(rows.message_bytes, rows.simulated_makespan, marker="o", label=scheduler)
        ratio_axes.plot(rows.message_bytes, rows.simulated_makespan / rows.pairwise_makespan, marker="o",
                        label=scheduler)
    for axes in (makespan_axes, ratio_axes):
        axes.set_xscale("log", base=2)
        axes.set_xlabel("message size (bytes)")
        axes.grid(True, which="both", alpha=0.3)
    makespan_axes.set_yscale("log")
    makespan_axes.set_ylabel("simulated makespan (s)")
    ratio_axes.set_ylabel("simulated / predicted (pairwise model)")
    ratio_axes.axhline(1.0, color="black", linewidth=0.8)
    makespan_axes.legend()
    figure.suptitle(f"{os.path.basename(platform.path)}: {len(platform)} hosts, root {records.root.iloc[0]}")
    figure.tight_layout()
    path = os.path.join(arguments.output_dir, "compare_schedulers.png")
    figure.savefig(path, dpi=100)
    print(f"figure: {path}", file=sys.stderr)
    platform.close()


if __name__ == "__main__":
    main()
