#include <hbcast/calibration/measurement_readers.hpp>

#include "text_lines.hpp"

#include <hbcast/util/number_parsing.hpp>

#include <algorithm>
#include <map>
#include <set>

namespace hbcast::calibration {
namespace {

struct ProbeRow {
  SourceLine where;
  std::string kind, test;
  std::size_t src_rank = 0, dst_rank = 0;
  std::string src_host, dst_host;
  double bytes = 0, messages = 1, median = 0, min = -1, max = -1;
  std::size_t repetitions = 0;
};

std::size_t rank_field(std::string_view field, const SourceLine& where, const char* what)
{
  const auto value = parse_whole_number(field);
  if (!value)
    fail_at(where, std::string(what) + " '" + std::string(field) + "' is not a rank (a whole number)");
  return static_cast<std::size_t>(*value);
}

}  // namespace

MeasurementSet read_hbcast_probe_csv(std::string_view text, const std::string& file_name)
{
  static const std::vector<std::string> required = {"kind",     "src_rank", "dst_rank", "src_host",
                                                    "dst_host", "bytes",    "median_s"};
  std::map<std::string, std::size_t> column;
  std::vector<ProbeRow> rows;
  SourceLine header_line{file_name, 0};
  bool smpi = false;
  for (const auto& line : numbered_lines(text, file_name)) {
    const SourceLine where{file_name, line.number};
    const auto content = trim(line.text);
    if (content.empty())
      continue;
    if (content[0] == '#') {
      smpi |= starts_with(content, "# MPI: SMPI");
      continue;
    }
    const auto fields = split_fields(content, ',');
    if (column.empty()) {
      for (std::size_t k = 0; k < fields.size(); ++k)
        if (!column.emplace(std::string(fields[k]), k).second)
          fail_at(where, "the header names column '" + std::string(fields[k]) + "' twice");
      for (const auto& name : required)
        if (!column.count(name))
          fail_at(where, "the header has no column '" + name + "' (an hbcast-probe CSV starts with kind,test,...)");
      header_line = where;
      continue;
    }
    if (fields.size() < column.size())
      fail_at(where, "has " + std::to_string(fields.size()) + " fields, the header " + std::to_string(column.size()));
    auto field = [&](const std::string& name) -> std::string_view {
      const auto it = column.find(name);
      return it == column.end() ? std::string_view() : fields[it->second];
    };
    ProbeRow row;
    row.where = where;
    row.kind = std::string(field("kind"));
    row.test = std::string(field("test"));
    row.src_rank = rank_field(field("src_rank"), where, "src_rank");
    row.dst_rank = rank_field(field("dst_rank"), where, "dst_rank");
    row.src_host = std::string(field("src_host"));
    row.dst_host = std::string(field("dst_host"));
    if (row.src_host.empty() || row.dst_host.empty())
      fail_at(where, "a host name is empty");
    if (row.src_rank == row.dst_rank)
      fail_at(where, "measures rank " + std::to_string(row.src_rank) + " against itself");
    row.bytes = size_field(field("bytes"), where);
    if (!field("messages").empty())
      row.messages = number_field(field("messages"), where, "messages");
    if (!field("repetitions").empty())
      row.repetitions = rank_field(field("repetitions"), where, "repetitions");
    row.median = time_field(field("median_s"), 1.0, where, "time median_s");
    if (!field("min_s").empty())
      row.min = time_field(field("min_s"), 1.0, where, "time min_s");
    if (!field("max_s").empty())
      row.max = time_field(field("max_s"), 1.0, where, "time max_s");
    if (row.min >= 0 && row.max >= 0 && !(row.min <= row.median && row.median <= row.max))
      fail_at(where, "median_s is not between min_s and max_s");
    if (row.kind == "concurrent") {
      if (row.bytes <= 0 || row.messages < 1 || row.median <= 0)
        fail_at(where, "a concurrent flow needs bytes > 0, messages >= 1 and a time > 0");
      if (row.test.empty())
        fail_at(where, "a concurrent flow has no test name");
    } else if (row.kind != "pingpong") {
      fail_at(where, "unknown kind '" + row.kind + "' (pingpong or concurrent)");
    }
    rows.push_back(std::move(row));
  }
  if (column.empty())
    fail_at({file_name, 0}, "is empty: no header line kind,test,src_rank,... (not an hbcast-probe CSV)");
  if (rows.empty())
    fail_at(header_line, "the header is followed by no measurement");

  // Ranks to names; ranks sharing a processor name are told apart as NAME_rRANK.
  std::map<std::size_t, std::pair<std::string, SourceLine>> name_of_rank;
  for (const auto& row : rows)
    for (const auto& [rank, name] : {std::pair{row.src_rank, row.src_host}, std::pair{row.dst_rank, row.dst_host}}) {
      const auto [it, added] = name_of_rank.emplace(rank, std::pair{name, row.where});
      if (!added && it->second.first != name)
        fail_at(row.where, "rank " + std::to_string(rank) + " is on host '" + name + "' here and on '" +
                               it->second.first + "' at line " + std::to_string(it->second.second.line));
    }
  std::map<std::string, std::size_t> ranks_per_name;
  for (const auto& [rank, named] : name_of_rank)
    ++ranks_per_name[named.first];
  MeasurementSet set;
  set.sources.push_back({file_name, "hbcast-probe"});
  if (smpi)
    set.envelope_bytes = 16;  // SMPI adds 16 bytes to every message (its request header)
  std::map<std::size_t, std::size_t> host_of_rank;
  std::size_t shared = 0;
  for (const auto& [rank, named] : name_of_rank) {
    const bool alone = ranks_per_name[named.first] == 1;
    shared += !alone;
    host_of_rank[rank] = set.host(alone ? named.first : named.first + "_r" + std::to_string(rank));
  }
  if (shared > 0)
    set.notes.push_back(file_name + ": " + std::to_string(shared) +
                        " ranks share a processor name with another rank: each is a host NAME_rRANK");

  std::map<std::pair<std::size_t, std::size_t>, std::pair<double, std::size_t>> last_size;  // pair -> bytes, line
  std::map<std::string, std::size_t> test_index;
  std::set<std::tuple<std::string, std::size_t, std::size_t>> flows_seen;
  for (const auto& row : rows) {
    const std::size_t src = host_of_rank[row.src_rank], dst = host_of_rank[row.dst_rank];
    if (row.kind == "pingpong") {
      const auto key = std::minmax(src, dst);
      const auto it = last_size.find(key);
      if (it != last_size.end()) {
        if (row.bytes == it->second.first)
          fail_at(row.where, "measures " + set.hosts()[src] + " - " + set.hosts()[dst] + " at " +
                                 std::to_string(static_cast<long long>(row.bytes)) + " bytes again (line " +
                                 std::to_string(it->second.second) + ")");
        if (row.bytes < it->second.first)
          fail_at(row.where, "sizes out of order: " + std::to_string(static_cast<long long>(row.bytes)) +
                                 " bytes after " + std::to_string(static_cast<long long>(it->second.first)) +
                                 " for " + set.hosts()[src] + " - " + set.hosts()[dst]);
      }
      last_size[key] = {row.bytes, row.where.line};
      PairSample sample;
      sample.src = src;
      sample.dst = dst;
      sample.bytes = row.bytes;
      sample.seconds = row.median;
      sample.min_seconds = row.min;
      sample.max_seconds = row.max;
      sample.repetitions = row.repetitions;
      sample.kind = SampleKind::half_round_trip;
      sample.where = row.where;
      set.samples.push_back(sample);
    } else {
      if (!flows_seen.insert({row.test, row.src_rank, row.dst_rank}).second)
        fail_at(row.where, "test '" + row.test + "' lists the flow " + std::to_string(row.src_rank) + " -> " +
                               std::to_string(row.dst_rank) + " twice");
      auto [it, added] = test_index.emplace(row.test, set.tests.size());
      if (added)
        set.tests.push_back({row.test, {}, row.where});
      set.tests[it->second].flows.push_back({src, dst, row.bytes, row.messages, row.median});
    }
  }
  return set;
}

}  // namespace hbcast::calibration
