#include <hbcast/cluster/brute_force_optimum.hpp>

#include <cmath>
#include <set>
#include <stdexcept>
#include <vector>

namespace hbcast {
namespace {

// Per cluster: [uninformed, free holders, busy holders r=1..C-1, incoming receivers r=1..C-1].
using State = std::vector<unsigned char>;

struct Search {
  const ClusterInstance& instance;
  std::size_t k, c, width;
  std::set<State> next;
  std::size_t max_states;

  std::size_t at(std::size_t cluster, std::size_t field) const { return cluster * width + field; }
  std::size_t busy(std::size_t r) const { return 2 + r - 1; }
  std::size_t incoming(std::size_t r) const { return 2 + (c - 1) + r - 1; }

  std::size_t globals_in_flight(const State& s, std::size_t cluster) const
  {
    std::size_t total = 0;
    for (std::size_t r = 1; r < c; ++r)
      total += s[at(cluster, busy(r))] + s[at(cluster, incoming(r))];
    return total;
  }

  bool done(const State& s) const
  {
    for (std::size_t i = 0; i < k; ++i) {
      std::size_t holders = s[at(i, 1)];
      for (std::size_t r = 1; r < c; ++r)
        holders += s[at(i, busy(r))];
      if (holders < instance.target(i))
        return false;
    }
    return true;
  }

  // sends[i][j]: holders of i sending to cluster j (j == i: local).
  void apply(const State& s, const std::vector<std::vector<std::size_t>>& sends)
  {
    State t(s.size(), 0);
    for (std::size_t i = 0; i < k; ++i) {
      std::size_t global_out = 0, arriving = 0, global_in = 0;
      for (std::size_t j = 0; j < k; ++j) {
        arriving += sends[j][i];
        if (j != i) {
          global_out += sends[i][j];
          global_in += sends[j][i];
        }
      }
      t[at(i, 0)] = static_cast<unsigned char>(s[at(i, 0)] - arriving);
      // Local senders and receivers are free holders after one step; global ones wait C-1 more.
      std::size_t free_holders = s[at(i, 1)] - global_out + sends[i][i];
      if (c == 1)
        free_holders += global_out + global_in;
      else {
        t[at(i, busy(c - 1))] = static_cast<unsigned char>(global_out);
        t[at(i, incoming(c - 1))] = static_cast<unsigned char>(global_in);
      }
      if (c > 1)  // a global step of one unit has no busy or incoming fields (width 2)
        free_holders += s[at(i, busy(1))] + s[at(i, incoming(1))];
      for (std::size_t r = 2; r < c; ++r) {
        t[at(i, busy(r - 1))] = static_cast<unsigned char>(t[at(i, busy(r - 1))] + s[at(i, busy(r))]);
        t[at(i, incoming(r - 1))] = static_cast<unsigned char>(t[at(i, incoming(r - 1))] + s[at(i, incoming(r))]);
      }
      t[at(i, 1)] = static_cast<unsigned char>(free_holders);
    }
    next.insert(std::move(t));
    if (next.size() > max_states)
      throw std::length_error("state limit");
  }

  bool feasible(const State& s, const std::vector<std::vector<std::size_t>>& sends) const
  {
    std::size_t total_flight = 0, new_globals = 0;
    for (std::size_t i = 0; i < k; ++i) {
      std::size_t arriving = 0, touching = globals_in_flight(s, i);
      for (std::size_t j = 0; j < k; ++j) {
        arriving += sends[j][i];
        if (j != i) {
          touching += sends[i][j] + sends[j][i];
          new_globals += sends[i][j];
        }
      }
      if (arriving > s[at(i, 0)])
        return false;
      if (!instance.degree_limits.empty() && touching > instance.degree_limits[i])
        return false;
      for (std::size_t r = 1; r < c; ++r)
        total_flight += s[at(i, busy(r))];
    }
    return !instance.matching_bound || total_flight + new_globals <= *instance.matching_bound;
  }

  // Distributes the free holders of cluster i over destinations j >= j0, then moves to cluster i+1.
  void enumerate(const State& s, std::vector<std::vector<std::size_t>>& sends, std::size_t i, std::size_t j,
                 std::size_t left)
  {
    if (i == k) {
      if (feasible(s, sends))
        apply(s, sends);
      return;
    }
    if (j == k) {  // the rest idle
      enumerate(s, sends, i + 1, 0, i + 1 < k ? s[at(i + 1, 1)] : 0);
      return;
    }
    const std::size_t room = s[at(j, 0)];
    for (std::size_t count = 0; count <= std::min(left, room); ++count) {
      sends[i][j] = count;
      enumerate(s, sends, i, j + 1, left - count);
    }
    sends[i][j] = 0;
  }
};

}  // namespace

std::optional<double> brute_force_optimum(const ClusterInstance& instance, std::size_t max_states)
{
  instance.validate();
  if (instance.postal)
    throw std::invalid_argument("brute-force optimum: the postal model is not supported");
  const double rounded = std::round(instance.global_cost);
  if (rounded != instance.global_cost || rounded > 20 || instance.node_count() > 200)
    throw std::invalid_argument("brute-force optimum: needs an integer C <= 20 and a tiny instance");
  Search search{instance, instance.cluster_count(), static_cast<std::size_t>(rounded), 0, {}, max_states};
  search.width = 2 + 2 * (search.c - 1);
  State start(search.k * search.width, 0);
  for (std::size_t i = 0; i < search.k; ++i)
    start[search.at(i, 0)] = static_cast<unsigned char>(instance.sizes[i]);
  start[search.at(0, 0)] -= 1;
  start[search.at(0, 1)] = 1;
  std::set<State> layer = {start};
  std::vector<std::vector<std::size_t>> sends(search.k, std::vector<std::size_t>(search.k, 0));
  for (std::size_t time = 0;; ++time) {
    for (const auto& state : layer)
      if (search.done(state))
        return static_cast<double>(time);
    search.next.clear();
    try {
      for (const auto& state : layer)
        search.enumerate(state, sends, 0, 0, state[search.at(0, 1)]);
    } catch (const std::length_error&) {
      return std::nullopt;
    }
    layer.swap(search.next);
  }
}

}  // namespace hbcast
