#pragma once
#include <hbcast/calibration/measurements.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hbcast::calibration {

/// The input formats `hbcast calibrate` reads (docs/calibration.md shows each with its example).
enum class InputFormat {
  hbcast_probe,  ///< hbcast-probe's CSV
  osu,           ///< OSU micro-benchmarks 5.x-7.x osu_latency, osu_bw, osu_bibw output
  imb,           ///< Intel MPI Benchmarks (IMB-MPI1) PingPong and Sendrecv output
  mpigraph,      ///< mpiGraph's send (and receive) N x N bandwidth matrices
};
/// "hbcast-probe", "osu", "imb", "mpigraph".
std::string to_string(InputFormat format);
std::optional<InputFormat> parse_input_format(const std::string& name);
/// The format a file's text is in, from the lines each tool prints first; nullopt when none fits.
std::optional<InputFormat> detect_input_format(std::string_view text);

/// Host names for tools that print none (OSU, IMB): rank r is `hosts[r]`. Empty: a run names its
/// hosts on a line before it ("# hosts: A B", "A -> B", ...), else rank r is "node-r".
struct ReadOptions {
  std::vector<std::string> hosts;
};

// One entry per format: the whole text of a file, its name for messages. Each throws
// MeasurementError ("FILE:LINE: ...") on data it cannot take and never reads past the text.

/// hbcast-probe CSV (docs/calibration.md, "The probe's CSV").
MeasurementSet read_hbcast_probe_csv(std::string_view text, const std::string& file_name);
/// osu_latency (half round trip), osu_bw (streaming), osu_bibw (streaming, both directions at
/// once: half the figure each way); one run or several, each named by a line before it.
MeasurementSet read_osu_output(std::string_view text, const std::string& file_name, const ReadOptions& options = {});
/// IMB-MPI1: PingPong, PingPongSpecificSource, PingPongAnySource (half round trip between ranks 0
/// and 1) and Sendrecv (2 processes: both directions; more: a ring of concurrent flows); plain,
/// -multi 0 and -multi 1 tables. Other benchmarks of the file are skipped with a note.
MeasurementSet read_imb_output(std::string_view text, const std::string& file_name, const ReadOptions& options = {});
/// mpiGraph: the "Send" matrix (MB/s of 2^20 bytes; row i sends to column j during the shift
/// j - i) as streaming samples under load, and each shift as a concurrent test; hosts from the
/// matrix headers ("host:rank"); several ranks on one host are told apart as host_rRANK.
MeasurementSet read_mpigraph_output(std::string_view text, const std::string& file_name);

/// The file in `format`, or in the detected one; throws MeasurementError when none is detected.
MeasurementSet read_measurements(std::string_view text, const std::string& file_name,
                                 std::optional<InputFormat> format, const ReadOptions& options = {});

}  // namespace hbcast::calibration
