#include <hbcast/grid/grid_optimum.hpp>

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

namespace hbcast {
namespace {

class Search {
public:
  Search(const GridInstance& instance, GridCompletion completion)
      : instance_(instance), k_(instance.cluster_count()), ready_(k_, -1.0), arrival_(k_, -1.0),
        release_(completion == GridCompletion::release)
  {
    ready_[instance.root_cluster()] = arrival_[instance.root_cluster()] = 0.0;
  }
  double run()
  {
    explore(k_ - 1);
    return best_;
  }

private:
  // Lower bound: every cluster, informed or not, ends no earlier than its release (ready time, which
  // only grows) or arrival, plus T; a waiting one no earlier than T.
  double bound() const
  {
    double bound = 0.0;
    for (std::size_t i = 0; i < k_; ++i)
      bound = std::max(bound, std::max(release_ ? ready_[i] : arrival_[i], 0.0) + instance_.broadcast_time(i));
    return bound;
  }
  void explore(std::size_t waiting)
  {
    if (bound() >= best_)
      return;
    if (waiting == 0) {
      best_ = bound();  // every ready_ is a release time now: the bound is the makespan
      return;
    }
    for (std::size_t i = 0; i < k_; ++i) {
      if (ready_[i] < 0.0)
        continue;
      for (std::size_t j = 0; j < k_; ++j) {
        if (ready_[j] >= 0.0)
          continue;
        const double before = ready_[i];
        ready_[i] = ready_[j] = arrival_[j] = before + instance_.transfer_time(i, j);
        explore(waiting - 1);
        ready_[j] = arrival_[j] = -1.0;
        ready_[i] = before;
      }
    }
  }

  const GridInstance& instance_;
  std::size_t k_;
  std::vector<double> ready_;    // RT, or -1 for a waiting cluster
  std::vector<double> arrival_;  // or -1 for a waiting cluster
  bool release_;
  double best_ = std::numeric_limits<double>::infinity();
};

}  // namespace

double grid_optimal_makespan(const GridInstance& instance, GridCompletion completion)
{
  if (instance.cluster_count() > kGridOptimumMaxClusters)
    throw std::invalid_argument("grid optimum: at most " + std::to_string(kGridOptimumMaxClusters) +
                                " clusters (got " + std::to_string(instance.cluster_count()) + ")");
  return Search(instance, completion).run();
}

}  // namespace hbcast
