#include <hbcast/calibration/measurements.hpp>

#include <algorithm>

namespace hbcast::calibration {

void fail_at(const SourceLine& where, const std::string& message)
{
  throw MeasurementError(where.text() + ": " + message);
}

std::string to_string(SampleKind kind)
{
  switch (kind) {
    case SampleKind::half_round_trip:
      return "half round trip";
    case SampleKind::streaming:
      return "streaming";
    case SampleKind::exchange:
      return "exchange";
  }
  return "?";
}

std::size_t MeasurementSet::host(const std::string& name)
{
  if (name.empty())
    throw std::invalid_argument("a host name is empty");
  const auto [it, added] = index_.emplace(name, hosts_.size());
  if (added)
    hosts_.push_back(name);
  return it->second;
}

std::size_t MeasurementSet::find_host(const std::string& name) const
{
  const auto it = index_.find(name);
  return it == index_.end() ? npos : it->second;
}

void MeasurementSet::merge(const MeasurementSet& other)
{
  std::vector<std::size_t> map;
  map.reserve(other.hosts_.size());
  for (const auto& name : other.hosts_)
    map.push_back(host(name));
  for (PairSample sample : other.samples) {
    sample.src = map[sample.src];
    sample.dst = map[sample.dst];
    samples.push_back(std::move(sample));
  }
  for (ConcurrentTest test : other.tests) {
    for (auto& flow : test.flows) {
      flow.src = map[flow.src];
      flow.dst = map[flow.dst];
    }
    tests.push_back(std::move(test));
  }
  envelope_bytes = std::max(envelope_bytes, other.envelope_bytes);
  notes.insert(notes.end(), other.notes.begin(), other.notes.end());
  sources.insert(sources.end(), other.sources.begin(), other.sources.end());
}

}  // namespace hbcast::calibration
