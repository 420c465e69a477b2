// A program built against an installed hbcast with its one entry header: lists the schedulers,
// runs one end to end with simulate_scheduler (as `hbcast simulate` does), writes its tree as a
// plan, reads it back and checks that the plan predicts the same makespan. Exits non-zero on any
// disagreement.
//
//   consumer PLATFORM.xml     (a platform whose transfers share no link, e.g. hetero_star.xml)
#include <hbcast/hbcast.hpp>

int main(int argc, char** argv)
{
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s PLATFORM.xml\n", argv[0]);
    return 2;
  }
  std::printf("%zu schedulers registered, e.g. '%s'\n", hbcast::scheduler_registry().size(),
              hbcast::scheduler_registry().front().name.c_str());

  hbcast::SimulateOptions options;
  options.platform = argv[1];
  options.message_bytes = 1 << 20;
  options.keep_trees = true;  // the tree and the host names come back with the report
  const hbcast::SimulationReport report = hbcast::simulate_scheduler(options, "fnf");
  const hbcast::cli::SchedulerRun& run = report.runs.at(0);
  if (run.status != "ok") {
    std::fprintf(stderr, "fnf: %s\n", run.error.c_str());
    return 1;
  }
  std::printf("fnf on %zu hosts: predicted %.9f s, simulated %.9f s\n", report.host_count, run.pairwise.makespan,
              run.simulated.makespan);

  // The tree as a plan (the file libhbcast_mpi runs), written as JSON and read back.
  hbcast::BroadcastPlan plan;
  plan.scheduler = "fnf";
  plan.platform = argv[1];
  plan.hosts = report.host_names;
  plan.root = report.root;
  plan.message_bytes = report.message_bytes;
  const auto root = static_cast<hbcast::NodeId>(
      std::find(plan.hosts.begin(), plan.hosts.end(), plan.root) - plan.hosts.begin());
  plan.trees.push_back(hbcast::to_plan_tree(hbcast::BroadcastTree(root, run.children), plan.hosts));
  const hbcast::BroadcastPlan read = hbcast::plan_from_json(hbcast::plan_to_json(plan));
  const hbcast::BroadcastTree tree = hbcast::to_broadcast_tree(read.trees.at(0), read.hosts, read.root);
  std::printf("plan: %zu hosts, %zu transfers\n", read.hosts.size(), read.trees.at(0).edges.size());

  const bool agree = std::abs(run.simulated.makespan - run.pairwise.makespan) <= 1e-9 * run.pairwise.makespan &&
                     tree.size() == report.host_count;
  std::printf("%s\n", agree ? "simulation equals prediction, plan read back" : "DISAGREEMENT");
  return agree ? 0 : 1;
}
