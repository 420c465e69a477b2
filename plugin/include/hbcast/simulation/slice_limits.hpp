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

}  // namespace hbcast::cli
