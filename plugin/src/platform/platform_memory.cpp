#include <hbcast/platform/platform_memory.hpp>

#include <hbcast/util/memory_budget.hpp>

#include <cctype>
#include <charconv>

namespace hbcast {
namespace {

constexpr std::uint64_t kBaseBytes = 27ull << 20;
constexpr std::uint64_t kBytesPerHost = 2970;  // 2.9 KiB
constexpr std::uint64_t kBytesPerLink = 1024;

// Whether `xml` has the element `name` at `at` (just after '<'): the name, then a blank, '/' or '>'.
bool element_at(std::string_view xml, std::size_t at, std::string_view name)
{
  if (xml.compare(at, name.size(), name) != 0 || at + name.size() >= xml.size())
    return false;
  const char next = xml[at + name.size()];
  return std::isspace(static_cast<unsigned char>(next)) != 0 || next == '/' || next == '>';
}

// The value of attribute `name` in the tag starting at `at` (up to its '>').
std::string_view attribute(std::string_view xml, std::size_t at, std::string_view name)
{
  const std::size_t end = xml.find('>', at);
  const std::string_view tag = xml.substr(at, end == std::string_view::npos ? std::string_view::npos : end - at);
  for (std::size_t from = 0;;) {
    const std::size_t found = tag.find(name, from);
    if (found == std::string_view::npos)
      return {};
    from = found + name.size();
    if (found == 0 || !std::isspace(static_cast<unsigned char>(tag[found - 1])))
      continue;
    std::size_t p = from;
    while (p < tag.size() && std::isspace(static_cast<unsigned char>(tag[p])))
      ++p;
    if (p >= tag.size() || tag[p] != '=')
      continue;
    ++p;
    while (p < tag.size() && std::isspace(static_cast<unsigned char>(tag[p])))
      ++p;
    if (p >= tag.size() || (tag[p] != '"' && tag[p] != '\''))
      continue;
    const std::size_t close = tag.find(tag[p], p + 1);
    return close == std::string_view::npos ? std::string_view{} : tag.substr(p + 1, close - p - 1);
  }
}

std::uint64_t whole_number(std::string_view text)
{
  std::uint64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  return error == std::errc() && end == text.data() + text.size() ? value : 0;
}

// "0-99,200-299,500": 201 hosts.
std::uint64_t radical_count(std::string_view radical)
{
  std::uint64_t count = 0;
  while (!radical.empty()) {
    const std::size_t comma = radical.find(',');
    const std::string_view part = radical.substr(0, comma);
    const std::size_t dash = part.find('-');
    if (dash == std::string_view::npos) {
      count = saturated_sum(count, part.empty() ? 0 : 1);
    } else {
      const std::uint64_t first = whole_number(part.substr(0, dash)), last = whole_number(part.substr(dash + 1));
      if (last >= first)
        count = saturated_sum(count, last - first + 1);
    }
    radical = comma == std::string_view::npos ? std::string_view{} : radical.substr(comma + 1);
  }
  return count;
}

}  // namespace

DeclaredPlatformSize declared_platform_size(std::string_view xml)
{
  DeclaredPlatformSize size;
  for (std::size_t at = xml.find('<'); at != std::string_view::npos; at = xml.find('<', at + 1)) {
    if (element_at(xml, at + 1, "host"))
      size.hosts = saturated_sum(size.hosts, 1);
    else if (element_at(xml, at + 1, "link"))
      size.links = saturated_sum(size.links, 1);
    else if (element_at(xml, at + 1, "cluster") || element_at(xml, at + 1, "cabinet"))
      size.hosts = saturated_sum(size.hosts, radical_count(attribute(xml, at, "radical")));
  }
  return size;
}

std::uint64_t estimated_platform_bytes(const DeclaredPlatformSize& size)
{
  return saturated_sum(kBaseBytes, saturated_sum(saturated_product(size.hosts, kBytesPerHost),
                                                 saturated_product(size.links, kBytesPerLink)));
}

}  // namespace hbcast
