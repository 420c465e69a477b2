#include "run_labels.hpp"

#include "text_lines.hpp"

#include <regex>

namespace hbcast::calibration {

std::optional<std::vector<std::string>> run_label_hosts(std::string_view line)
{
  std::string text(trim(line));
  while (!text.empty() && text[0] == '#')
    text = std::string(trim(std::string_view(text).substr(1)));
  static const std::regex keyword(R"(^(?:hosts?|pair|nodes?)\s*[:=]\s*(.+)$)", std::regex::icase);
  static const std::regex host(R"([A-Za-z0-9_.\[\]-]+)");
  static const std::regex arrow(R"(^([A-Za-z0-9_.\[\]-]+)\s*(?:<->|->|,|\s+to\s+|\s+and\s+|\s+)\s*([A-Za-z0-9_.\[\]-]+)$)",
                                std::regex::icase);
  std::smatch match;
  if (std::regex_match(text, match, keyword)) {
    std::vector<std::string> hosts;
    const std::string list = match[1];
    std::size_t start = 0;
    while (start < list.size()) {
      const auto end = std::min(list.find_first_of(" \t,", start), list.size());
      if (end > start) {
        const std::string name = list.substr(start, end - start);
        if (!std::regex_match(name, host))
          return std::nullopt;
        hosts.push_back(name);
      }
      start = end + 1;
    }
    if (hosts.size() < 2)
      return std::nullopt;
    return hosts;
  }
  if (std::regex_match(text, match, arrow)) {
    // Both names must hold a letter or a digit run that is not a plain number: "1 2" is data.
    const std::string a = match[1], b = match[2];
    static const std::regex number(R"([-+0-9.eE]+)");
    if (std::regex_match(a, number) || std::regex_match(b, number))
      return std::nullopt;
    return std::vector<std::string>{a, b};
  }
  return std::nullopt;
}

std::string_view without_srun_label(std::string_view line)
{
  std::size_t k = 0;
  while (k < line.size() && line[k] == ' ')
    ++k;
  const std::size_t digits = k;
  while (k < line.size() && line[k] >= '0' && line[k] <= '9')
    ++k;
  if (k > digits && k + 1 < line.size() && line[k] == ':' && line[k + 1] == ' ')
    return line.substr(k + 2);
  return line;
}

}  // namespace hbcast::calibration
