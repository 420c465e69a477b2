// Measurement files (`hbcast calibrate INPUT...`): read_measurements reads hbcast-probe CSV, OSU,
// IMB-MPI1 and mpiGraph output, the format detected or named; fit_network makes the platform of
// what it read. The first byte picks the format the input is read as (auto or one of the four),
// the rest is the file. Properties:
//   - anything a reader refuses is a MeasurementError of one line naming the file;
//   - what it accepts names only hosts it lists, with finite, non-negative sizes and positive,
//     finite times, and every concurrent flow between two of its hosts;
//   - the fit (on up to 16 hosts, to keep each input fast) refuses in one line or gives finite,
//     positive latencies and bandwidths.
#include "fuzz_input.hpp"

#include <hbcast/calibration/measurement_readers.hpp>
#include <hbcast/calibration/network_fit.hpp>

#include <cmath>
#include <exception>
#include <optional>
#include <string>
#include <string_view>

namespace {

using namespace hbcast::calibration;

const std::string kFile = "measurements.txt";

void check_set(const MeasurementSet& set)
{
  const std::size_t hosts = set.hosts().size();
  for (const PairSample& sample : set.samples) {
    if (sample.src >= hosts || sample.dst >= hosts)
      hbcast::fuzz::violated("a sample between host indices " + std::to_string(sample.src) + " and " +
                             std::to_string(sample.dst) + " of " + std::to_string(hosts) + " hosts");
    if (!std::isfinite(sample.bytes) || sample.bytes < 0)
      hbcast::fuzz::violated("a sample of " + std::to_string(sample.bytes) + " bytes at " + sample.where.text());
    if (!std::isfinite(sample.seconds) || !(sample.seconds > 0))
      hbcast::fuzz::violated("a sample of " + std::to_string(sample.seconds) + " s at " + sample.where.text());
  }
  for (const ConcurrentTest& test : set.tests)
    for (const ConcurrentFlow& flow : test.flows) {
      if (flow.src >= hosts || flow.dst >= hosts)
        hbcast::fuzz::violated("a concurrent flow outside the hosts at " + test.where.text());
      if (!std::isfinite(flow.rate()) || !(flow.rate() > 0))
        hbcast::fuzz::violated("a concurrent flow of rate " + std::to_string(flow.rate()) + " at " +
                               test.where.text());
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
  if (size == 0)
    return 0;
  static const std::optional<InputFormat> kFormats[] = {std::nullopt, InputFormat::hbcast_probe, InputFormat::osu,
                                                        InputFormat::imb, InputFormat::mpigraph};
  const std::optional<InputFormat> format = kFormats[data[0] % 5];
  const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
  MeasurementSet set;
  try {
    set = read_measurements(text, kFile, format);
  } catch (const MeasurementError& error) {
    hbcast::fuzz::check_refusal(error, kFile);
    return 0;
  } catch (const std::exception& error) {
    hbcast::fuzz::violated(std::string("a reader threw something else than a MeasurementError: ") + error.what());
  }
  check_set(set);
  if (set.hosts().size() > 16)
    return 0;
  try {
    const Calibration calibration = fit_network(set);
    static_cast<void>(calibration);
  } catch (const std::exception& error) {
    hbcast::fuzz::check_refusal(error);
  }
  return 0;
}
