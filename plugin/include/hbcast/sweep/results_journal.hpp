#pragma once
#include <hbcast/sweep/sweep_row.hpp>

#include <set>
#include <string>

namespace hbcast::cli {

/// The results file of a sweep, written as points complete so that a sweep killed at any moment
/// (even with kill -9) loses only the points in flight: each row is one line appended with a
/// single write(2). A partial last line left by a kill is dropped on resume. finish() rewrites
/// the file sorted by point id, so complete results are byte-identical whatever the order of
/// completion. Wall times go to PATH.wall.csv.
class ResultsJournal {
public:
  /// Starts a new file; refuses to overwrite an existing one (use resume).
  static ResultsJournal create(const std::string& path, const RowFormat& format, const std::string& header);
  /// Reopens an interrupted file written with the same header; done() lists its points.
  static ResultsJournal resume(const std::string& path, const RowFormat& format, const std::string& header);
  ResultsJournal(ResultsJournal&& other) noexcept;
  ResultsJournal(const ResultsJournal&) = delete;
  ResultsJournal& operator=(const ResultsJournal&) = delete;
  ~ResultsJournal();

  const std::set<std::size_t>& done() const { return done_; }
  void append(std::size_t point, const std::string& line, double wall_seconds);
  /// Sorts the rows by point id (atomic rewrite).
  void finish();

private:
  ResultsJournal(std::string path, RowFormat format, std::string header);
  void open_for_append();

  std::string path_;
  RowFormat format_;
  std::string header_;
  std::set<std::size_t> done_;
  int fd_ = -1;
  int wall_fd_ = -1;
};

/// Reads the data lines of a results file (no header), checking the header matches.
std::vector<std::string> read_result_lines(const std::string& path, const RowFormat& format, const std::string& header);

}  // namespace hbcast::cli
