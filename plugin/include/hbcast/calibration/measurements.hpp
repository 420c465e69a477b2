#pragma once
#include <cstddef>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace hbcast::calibration {

/// Bad measurement data: the message is one line, "FILE:LINE: what is wrong" (or "FILE: ...").
class MeasurementError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

/// Where a value was read: a file and a 1-based line (0: the file as a whole).
struct SourceLine {
  std::string file;
  std::size_t line = 0;
  std::string text() const { return line == 0 ? file : file + ":" + std::to_string(line); }
};

/// "FILE:LINE: message" as a MeasurementError.
[[noreturn]] void fail_at(const SourceLine& where, const std::string& message);

/// What a point-to-point time measures, as each tool defines it.
enum class SampleKind {
  /// Half a round trip of `bytes` each way: (T_uv(S) + T_vu(S)) / 2 (hbcast-probe, osu_latency,
  /// IMB PingPong).
  half_round_trip,
  /// Seconds per message of a window of back-to-back messages u -> v: S / bandwidth once the
  /// pipe is full, latency amortised over the window (osu_bw, mpiGraph).
  streaming,
  /// Both directions at once, S bytes each way: T_uv(S) on split-duplex links (IMB Sendrecv
  /// with 2 processes).
  exchange,
};
std::string to_string(SampleKind kind);

/// One point-to-point figure: the time of `bytes` from src to dst (host indices), a median of
/// `repetitions` when the tool repeats, with the spread where the tool gives it.
struct PairSample {
  std::size_t src = 0, dst = 0;
  double bytes = 0;
  double seconds = 0;
  double min_seconds = -1, max_seconds = -1;  ///< -1: not given
  std::size_t repetitions = 0;                 ///< 0: not given
  SampleKind kind = SampleKind::half_round_trip;
  SourceLine where;
};

/// One flow of a concurrent test: `messages` messages of `bytes` from src to dst, timed over
/// `seconds` while the test's other flows ran: its rate under load is bytes * messages / seconds.
struct ConcurrentFlow {
  std::size_t src = 0, dst = 0;
  double bytes = 0;
  double messages = 1;
  double seconds = 0;
  /// Each message pays the route's latency (messages one after the other); false when a window
  /// of messages in flight hides it (mpiGraph).
  bool pays_latency = true;
  double rate() const { return bytes * messages / seconds; }
};

/// Flows measured at the same time (k disjoint pairs; mpiGraph's shifts; IMB Sendrecv rings).
struct ConcurrentTest {
  std::string label;
  std::vector<ConcurrentFlow> flows;
  SourceLine where;
};

/// Everything read from the inputs, hosts by name in first-seen order.
class MeasurementSet {
public:
  /// The index of `name`, added when new. Throws std::invalid_argument on an empty name.
  std::size_t host(const std::string& name);
  /// The index of `name`, or npos.
  std::size_t find_host(const std::string& name) const;
  static constexpr std::size_t npos = static_cast<std::size_t>(-1);

  const std::vector<std::string>& hosts() const { return hosts_; }
  std::vector<PairSample> samples;
  std::vector<ConcurrentTest> tests;
  /// What the readers noticed and did (skipped sections, renamed hosts, units), for the report.
  std::vector<std::string> notes;
  /// Bytes the MPI adds to every message (SMPI: 16), when a reader knows; the fit adds them.
  double envelope_bytes = 0;
  /// Files read and the format each was read as.
  std::vector<std::pair<std::string, std::string>> sources;

  /// Adds everything of `other` (hosts matched by name).
  void merge(const MeasurementSet& other);

private:
  std::vector<std::string> hosts_;
  std::map<std::string, std::size_t> index_;
};

}  // namespace hbcast::calibration
