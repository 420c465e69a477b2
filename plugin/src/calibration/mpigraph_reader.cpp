#include <hbcast/calibration/measurement_readers.hpp>

#include "run_labels.hpp"
#include "text_lines.hpp"

#include <map>
#include <regex>

namespace hbcast::calibration {
namespace {

// "host:rank" (mpiGraph's column and row names).
std::pair<std::string, std::size_t> host_and_rank(std::string_view name, const SourceLine& where)
{
  const auto colon = name.rfind(':');
  if (colon == std::string_view::npos || colon == 0)
    fail_at(where, "'" + std::string(name) + "' is not mpiGraph's HOST:RANK");
  return {std::string(name.substr(0, colon)), static_cast<std::size_t>(size_field(name.substr(colon + 1), where))};
}

}  // namespace

MeasurementSet read_mpigraph_output(std::string_view text, const std::string& file_name)
{
  MeasurementSet set;
  set.sources.push_back({file_name, "mpigraph"});
  double message_size = -1, window = -1, procs = -1;
  // mpiGraph 1.x prints "MsgSize\tS" and MB/s of 2^20 bytes; its later form ("Msg Size: S Bytes",
  // "Send max: X MB/s", padded names) computes bytes per microsecond: MB/s of 10^6 bytes.
  double megabyte = 1024.0 * 1024.0;
  static const std::regex colon_header(R"(^(Msg Size|Iterations|Window Size|Procs):\s*(\S+)(\s+Bytes)?\s*$)");
  bool started = false, in_send = false, send_done = false;
  std::vector<std::pair<std::string, std::size_t>> columns;
  std::vector<std::vector<double>> rates;  // [row][column], bytes per second; -1: none
  SourceLine table_header{file_name, 0};
  std::vector<SourceLine> row_lines;
  for (const auto& numbered : numbered_lines(text, file_name)) {
    const SourceLine where{file_name, numbered.number};
    const std::string_view raw = without_srun_label(numbered.text);
    const std::string_view line = trim(raw);
    if (line.empty()) {
      if (in_send)
        send_done = true;
      in_send = false;
      continue;
    }
    if (contains(line, "sendstats['max']") || contains(line, "mpiGraph Details"))
      fail_at(where, "crunch_mpiGraph's HTML report keeps the bandwidths only as 8-bit pixels: give the mpiGraph "
                     "output it was made from (crunch_mpiGraph FILE writes FILE_html/)");
    if (starts_with(line, "START mpiGraph")) {
      if (started)
        fail_at(where, "a second mpiGraph run in one file: give each run its own file");
      started = true;
      continue;
    }
    std::smatch header;
    const std::string owned(line);
    if (!in_send && std::regex_match(owned, header, colon_header)) {
      megabyte = 1e6;
      const std::string key = header[1], value = header[2];
      if (key == "Msg Size") {
        message_size = size_field(value, where);
        if (message_size <= 0)
          fail_at(where, "Msg Size must be positive");
      } else if (key == "Window Size") {
        window = number_field(value, where, "Window Size");
      } else if (key == "Procs") {
        procs = number_field(value, where, "Procs");
      }
      continue;
    }
    auto fields = split_fields(line, '\t');
    for (auto& field : fields)
      field = trim(field);
    if (fields.size() >= 2 && !in_send) {
      if (fields[0] == "MsgSize") {
        message_size = size_field(fields[1], where);
        if (message_size <= 0)
          fail_at(where, "MsgSize must be positive");
        continue;
      }
      if (fields[0] == "Window") {
        window = number_field(fields[1], where, "Window");
        continue;
      }
      if (fields[0] == "Procs") {
        procs = number_field(fields[1], where, "Procs");
        continue;
      }
    }
    if (!in_send && fields[0] == "Send" && !send_done) {
      if (message_size <= 0)
        fail_at(where, "the Send table comes before the MsgSize line");
      for (std::size_t k = 1; k < fields.size(); ++k)
        if (!fields[k].empty())
          columns.push_back(host_and_rank(fields[k], where));
      if (columns.size() < 2)
        fail_at(where, "the Send table has fewer than 2 columns");
      if (procs > 0 && static_cast<double>(columns.size()) != procs)
        fail_at(where, "the Send table has " + std::to_string(columns.size()) + " columns for Procs " +
                           std::to_string(static_cast<long long>(procs)));
      table_header = where;
      in_send = true;
      continue;
    }
    if (in_send) {
      if (rates.size() == columns.size()) {
        in_send = false;
        send_done = true;
        continue;
      }
      // "host:rank to\tV\tV..." (trailing tab).
      std::string_view name = fields[0];
      if (name.size() > 3 && name.substr(name.size() - 3) == " to")
        name = trim(name.substr(0, name.size() - 3));
      else
        fail_at(where, "a Send table row starts with '" + std::string(fields[0]) + "', not 'HOST:RANK to'");
      const auto row_name = host_and_rank(name, where);
      if (row_name != columns[rates.size()])
        fail_at(where, "row '" + std::string(name) + "' is not column " + std::to_string(rates.size()) + " ('" +
                           columns[rates.size()].first + ":" + std::to_string(columns[rates.size()].second) + "')");
      if (fields.size() < columns.size() + 1)
        fail_at(where, "has " + std::to_string(fields.size() - 1) + " bandwidths for " + std::to_string(columns.size()) +
                           " columns (a missing pair)");
      std::vector<double> row;
      for (std::size_t k = 1; k <= columns.size(); ++k) {
        if (fields[k].empty())
          fail_at(where, "an empty bandwidth in column " + std::to_string(k - 1) + " (a missing pair)");
        const double megabytes = number_field(fields[k], where, "bandwidth");
        if (megabytes < 0)
          fail_at(where, "bandwidth " + std::string(fields[k]) + " MB/s is negative");
        row.push_back(megabytes * megabyte);
      }
      rates.push_back(std::move(row));
      row_lines.push_back(where);
      continue;
    }
  }
  if (!started && columns.empty())
    fail_at({file_name, 0}, "holds no 'START mpiGraph' line or Send table: not mpiGraph output");
  if (columns.empty())
    fail_at({file_name, 0}, "holds no Send table (did the run finish? mpiGraph prints it after 'Gathering results')");
  if (rates.size() != columns.size())
    fail_at(table_header, "the Send table has " + std::to_string(rates.size()) + " rows for " +
                              std::to_string(columns.size()) + " columns");

  // Hosts: names when each is one rank's, HOST_rRANK when several ranks share one.
  std::map<std::string, std::size_t> ranks_per_host;
  for (const auto& [host, rank] : columns)
    ++ranks_per_host[host];
  std::vector<std::size_t> host_index;
  for (const auto& [host, rank] : columns)
    host_index.push_back(set.host(ranks_per_host[host] == 1 ? host : host + "_r" + std::to_string(rank)));
  if (set.hosts().size() < columns.size() || ranks_per_host.size() < columns.size())
    set.notes.push_back(file_name + ": several ranks per host: each rank is a host HOST_rRANK");
  const std::size_t n = columns.size();
  // Shift d: every rank i sends to i + d at once (mpiGraph's ring); each shift a concurrent test.
  for (std::size_t d = 1; d < n; ++d) {
    ConcurrentTest test;
    test.label = "mpiGraph shift " + std::to_string(d);
    test.where = table_header;
    for (std::size_t i = 0; i < n; ++i) {
      const std::size_t j = (i + d) % n;
      const double rate = rates[i][j];
      if (rate <= 0)
        fail_at(row_lines[i], "bandwidth to column " + std::to_string(j) + " is 0: a missing pair");
      const double messages = window > 0 ? window : 1.0;
      test.flows.push_back({host_index[i], host_index[j], message_size, messages, message_size * messages / rate, false});
      PairSample sample;
      sample.src = host_index[i];
      sample.dst = host_index[j];
      sample.bytes = message_size;
      sample.seconds = message_size / rate;
      sample.kind = SampleKind::streaming;
      sample.where = row_lines[i];
      set.samples.push_back(sample);
    }
    set.tests.push_back(std::move(test));
  }
  set.notes.push_back(file_name + ": mpiGraph measures every pair while all ranks send at once (one shift at a "
                                  "time) and prints no latency");
  return set;
}

}  // namespace hbcast::calibration
