#include <hbcast/simulation/contention_summary.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <ostream>
#include <set>
#include <vector>

namespace hbcast::cli {

ContentionSummary summarize_contention(const ContentionReport& report, std::size_t keep)
{
  ContentionSummary summary;
  summary.oversubscribed_links = report.links.size();
  for (std::size_t k = 0; k < report.links.size() && k < keep; ++k) {
    const LinkContention& link = report.links[k];
    // Distinct transfers over every interval: millions with many slices, so a sorted vector, not a set.
    std::vector<std::size_t> involved;
    for (const auto& interval : link.intervals)
      involved.insert(involved.end(), interval.transfers.begin(), interval.transfers.end());
    std::sort(involved.begin(), involved.end());
    involved.erase(std::unique(involved.begin(), involved.end()), involved.end());
    summary.worst.push_back({link.name, link.bandwidth, link.peak_ratio, link.overloaded_time,
                             link.intervals.front().start, involved.size()});
  }
  return summary;
}

ReplayAgreement compare_with_replay(const ContentionReport& analysis, const ContentionReport& replayed)
{
  std::set<LinkId> listed, congested;
  for (const auto& link : analysis.links)
    listed.insert(link.link);
  for (const auto& link : replayed.links)
    congested.insert(link.link);
  ReplayAgreement agreement;
  agreement.replay_links = congested.size();
  for (LinkId link : listed)
    ++(congested.count(link) ? agreement.both : agreement.analysis_only);
  agreement.replay_only = congested.size() - agreement.both;
  return agreement;
}

void write_contention_section(std::ostream& out, const std::vector<SchedulerContention>& runs)
{
  out << "\nContention (shared links asked for more than their bandwidth under the pairwise timing; replay: links "
         "congested in the replay)\n";
  // One line per scheduler with contention; those with none, in the analysis and the replay, on one line.
  const auto quiet = [](const SchedulerContention& run) {
    return run.summary->oversubscribed_links == 0 && (!run.summary->replay || run.summary->replay->replay_links == 0);
  };
  std::vector<std::string> without;
  std::size_t width = 0;  // the scheduler column, as wide as the longest name listed in it
  for (const auto& run : runs)
    if (quiet(run))
      without.push_back(run.scheduler);
    else
      width = std::max(width, run.scheduler.size());
  if (!without.empty())
    out << fmt::format("none: {}\n", fmt::join(without, ", "));
  for (const auto& run : runs) {
    if (quiet(run))
      continue;
    if (run.summary->oversubscribed_links == 0) {
      out << fmt::format("{:<{}} none over-subscribed;", run.scheduler, width);
    } else {
      out << fmt::format("{:<{}} {} link{} over-subscribed; worst:", run.scheduler, width,
                         run.summary->oversubscribed_links, run.summary->oversubscribed_links == 1 ? "" : "s");
      for (const auto& link : run.summary->worst)
        out << fmt::format(" {} x{:.2f} for {:.6f} s from {:.6f} s ({} transfers);", link.name, link.peak_ratio,
                           link.overloaded_time, link.first_start, link.transfers);
    }
    if (const auto& replay = run.summary->replay)
      out << fmt::format(" replay: {} link{} congested, analysis and replay agree on {}, analysis only {}, replay "
                         "only {}",
                         replay->replay_links, replay->replay_links == 1 ? "" : "s", replay->both,
                         replay->analysis_only, replay->replay_only);
    out << "\n";
  }
}

void to_json(nlohmann::json& json, const ContendedLink& link)
{
  json = {{"link", link.name},
          {"bandwidth", link.bandwidth},
          {"peak_ratio", link.peak_ratio},
          {"overloaded_seconds", link.overloaded_time},
          {"first_start", link.first_start},
          {"transfers", link.transfers}};
}

void from_json(const nlohmann::json& json, ContendedLink& link)
{
  link.name = json.at("link").get<std::string>();
  link.bandwidth = json.at("bandwidth").get<double>();
  link.peak_ratio = json.at("peak_ratio").get<double>();
  link.overloaded_time = json.at("overloaded_seconds").get<double>();
  link.first_start = json.at("first_start").get<double>();
  link.transfers = json.at("transfers").get<std::size_t>();
}

void to_json(nlohmann::json& json, const ContentionSummary& summary)
{
  json = {{"oversubscribed_links", summary.oversubscribed_links}, {"worst_links", summary.worst}};
  if (const auto& replay = summary.replay)
    json["replay"] = {{"congested_links", replay->replay_links},
                      {"both", replay->both},
                      {"analysis_only", replay->analysis_only},
                      {"replay_only", replay->replay_only}};
}

void from_json(const nlohmann::json& json, ContentionSummary& summary)
{
  summary.oversubscribed_links = json.at("oversubscribed_links").get<std::size_t>();
  summary.worst = json.at("worst_links").get<std::vector<ContendedLink>>();
  if (json.contains("replay")) {
    const auto& replay = json.at("replay");
    summary.replay = ReplayAgreement{replay.at("congested_links").get<std::size_t>(), replay.at("both").get<std::size_t>(),
                                     replay.at("analysis_only").get<std::size_t>(),
                                     replay.at("replay_only").get<std::size_t>()};
  }
}

}  // namespace hbcast::cli
