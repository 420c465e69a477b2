#pragma once
#include <cstddef>
#include <cstdint>

namespace hbcast::cli {

/// Refuses K slices of a message of fewer than K bytes: every slice carries at least one whole
/// byte (ceil(size / K) each), so more slices would send more bytes than the message has.
/// Throws std::invalid_argument naming both numbers.
void check_slice_count(double message_bytes, std::size_t slices);

/// The pipelined evaluator keeps each node's K slice arrival times (8 bytes each) until its
/// children are done, so a broadcast over `hosts` may hold hosts x K x 8 bytes at once.
std::uint64_t estimated_pipeline_bytes(std::size_t hosts, std::size_t slices);

/// Refuses a pipelined run whose estimate exceeds `memory_bytes` (0: this machine's physical
/// memory); the error names the estimate and the limit.
void check_slice_memory(std::size_t hosts, std::size_t slices, std::uint64_t memory_bytes = 0);

/// The largest slice count --slices auto and the `best` scheduler consider for a message of
/// `message_bytes` over `hosts` hosts: `max_slices` when set (--max-slices), else kAutoSlices and
/// at most kAutoSliceTransfers slice transfers in all ((hosts - 1) x K), so that the replay of the
/// chosen plan stays within seconds; never more than the message's whole bytes, nor than
/// check_slice_memory allows on this machine; at least 1.
std::size_t auto_slice_bound(std::size_t hosts, double message_bytes, std::size_t max_slices);
inline constexpr std::size_t kAutoSlices = 1024;
inline constexpr std::size_t kAutoSliceTransfers = std::size_t{1} << 22;

}  // namespace hbcast::cli
