// Validation cases (`hbcast validate`, validation/cases/*.yaml): load_validation_case in its fast
// and full forms, the sweep scenario inside it, and its expectations evaluated on a small results
// table, as the validation runner does after the points ran.
// Property: anything but a case is refused with one line naming the file.

#include "fuzz_input.hpp"

#include <hbcast/experiments/validation_case.hpp>
#include <hbcast/experiments/validation_checks.hpp>
#include <hbcast/report/results_table.hpp>
#include <hbcast/sweep/scenario.hpp>

#include <exception>

namespace {

const hbcast::cli::ResultsTable& results()
{
  static const auto table = hbcast::cli::ResultsTable::parse(
      "point,scheduler,nodes,port,slices,message_bytes,pairwise_makespan,simulated_makespan,"
      "simulated_relative_error,status,error\n"
      "0,fnf,10,one-port,1,1048576,0.5,0.5,0,ok,\n"
      "1,flat,10,one-port,1,1048576,0.9,0.9,1e-12,ok,\n"
      "2,fnf,20,multi-port,8,4194304,0.7,0.8,0.14,ok,\n"
      "3,flat,20,multi-port,8,4194304,,,,failed,crashed\n",
      "results.csv");
  return table;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
  static hbcast::fuzz::InputFile input;
  const std::string& path = input.write(data, size);
  for (bool full : {false, true}) {
    hbcast::cli::ValidationCase loaded;
    try {
      loaded = hbcast::cli::load_validation_case(path, full);
      if (loaded.kind == "sweep")
        hbcast::cli::scenario_from_yaml(loaded.scenario, loaded.path);
    } catch (const std::exception& error) {
      hbcast::fuzz::check_refusal(error, path);
      continue;
    }
    // A check may also be refused for the results it reads (a column they lack): it names them.
    try {
      hbcast::cli::evaluate_checks(results(), loaded.expectations, loaded.path);
    } catch (const std::exception& error) {
      hbcast::fuzz::check_refusal(error, std::string_view(error.what()).find(path) != std::string_view::npos
                                             ? path
                                             : results().source_name());
    }
  }
  return 0;
}
