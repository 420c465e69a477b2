#pragma once
#include <hbcast/calibration/measurements.hpp>

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace hbcast::calibration {

/// A line of an input file with its 1-based number, without its end-of-line characters.
struct NumberedLine {
  std::size_t number = 0;
  std::string_view text;
};

/// Every line of `text` ("\n", "\r\n" or "\r" ends a line; a NUL byte is refused).
std::vector<NumberedLine> numbered_lines(std::string_view text, const std::string& file_name);

std::string_view trim(std::string_view text);
/// Fields separated by blanks (spaces, tabs).
std::vector<std::string_view> blank_fields(std::string_view text);
/// Fields separated by `separator`, each trimmed.
std::vector<std::string_view> split_fields(std::string_view text, char separator);
bool starts_with(std::string_view text, std::string_view prefix);
bool contains(std::string_view text, std::string_view part);
/// A field as a finite number; fails "FILE:LINE: WHAT 'FIELD' is not a number" otherwise (NaN and
/// infinities included).
double number_field(std::string_view field, const SourceLine& where, const std::string& what);
/// A time in seconds (FIELD times UNIT): a finite number > 0, else a one-line error naming WHAT. A
/// measured time of 0 (a latency printed as 0.00) cannot be fitted: it is refused, as a bandwidth of 0.
double time_field(std::string_view field, double unit, const SourceLine& where, const std::string& what);
/// A message size in bytes: a whole number >= 0.
double size_field(std::string_view field, const SourceLine& where);
/// The most ranks a measurement file may name: each is a host name held in memory.
inline constexpr std::size_t kMaxRankCount = std::size_t{1} << 20;
/// A count of ranks, pairs or groups: a whole number in [0, kMaxRankCount], else a one-line error
/// naming WHAT.
std::size_t rank_count_field(std::string_view field, const SourceLine& where, const std::string& what);

}  // namespace hbcast::calibration
