// Scenario files (`hbcast sweep SCENARIO.yaml`): load_scenario reads, checks and fingerprints them,
// expanding the grid. Property: anything but a scenario is refused with one line naming the file.

#include "fuzz_input.hpp"

#include <hbcast/sweep/scenario.hpp>
#include <hbcast/sweep/sweep_point.hpp>

#include <exception>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
  static hbcast::fuzz::InputFile input;
  const std::string& path = input.write(data, size);
  try {
    const auto scenario = hbcast::cli::load_scenario(path);
    if (scenario.fingerprint.size() != 32)
      hbcast::fuzz::violated("a scenario without its 32-digit fingerprint: '" + scenario.fingerprint + "'");
  } catch (const std::exception& error) {
    hbcast::fuzz::check_refusal(error, path);
  }
  return 0;
}
