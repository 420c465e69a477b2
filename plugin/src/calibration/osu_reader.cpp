#include <hbcast/calibration/measurement_readers.hpp>

#include "run_labels.hpp"
#include "text_lines.hpp"

#include <algorithm>
#include <regex>

namespace hbcast::calibration {
namespace {

enum class OsuTest { latency, bandwidth, bidirectional, multi_pair, unsupported };

struct OsuRun {
  OsuTest test = OsuTest::unsupported;
  std::string name;  // as printed: "Latency", "Bandwidth", ...
  SourceLine header;
  std::vector<std::string> hosts;  // rank 0, rank 1
  bool columns_seen = false;
  std::size_t min_column = 0, max_column = 0;  // 0: none
  double last_size = -1;
  std::size_t rows = 0;
  // osu_mbw_mr: "# [ pairs: P ] [ window size: W|varied ]"; rank i < P sends to i + P.
  std::size_t pairs = 0;
  double window = 0;          // 0: varied (a column per window size; the largest is read)
  bool pairs_seen = false;
  bool varied = false;
  std::size_t datatype_blocks = 0;  // "# Datatype: T." lines (7.x); only the first block is read
  bool skipping_block = false;      // a later datatype block, or the message-rate profile
};

OsuTest test_of(const std::string& name)
{
  if (name == "Latency")
    return OsuTest::latency;
  if (name == "Bandwidth")
    return OsuTest::bandwidth;
  if (name == "Bi-Directional Bandwidth")
    return OsuTest::bidirectional;
  if (name == "Multiple Bandwidth / Message Rate")
    return OsuTest::multi_pair;
  return OsuTest::unsupported;
}

// "# Size   Avg Latency(us)   Min Latency(us) ...": column names split on runs of 2+ blanks.
std::vector<std::string> header_columns(std::string_view line)
{
  std::string text(trim(line.substr(line.find('#') + 1)));
  std::vector<std::string> columns;
  static const std::regex separator(R"(\s{2,}|\t)");
  for (std::sregex_token_iterator it(text.begin(), text.end(), separator, -1), end; it != end; ++it)
    if (!it->str().empty())
      columns.push_back(it->str());
  return columns;
}

}  // namespace

MeasurementSet read_osu_output(std::string_view text, const std::string& file_name, const ReadOptions& options)
{
  static const std::regex title(R"(^#\s*OSU\s+MPI(?:-[A-Za-z]+)?\s+(.+?)\s+Test(?:\s+v(\S+))?\s*$)");
  static const std::regex pairs_line(R"(^#\s*\[\s*pairs:\s*(\d+)\s*\]\s*\[\s*window size:\s*(\d+|varied)\s*\]\s*$)");
  MeasurementSet set;
  set.sources.push_back({file_name, "osu"});
  std::optional<OsuRun> run;
  std::optional<std::vector<std::string>> pending_label;
  std::size_t runs = 0, unlabelled = 0, skipped = 0;
  std::size_t value_unit_lines = 0;
  auto finish_run = [&] {
    if (run && run->test != OsuTest::unsupported && run->rows == 0)
      fail_at(run->header, "the OSU " + run->name + " test has no measurement under it");
    run.reset();
  };
  for (const auto& numbered : numbered_lines(text, file_name)) {
    const SourceLine where{file_name, numbered.number};
    const std::string_view line = trim(without_srun_label(numbered.text));
    if (line.empty())
      continue;
    std::smatch match;
    const std::string owned(line);
    if (std::regex_match(owned, match, title)) {
      finish_run();
      OsuRun next;
      next.name = match[1];
      next.test = test_of(next.name);
      next.header = where;
      ++runs;
      if (next.test == OsuTest::unsupported) {
        ++skipped;
        set.notes.push_back(where.text() + ": OSU " + next.name + " test skipped (only Latency, Bandwidth and "
                                                                  "Bi-Directional Bandwidth are point-to-point)");
      } else if (pending_label) {
        next.hosts = *pending_label;
      } else if (options.hosts.size() >= 2 && unlabelled == 0) {
        next.hosts = next.test == OsuTest::multi_pair
                         ? options.hosts
                         : std::vector<std::string>{options.hosts[0], options.hosts[1]};
        ++unlabelled;
      } else if (unlabelled == 0) {
        ++unlabelled;
        if (next.test != OsuTest::multi_pair) {
          next.hosts = {"node-0", "node-1"};
          set.notes.push_back(where.text() + ": no line names this run's hosts: ranks 0 and 1 are node-0 and node-1 "
                                             "(name them with --hosts A,B or a line 'hosts: A B' before the run)");
        }
      } else {
        fail_at(where, "a second OSU run without a line naming its hosts ('hosts: A B' before each run; "
                       "docs/calibration.md)");
      }
      if (next.test != OsuTest::unsupported && next.test != OsuTest::multi_pair && next.hosts.size() != 2)
        fail_at(where, "an OSU point-to-point run has two ranks; its label names " + std::to_string(next.hosts.size()) +
                           " hosts");
      if (next.test != OsuTest::unsupported && next.test != OsuTest::multi_pair && next.hosts[0] == next.hosts[1])
        fail_at(where, "the run's two ranks are both on '" + next.hosts[0] + "': not a network measurement");
      pending_label.reset();
      run = std::move(next);
      continue;
    }
    if (line[0] == '#') {
      const std::string_view comment = trim(line.substr(1));
      if (run && run->test == OsuTest::multi_pair && std::regex_match(owned, match, pairs_line)) {
        run->pairs = rank_count_field(match[1].str(), where, "the count of pairs");
        run->varied = match[2] == "varied";
        run->window = run->varied ? 0.0 : number_field(match[2].str(), where, "the window size");
        run->pairs_seen = true;
        if (run->pairs == 0)
          fail_at(where, "osu_mbw_mr with 0 pairs");
        if (run->hosts.empty()) {
          for (std::size_t r = 0; r < 2 * run->pairs; ++r)
            run->hosts.push_back("node-" + std::to_string(r));
          set.notes.push_back(where.text() + ": no line names this run's hosts: rank r is node-r (name them with "
                                             "--hosts or a line 'hosts: A B ...' before the run)");
        }
        if (run->hosts.size() < 2 * run->pairs)
          fail_at(where, std::to_string(run->pairs) + " pairs need " + std::to_string(2 * run->pairs) +
                             " hosts (rank i sends to rank i + " + std::to_string(run->pairs) + "); " +
                             std::to_string(run->hosts.size()) + " named");
        for (std::size_t i = 0; i < run->pairs; ++i)
          if (run->hosts[i] == run->hosts[i + run->pairs])
            fail_at(where, "ranks " + std::to_string(i) + " and " + std::to_string(i + run->pairs) +
                               " are both on '" + run->hosts[i] + "': not a network measurement");
        continue;
      }
      if (run && starts_with(comment, "Datatype:")) {
        // OSU 7.x prints a block per datatype (-T); the sizes restart in each.
        if (++run->datatype_blocks > 1 && !run->skipping_block) {
          run->skipping_block = true;
          set.notes.push_back(where.text() + ": OSU " + run->name + ": only the first datatype's block is read (" +
                              std::string(comment) + " skipped)");
        }
        continue;
      }
      if (run && starts_with(comment, "Message Rate Profile")) {
        run->skipping_block = true;  // osu_mbw_mr -v: the same sizes again, in messages per second
        continue;
      }
      if (run && run->test == OsuTest::multi_pair && run->window == 0 && !run->columns_seen &&
          run->pairs_seen && !comment.empty() && comment.find_first_not_of("0123456789 \t") == std::string_view::npos) {
        // osu_mbw_mr -v: "#   1   2   4 ... 128": a column per window size, read the largest.
        const auto windows = blank_fields(comment);
        run->window = size_field(windows.back(), where);
        run->columns_seen = true;
        continue;
      }
      if (run && run->test != OsuTest::unsupported && !run->columns_seen && starts_with(comment, "Size")) {
        const auto columns = header_columns(line);
        if (columns.size() < 2)
          fail_at(where, "the column header names no measurement after Size");
        const std::string& value = columns[1];
        const bool is_latency = contains(value, "Latency") || contains(value, "latency");
        const bool is_bandwidth = contains(value, "MB/s") || contains(value, "Bandwidth");
        if (run->test == OsuTest::multi_pair && !run->pairs_seen)
          fail_at(where, "osu_mbw_mr's table comes before its '# [ pairs: P ] [ window size: W ]' line");
        if ((run->test == OsuTest::latency && !is_latency) || (run->test != OsuTest::latency && !is_bandwidth))
          fail_at(where, "column '" + value + "' does not fit an OSU " + run->name + " test");
        if (run->test == OsuTest::latency && !contains(value, "us"))
          fail_at(where, "latency column '" + value + "' is not in microseconds (us)");
        for (std::size_t k = 2; k < columns.size(); ++k) {
          if (starts_with(columns[k], "Min"))
            run->min_column = k;
          if (starts_with(columns[k], "Max"))
            run->max_column = k;
        }
        run->columns_seen = true;
        ++value_unit_lines;
        continue;
      }
      if (auto label = run_label_hosts(line); label && !(run && run->rows == 0 && run->test != OsuTest::unsupported))
        pending_label = label;
      continue;
    }
    const bool data_like = (line[0] >= '0' && line[0] <= '9');
    if (!data_like) {
      if (auto label = run_label_hosts(line)) {
        finish_run();
        pending_label = label;
      }
      continue;  // launcher and library messages between runs
    }
    if (!run) {
      // Launcher output that starts with a digit is noise; a row of numbers is a misplaced measurement.
      const auto fields = blank_fields(line);
      const bool numbers = fields.size() >= 2 && std::all_of(fields.begin(), fields.end(), [](std::string_view f) {
                             return f.find_first_not_of("0123456789.eE+-") == std::string_view::npos;
                           });
      if (numbers)
        fail_at(where, "a measurement before any '# OSU MPI ... Test' header");
      continue;
    }
    if (run->test == OsuTest::unsupported || run->skipping_block)
      continue;
    const auto fields = blank_fields(line);
    if (fields.size() < 2)
      fail_at(where, "a measurement line needs a size and a value");
    const double bytes = size_field(fields[0], where);
    if (bytes <= run->last_size)
      fail_at(where, "sizes out of order: " + std::string(fields[0]) + " bytes after " +
                         std::to_string(static_cast<long long>(run->last_size)));
    run->last_size = bytes;
    ++run->rows;
    if (run->test != OsuTest::latency && bytes <= 0)
      continue;  // a stream of empty messages shows no bandwidth
    if (run->test == OsuTest::multi_pair) {
      // The aggregate of P pairs streaming at once (P * S * window * iterations / time, MB/s of
      // 10^6 bytes): each flow is taken at an equal share, as the sender ranks' times are averaged.
      if (!run->pairs_seen || run->window <= 0)
        fail_at(where, "an osu_mbw_mr measurement before its '# [ pairs: P ] [ window size: W ]' line (and, with "
                       "varied windows, the line of window sizes)");
      const std::string_view field = run->varied ? fields.back() : fields[1];
      const double megabytes = number_field(field, where, "bandwidth");
      if (megabytes <= 0)
        fail_at(where, "bandwidth " + std::string(field) + " MB/s is not positive");
      const double per_flow = megabytes * 1e6 / static_cast<double>(run->pairs);
      if (run->pairs == 1) {
        PairSample sample;
        sample.src = set.host(run->hosts[0]);
        sample.dst = set.host(run->hosts[1]);
        sample.bytes = bytes;
        sample.seconds = bytes / per_flow;
        sample.kind = SampleKind::streaming;
        sample.where = where;
        set.samples.push_back(sample);
        continue;
      }
      ConcurrentTest test;
      test.label = "OSU mbw_mr " + std::to_string(run->pairs) + " pairs " + std::string(fields[0]) + " B";
      test.where = where;
      for (std::size_t i = 0; i < run->pairs; ++i)
        test.flows.push_back({set.host(run->hosts[i]), set.host(run->hosts[i + run->pairs]), bytes, run->window,
                              bytes * run->window / per_flow, false});
      set.tests.push_back(std::move(test));
      continue;
    }
    const std::size_t src = set.host(run->hosts[0]), dst = set.host(run->hosts[1]);
    if (fields.size() > 2 && (fields.back() == "Fail" || fields.back() == "FAIL"))
      set.notes.push_back(where.text() + ": OSU's validation failed at " + std::string(fields[0]) +
                          " bytes: the figure is kept");
    if (run->test == OsuTest::latency) {
      PairSample sample;
      sample.src = src;
      sample.dst = dst;
      sample.bytes = bytes;
      sample.seconds = time_field(fields[1], 1e-6, where, "latency");
      if (run->min_column && run->min_column < fields.size())
        sample.min_seconds = time_field(fields[run->min_column], 1e-6, where, "minimum latency");
      if (run->max_column && run->max_column < fields.size())
        sample.max_seconds = time_field(fields[run->max_column], 1e-6, where, "maximum latency");
      sample.kind = SampleKind::half_round_trip;
      sample.where = where;
      set.samples.push_back(sample);
    } else {
      const double megabytes = number_field(fields[1], where, "bandwidth");
      if (megabytes <= 0)
        fail_at(where, "bandwidth " + std::string(fields[1]) + " MB/s is not positive");
      const double rate = megabytes * 1e6 / (run->test == OsuTest::bidirectional ? 2.0 : 1.0);
      for (const auto& [a, b] : {std::pair{src, dst}, std::pair{dst, src}}) {
        PairSample sample;
        sample.src = a;
        sample.dst = b;
        sample.bytes = bytes;
        sample.seconds = bytes / rate;
        sample.kind = SampleKind::streaming;
        sample.where = where;
        set.samples.push_back(sample);
        if (run->test == OsuTest::bandwidth)
          break;  // osu_bw: rank 0 sends, rank 1 receives
      }
    }
  }
  finish_run();
  if (runs == 0)
    fail_at({file_name, 0}, "holds no '# OSU MPI ... Test' header: not OSU micro-benchmarks output");
  if (runs == skipped)
    fail_at({file_name, 0}, "holds no OSU Latency, Bandwidth or Bi-Directional Bandwidth test");
  return set;
}

}  // namespace hbcast::calibration
