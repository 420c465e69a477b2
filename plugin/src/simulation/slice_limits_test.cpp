#include <hbcast/simulation/slice_limits.hpp>

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

using namespace hbcast::cli;

namespace {

std::string error_of(const std::function<void()>& check)
{
  try {
    check();
  } catch (const std::invalid_argument& error) {
    return error.what();
  }
  return "";
}

}  // namespace

TEST(SliceLimits, AtMostOneSlicePerByte)
{
  EXPECT_EQ(error_of([] { check_slice_count(100, 100); }), "");
  EXPECT_EQ(error_of([] { check_slice_count(100, 1); }), "");
  EXPECT_EQ(error_of([] { check_slice_count(100, 101); }),
            "--slices 101 is more than the message's 100 bytes (a slice carries at least one byte)");
}

TEST(SliceLimits, MemoryEstimateIsHostsTimesSlicesTimesEightBytes)
{
  EXPECT_EQ(estimated_pipeline_bytes(88, 1000), 88u * 1000u * 8u);
  EXPECT_EQ(estimated_pipeline_bytes(1u << 20, std::size_t{1} << 62), UINT64_MAX) << "saturates";
  // 10 hosts x 1,000 slices x 8 bytes = 80,000 bytes: refused under 79,999, accepted at 80,000.
  EXPECT_EQ(error_of([] { check_slice_memory(10, 1000, 80000); }), "");
  EXPECT_EQ(error_of([] { check_slice_memory(10, 1000, 79999); }),
            "--slices 1000 on 10 hosts needs an estimated 78.125 KiB of memory (the pipelined evaluation's slice "
            "arrival times, 10 hosts x 1000 slices x 8 bytes), more than the 78.124 KiB given; fewer --slices lower "
            "it");
  EXPECT_EQ(error_of([] { check_slice_memory(10, 1, 1); }), "") << "an atomic message keeps no slice times";
}
