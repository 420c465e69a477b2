#pragma once
#include <hbcast/eval/contention_analysis.hpp>

#include <nlohmann/json.hpp>

#include <cstddef>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace hbcast::cli {

/// One over-subscribed shared link as the report shows it.
struct ContendedLink {
  std::string name;
  double bandwidth = 0.0;        ///< bytes/s
  double peak_ratio = 0.0;       ///< largest demand / bandwidth
  double overloaded_time = 0.0;  ///< seconds over its bandwidth
  double first_start = 0.0;      ///< when it is first over-subscribed
  std::size_t transfers = 0;     ///< transfers involved, over all its intervals
};

/// The analysis (on the pairwise timing) against the same analysis on the replay's own transfer
/// times: a shared link is congested in the replay where the transfers running
/// on it there ask for more than its bandwidth, which is where max-min sharing slowed them.
struct ReplayAgreement {
  std::size_t replay_links = 0;   ///< shared links congested in the replay
  std::size_t both = 0;           ///< listed by the analysis and congested in the replay
  std::size_t analysis_only = 0;  ///< listed by the analysis, not congested in the replay
  std::size_t replay_only = 0;    ///< congested in the replay, not listed by the analysis
  std::size_t disagreements() const { return analysis_only + replay_only; }
};

ReplayAgreement compare_with_replay(const ContentionReport& analysis, const ContentionReport& replayed);

/// A tree's contention analysis (analyze_contention) as carried by simulate's outputs: how many
/// shared links are over-subscribed and the worst of them.
struct ContentionSummary {
  std::size_t oversubscribed_links = 0;
  std::vector<ContendedLink> worst;  ///< worst first, at most the number asked for
  std::optional<ReplayAgreement> replay;  ///< atomic replays: the analysis against the replay
};

ContentionSummary summarize_contention(const ContentionReport& report, std::size_t keep);

/// The table's "Contention" section: per scheduler, the count and its worst links.
struct SchedulerContention {
  std::string scheduler;
  const ContentionSummary* summary;
};
void write_contention_section(std::ostream& out, const std::vector<SchedulerContention>& runs);

void to_json(nlohmann::json& json, const ContendedLink& link);
void from_json(const nlohmann::json& json, ContendedLink& link);
void to_json(nlohmann::json& json, const ContentionSummary& summary);
void from_json(const nlohmann::json& json, ContentionSummary& summary);

}  // namespace hbcast::cli
