// A fixture of build.unity_names.refuses_a_clash: shares kLimit and widest() with second.cpp.
#include <vector>

namespace {

constexpr int kLimit = 10;

struct Visitor {
  int seen = 0;
};

int widest(const std::vector<int>& values)
{
  int best = 0;
  for (int v : values)
    best = v > best ? v : best;
  return best + kLimit;
}

}  // namespace
