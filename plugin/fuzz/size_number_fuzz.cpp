// Sizes and numbers as every option and scenario key reads them (`--size 4MiB`, `--slices 8`,
// `sizes: [1e6]`): parse_size, parse_number, parse_whole_number.
// Properties: a refusal is a one-line std::invalid_argument; an accepted size holds no NUL byte
// (every byte is read), is a whole number of bytes >= 1 and reads back from its decimal form as
// itself; an accepted number is finite and reads back from its shortest form; a whole number
// reads back from its decimal digits.

#include "fuzz_input.hpp"

#include <hbcast/util/number_parsing.hpp>
#include <hbcast/util/size_parser.hpp>

#include <charconv>
#include <cmath>
#include <stdexcept>
#include <string>

namespace {

std::string shortest(double value)
{
  char text[64];
  const auto end = std::to_chars(text, text + sizeof text, value).ptr;
  return std::string(text, end);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    const double bytes = hbcast::parse_size(text);
    if (text.find('\0') != std::string::npos)
      hbcast::fuzz::violated("parse_size accepted a size holding a NUL byte as " + shortest(bytes) + " bytes");
    if (!(bytes >= 1.0) || !std::isfinite(bytes) || std::floor(bytes) != bytes)
      hbcast::fuzz::violated("parse_size accepted '" + text + "' as " + shortest(bytes) + " bytes");
    if (hbcast::parse_size(shortest(bytes)) != bytes)
      hbcast::fuzz::violated("the size " + shortest(bytes) + " does not read back as itself");
    hbcast::format_size(bytes);
  } catch (const std::invalid_argument& error) {
    hbcast::fuzz::check_refusal(error);
  }
  if (const auto number = hbcast::parse_number(text)) {
    if (!std::isfinite(*number))
      hbcast::fuzz::violated("parse_number accepted '" + text + "' as a non-finite number");
    const auto again = hbcast::parse_number(shortest(*number));
    if (!again || *again != *number)
      hbcast::fuzz::violated("the number " + shortest(*number) + " does not read back as itself");
  }
  if (const auto whole = hbcast::parse_whole_number(text)) {
    const auto again = hbcast::parse_whole_number(std::to_string(*whole));
    if (!again || *again != *whole)
      hbcast::fuzz::violated("the whole number " + std::to_string(*whole) + " does not read back as itself");
    const auto digits = text.find_first_not_of('0');
    if ((digits == std::string::npos ? std::string("0") : text.substr(digits)) != std::to_string(*whole))
      hbcast::fuzz::violated("parse_whole_number read '" + text + "' as " + std::to_string(*whole));
  }
  return 0;
}
