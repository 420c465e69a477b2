#include <hbcast/calibration/measurement_readers.hpp>

#include "text_lines.hpp"

namespace hbcast::calibration {

std::string to_string(InputFormat format)
{
  switch (format) {
    case InputFormat::hbcast_probe:
      return "hbcast-probe";
    case InputFormat::osu:
      return "osu";
    case InputFormat::imb:
      return "imb";
    case InputFormat::mpigraph:
      return "mpigraph";
  }
  return "?";
}

std::optional<InputFormat> parse_input_format(const std::string& name)
{
  for (const auto format : {InputFormat::hbcast_probe, InputFormat::osu, InputFormat::imb, InputFormat::mpigraph})
    if (to_string(format) == name)
      return format;
  return std::nullopt;
}

std::optional<InputFormat> detect_input_format(std::string_view text)
{
  // The first lines that only one tool prints.
  std::size_t start = 0, seen = 0;
  while (start < text.size() && seen < 400) {
    auto end = text.find('\n', start);
    if (end == std::string_view::npos)
      end = text.size();
    const std::string_view line = trim(text.substr(start, end - start));
    start = end + 1;
    ++seen;
    if (starts_with(line, "# hbcast-probe") || starts_with(line, "kind,"))
      return InputFormat::hbcast_probe;
    if (contains(line, "# OSU MPI"))
      return InputFormat::osu;
    if (contains(line, "Intel(R) MPI Benchmarks") || contains(line, "Intel (R) MPI Benchmarks") ||
        contains(line, "# Benchmarking "))
      return InputFormat::imb;
    if (contains(line, "START mpiGraph") || contains(line, "sendstats['max']") || contains(line, "mpiGraph Details"))
      return InputFormat::mpigraph;
  }
  return std::nullopt;
}

MeasurementSet read_measurements(std::string_view text, const std::string& file_name,
                                 std::optional<InputFormat> format, const ReadOptions& options)
{
  if (!format)
    format = detect_input_format(text);
  if (!format)
    fail_at({file_name, 0}, "format not recognised (hbcast-probe CSV, OSU, IMB-MPI1 or mpiGraph output); name it "
                            "with --format");
  switch (*format) {
    case InputFormat::hbcast_probe:
      return read_hbcast_probe_csv(text, file_name);
    case InputFormat::osu:
      return read_osu_output(text, file_name, options);
    case InputFormat::imb:
      return read_imb_output(text, file_name, options);
    case InputFormat::mpigraph:
      return read_mpigraph_output(text, file_name);
  }
  return {};
}

}  // namespace hbcast::calibration
