#include <hbcast/calibration/measurement_readers.hpp>

#include "run_labels.hpp"
#include "text_lines.hpp"

#include <map>
#include <regex>

namespace hbcast::calibration {
namespace {

enum class ImbBenchmark { pingpong, pingping, sendrecv, other };

// The '#' lines that continue a list of ranks: IMB prints 16 ranks a row ("# Group  0: ..." then
// "#   16   17 ..."), and the communicator's order after "# #processes = N; rank order (rowwise):".
enum class RankList { none, group, rank_order };

struct ImbSection {
  ImbBenchmark benchmark = ImbBenchmark::other;
  std::string name;
  SourceLine header;
  std::size_t processes = 0;                     // per group
  std::vector<std::vector<std::size_t>> groups;  // ranks of each group (-multi)
  std::size_t group_count = 1;
  std::vector<std::string> columns;              // the column header's tokens
  bool group_column = false;
  std::size_t time_column = 0;                   // t[usec] or t_avg[usec]
  std::size_t min_column = 0, max_column = 0;    // 0: none
  double last_size = -1;
  std::size_t rows = 0;
  // -multi 1: rows of one size, one per group; concurrent tests built per size.
  std::map<double, ConcurrentTest> by_size;
};

ImbBenchmark benchmark_of(const std::string& name)
{
  if (name == "PingPong" || name == "PingPongSpecificSource" || name == "PingPongAnySource")
    return ImbBenchmark::pingpong;
  if (name == "PingPing" || name == "PingPingSpecificSource" || name == "PingPingAnySource")
    return ImbBenchmark::pingping;
  if (name == "Sendrecv")
    return ImbBenchmark::sendrecv;

  return ImbBenchmark::other;
}

std::size_t column_index(const std::vector<std::string>& columns, const std::string& name)
{
  for (std::size_t k = 0; k < columns.size(); ++k)
    if (columns[k] == name)
      return k;
  return 0;
}

}  // namespace

MeasurementSet read_imb_output(std::string_view text, const std::string& file_name, const ReadOptions& options)
{
  static const std::regex benchmarking(R"(^#\s*Benchmarking\s+(Multi-)?(\S+)\s*$)");
  static const std::regex processes(R"(^#\s*#processes\s*=\s*(\d+).*$)");
  static const std::regex groups(R"(^#\s*\(\s*(\d+)\s+groups\s+of\s+(\d+)\s+processes.*$)");
  static const std::regex group_ranks(R"(^#\s*Group\s+(\d+):\s*(.*)$)");
  MeasurementSet set;
  set.sources.push_back({file_name, "imb"});
  std::optional<ImbSection> section;
  std::vector<std::string> hosts = options.hosts;  // by rank
  bool named_by_default = false, seen_header = false;
  std::size_t used = 0;
  std::map<std::string, std::size_t> skipped;
  RankList listing = RankList::none;
  std::vector<std::size_t> rank_order;  // the communicator's ranks in order (-map PxQ)
  static const std::regex only_ranks(R"(^#(\s+\d+)+\s*$)");

  auto host_of_rank = [&](std::size_t rank, const SourceLine& where) {
    if (rank >= hosts.size()) {
      if (!hosts.empty() && !named_by_default)
        fail_at(where, "rank " + std::to_string(rank) + " has no host name (" + std::to_string(hosts.size()) +
                           " names given)");
      named_by_default = true;
      while (hosts.size() <= rank)
        hosts.push_back("node-" + std::to_string(hosts.size()));
    }
    return set.host(hosts[rank]);
  };
  auto finish = [&] {
    if (section && section->benchmark != ImbBenchmark::other) {
      if (section->rows == 0)
        fail_at(section->header, "the IMB " + section->name + " table has no measurement");
      for (auto& [bytes, test] : section->by_size)
        set.tests.push_back(std::move(test));
      ++used;
    }
    section.reset();
  };

  for (const auto& numbered : numbered_lines(text, file_name)) {
    const SourceLine where{file_name, numbered.number};
    const std::string line(trim(without_srun_label(numbered.text)));
    if (line.empty())
      continue;
    if (contains(line, "Intel(R) MPI Benchmarks") || contains(line, "Intel (R) MPI Benchmarks"))
      seen_header = true;
    std::smatch match;
    if (std::regex_match(line, match, benchmarking)) {
      finish();
      seen_header = true;
      ImbSection next;
      next.name = match[2];
      next.benchmark = benchmark_of(next.name);
      next.header = where;
      if (next.benchmark == ImbBenchmark::other)
        ++skipped[next.name];
      section = std::move(next);
      continue;
    }
    const bool column_header = section && section->columns.empty() && contains(line, "#bytes") &&
                               contains(line, "#repetitions");
    if (line[0] == '#' && !column_header) {
      if (section && listing != RankList::none && std::regex_match(line, only_ranks)) {
        const std::string rank_text = line.substr(1);
        auto& target = listing == RankList::group ? section->groups.back() : rank_order;
        for (const auto& field : blank_fields(rank_text))
          target.push_back(static_cast<std::size_t>(size_field(field, where)));
        continue;
      }
      if (trim(std::string_view(line).substr(1)).empty())
        continue;  // IMB ends each row of ranks with "# "
      listing = RankList::none;
      if (section && std::regex_match(line, match, processes)) {
        section->processes = rank_count_field(match[1].str(), where, "#processes");
        if (contains(line, "rank order")) {
          listing = RankList::rank_order;
          rank_order.clear();
        }
      } else if (section && std::regex_match(line, match, groups)) {
        section->group_count = rank_count_field(match[1].str(), where, "the count of groups");
        section->processes = rank_count_field(match[2].str(), where, "the processes per group");
      } else if (section && std::regex_match(line, match, group_ranks)) {
        std::vector<std::size_t> ranks;
        const std::string rank_list = match[2];  // the fields view it: it must outlive the loop
        for (const auto& field : blank_fields(rank_list))
          ranks.push_back(static_cast<std::size_t>(size_field(field, where)));
        section->groups.push_back(std::move(ranks));
        listing = RankList::group;
      } else if (auto label = run_label_hosts(line); label && !section) {
        hosts = *label;
        named_by_default = false;
      } else if (section && section->columns.empty() && contains(line, "MODE:")) {
        // IMB-EXT style aggregate modes: nothing to read here.
      }
      continue;
    }
    listing = RankList::none;
    if (!section) {
      if (auto label = run_label_hosts(line))
        hosts = *label;
      continue;
    }
    if (section->benchmark == ImbBenchmark::other)
      continue;
    if (section->columns.empty()) {
      if (!contains(line, "#bytes")) {
        if (auto label = run_label_hosts(line))
          hosts = *label;
        continue;  // launcher output between the header and the table
      }
      for (const auto& field : blank_fields(line))
        section->columns.emplace_back(field);
      section->group_column = section->columns.front() == "Group";
      section->time_column = column_index(section->columns, "t[usec]");
      if (section->time_column == 0)
        section->time_column = column_index(section->columns, "t_avg[usec]");
      section->min_column = column_index(section->columns, "t_min[usec]");
      section->max_column = column_index(section->columns, "t_max[usec]");
      if (section->time_column == 0)
        fail_at(where, "the IMB " + section->name + " table has no t[usec] or t_avg[usec] column");
      if (section->processes < 2)
        fail_at(section->header, "the IMB " + section->name + " section gives no '#processes' line");
      if (section->groups.empty()) {
        std::vector<std::size_t> ranks;
        for (std::size_t r = 0; r < section->processes; ++r)
          ranks.push_back(r);
        if (!rank_order.empty()) {
          if (rank_order.size() != section->processes)
            fail_at(where, "the rank order lists " + std::to_string(rank_order.size()) + " ranks for " +
                               std::to_string(section->processes) + " processes");
          ranks = rank_order;
        }
        section->groups.push_back(ranks);
      }
      rank_order.clear();
      for (const auto& ranks : section->groups)
        if (ranks.size() != section->processes)
          fail_at(where, "an IMB group lists " + std::to_string(ranks.size()) + " ranks for " +
                             std::to_string(section->processes) + " processes");
      continue;
    }
    if (!(line[0] >= '0' && line[0] <= '9')) {
      if (auto label = run_label_hosts(line)) {
        finish();
        hosts = *label;
      }
      continue;
    }
    const auto fields = blank_fields(line);
    if (fields.size() < section->columns.size())
      fail_at(where, "has " + std::to_string(fields.size()) + " fields, the table's header " +
                         std::to_string(section->columns.size()));
    std::size_t group = 0;
    if (section->group_column) {
      group = static_cast<std::size_t>(size_field(fields[0], where));
      if (group >= section->groups.size())
        fail_at(where, "group " + std::string(fields[0]) + " is not listed in the section's '# Group' lines");
    }
    const std::size_t offset = section->group_column ? 1 : 0;
    const double bytes = size_field(fields[offset], where);
    if (!section->group_column || group == 0) {
      if (bytes <= section->last_size)
        fail_at(where, "sizes out of order: " + std::string(fields[offset]) + " bytes after " +
                           std::to_string(static_cast<long long>(section->last_size)));
      section->last_size = bytes;
    } else if (bytes != section->last_size) {
      fail_at(where, "group " + std::to_string(group) + " reports " + std::string(fields[offset]) +
                         " bytes where group 0 reported " + std::to_string(static_cast<long long>(section->last_size)));
    }
    ++section->rows;
    const double seconds = time_field(fields[section->time_column], 1e-6, where, "time");
    const double min_seconds =
        section->min_column ? time_field(fields[section->min_column], 1e-6, where, "minimum time") : -1;
    const double max_seconds =
        section->max_column ? time_field(fields[section->max_column], 1e-6, where, "maximum time") : -1;
    const bool several_groups = section->groups.size() > 1;
    // The groups this row speaks for: its own (-multi 1), or every group (-multi 0: the slowest).
    std::vector<std::size_t> row_groups;
    if (section->group_column)
      row_groups = {group};
    else
      for (std::size_t g = 0; g < section->groups.size(); ++g)
        row_groups.push_back(g);
    for (const std::size_t g : row_groups) {
      const auto& ranks = section->groups[g];
      if (ranks.size() < 2)
        fail_at(where, "an IMB group of fewer than 2 processes");
      if (section->benchmark == ImbBenchmark::pingpong && !several_groups) {
        PairSample sample;
        sample.src = host_of_rank(ranks[0], where);
        sample.dst = host_of_rank(ranks[1], where);
        if (sample.src == sample.dst)
          fail_at(where, "ranks " + std::to_string(ranks[0]) + " and " + std::to_string(ranks[1]) +
                             " are on one host: not a network measurement");
        sample.bytes = bytes;
        sample.seconds = seconds;
        sample.min_seconds = min_seconds;
        sample.max_seconds = max_seconds;
        sample.kind = SampleKind::half_round_trip;
        sample.where = where;
        set.samples.push_back(sample);
      } else if ((section->benchmark == ImbBenchmark::sendrecv || section->benchmark == ImbBenchmark::pingping) &&
                 ranks.size() == 2 && !several_groups) {
        // Both ranks send S bytes to each other at once (PingPing: Isend then Recv; Sendrecv).
        for (const auto& [a, b] : {std::pair{ranks[0], ranks[1]}, std::pair{ranks[1], ranks[0]}}) {
          PairSample sample;
          sample.src = host_of_rank(a, where);
          sample.dst = host_of_rank(b, where);
          sample.bytes = bytes;
          sample.seconds = seconds;
          sample.kind = SampleKind::exchange;
          sample.where = where;
          set.samples.push_back(sample);
        }
      } else if (bytes > 0) {
        // Concurrent: several ping-pong pairs (-multi), or a Sendrecv ring (rank i sends to i+1).
        auto [it, added] = section->by_size.emplace(bytes, ConcurrentTest{});
        if (added) {
          it->second.label = "IMB " + std::string(several_groups ? "Multi-" : "") + section->name + " " +
                             std::to_string(static_cast<long long>(bytes)) + " B";
          it->second.where = where;
        }
        if (section->benchmark == ImbBenchmark::pingpong) {
          it->second.flows.push_back(
              {host_of_rank(ranks[0], where), host_of_rank(ranks[1], where), bytes, 1.0, seconds});
        } else if (section->benchmark == ImbBenchmark::pingping) {
          for (const auto& [a, b] : {std::pair{ranks[0], ranks[1]}, std::pair{ranks[1], ranks[0]}})
            it->second.flows.push_back({host_of_rank(a, where), host_of_rank(b, where), bytes, 1.0, seconds});
        } else {
          for (std::size_t k = 0; k < ranks.size(); ++k)
            it->second.flows.push_back({host_of_rank(ranks[k], where), host_of_rank(ranks[(k + 1) % ranks.size()], where),
                                        bytes, 1.0, seconds});
        }
      }
    }
  }
  finish();
  if (!seen_header)
    fail_at({file_name, 0}, "holds no 'Intel(R) MPI Benchmarks' banner or '# Benchmarking' section: not IMB output");
  for (const auto& [name, count] : skipped)
    set.notes.push_back(file_name + ": IMB " + name + " skipped (" + std::to_string(count) + " section(s); " +
                        (name == "Exchange" ? "each rank sends to both neighbours at once, so two flows share each "
                                              "host link: its times give no pair's figure; "
                                            : "") +
                        "only PingPong, PingPing and Sendrecv are read)");
  if (used == 0)
    fail_at({file_name, 0}, "holds no IMB PingPong or Sendrecv table");
  if (named_by_default)
    set.notes.push_back(file_name + ": no host names for IMB's ranks: rank r is node-r (name them with --hosts or "
                                    "a line 'hosts: A B ...' before the run)");
  return set;
}

}  // namespace hbcast::calibration
