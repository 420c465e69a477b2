// A fixture of build.unity_names.refuses_a_clash: shares kLimit and widest() with first.cpp; its
// overload of widest and its own Visitor-free helpers are allowed.
#include <vector>

namespace {

constexpr int kLimit = 20;

int widest(const std::vector<int>& values)
{
  return static_cast<int>(values.size()) + kLimit;
}

int widest(int a, int b)
{
  return a > b ? a : b;
}

}  // namespace
