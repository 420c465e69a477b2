#pragma once
#include <hbcast/sweep/sweep_row.hpp>

#include <set>
#include <string>
#include <vector>

namespace hbcast::cli {

/// The results file of a sweep, written as points complete so that a sweep killed at any moment
/// (even with kill -9) loses only the points in flight: each row is one line appended with a
/// single write(2). A partial last line left by a kill is dropped on resume. finish() rewrites
/// the file sorted by point id, so complete results are byte-identical whatever the order of
/// completion. Wall times go to PATH.wall.csv.
///
/// A journal holds an exclusive lock (a POSIX record lock) on its file from creation or resume to its end, so
/// a second sweep on the same file refuses at once and touches nothing. A write that fails (a
/// full disk) leaves the file with its complete rows only, and throws: --resume completes it.
class ResultsJournal {
public:
  /// Starts a new file, locked from the moment it appears; refuses an existing one (use resume).
  static ResultsJournal create(const std::string& path, const RowFormat& format, const std::string& header);
  /// Locks and reads an interrupted file written with the same header, without changing it:
  /// stored_lines() and done() say what it holds. begin() then prepares it for appending.
  static ResultsJournal resume(const std::string& path, const RowFormat& format, const std::string& header);
  ResultsJournal(ResultsJournal&& other) noexcept;
  ResultsJournal(const ResultsJournal&) = delete;
  ResultsJournal& operator=(const ResultsJournal&) = delete;
  ~ResultsJournal();

  const std::set<std::size_t>& done() const { return done_; }
  /// The complete rows a resumed file held (no header).
  const std::vector<std::string>& stored_lines() const { return stored_lines_; }
  /// Drops a partial last line (the only change resume makes) and opens the wall-time file.
  void begin();
  void append(std::size_t point, const std::string& line, double wall_seconds);
  /// Sorts the rows by point id (atomic rewrite).
  void finish();

private:
  ResultsJournal(std::string path, RowFormat format, std::string header);
  void append_line(int fd, const std::string& line, const std::string& path);

  std::string path_;
  RowFormat format_;
  std::string header_;
  std::set<std::size_t> done_;
  std::vector<std::string> stored_lines_;
  std::size_t complete_bytes_ = 0;  // a resumed file: its length without a partial last line
  int fd_ = -1;                     // the results file, locked, appended to
  int wall_fd_ = -1;
};

/// Reads the data lines of a results file (no header), checking the header matches. A line
/// without its newline at the end (a row cut short by a kill) is not a result and is skipped.
std::vector<std::string> read_result_lines(const std::string& path, const RowFormat& format, const std::string& header);

}  // namespace hbcast::cli
