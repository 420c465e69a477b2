#include <hbcast/util/mix_seed.hpp>

#include <gtest/gtest.h>

using hbcast::mix_seed;

TEST(MixSeed, IsSplitMix64)
{
  // SplitMix64's first outputs from state 0 (Steele, Lea and Flood 2014; the reference values of
  // Vigna's splitmix64.c): state 0 -> 0xE220A8397B1DCDAF, state 0x9E3779B97F4A7C15 -> 0x6E789E6AA1B965F4.
  EXPECT_EQ(mix_seed(0), 0xE220A8397B1DCDAFULL);
  EXPECT_EQ(mix_seed(0x9E3779B97F4A7C15ULL), 0x6E789E6AA1B965F4ULL);
}
