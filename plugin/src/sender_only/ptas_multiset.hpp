#pragma once
// Internal to the PTAS (Khuller-Kim-Woeginger, section 3): multisets of slow-processor classes, i.e. the count
// vectors (n_1, ..., n_k) of the dynamic program, stored as mixed-radix integers.
#include <cstddef>
#include <vector>

namespace hbcast::ptas_detail {

/// Count vectors with 0 <= n_i <= caps[i], numbered sum_i n_i * stride_i.
class MixedRadix {
public:
  MixedRadix() = default;
  explicit MixedRadix(std::vector<std::size_t> caps) : caps_(std::move(caps)), strides_(caps_.size())
  {
    std::size_t stride = 1;
    for (std::size_t i = 0; i < caps_.size(); ++i) {
      strides_[i] = stride;
      stride *= caps_[i] + 1;
    }
    count_ = stride;
  }
  std::size_t size() const { return count_; }
  std::size_t digits() const { return caps_.size(); }
  std::size_t cap(std::size_t i) const { return caps_[i]; }
  std::size_t stride(std::size_t i) const { return strides_[i]; }
  std::size_t digit(std::size_t index, std::size_t i) const { return index / strides_[i] % (caps_[i] + 1); }

private:
  std::vector<std::size_t> caps_;
  std::vector<std::size_t> strides_;
  std::size_t count_ = 1;
};

/// Calls visit(index_a, index_b) for every count vector m with 0 <= m_i <= bounds[i], giving its
/// number in two radices (a sub-multiset enumerated once serves both the tree table and the DP).
template <typename Visit>
void for_each_submultiset(const std::vector<std::size_t>& bounds, const MixedRadix& a, const MixedRadix& b,
                          Visit&& visit)
{
  const std::size_t k = bounds.size();
  std::vector<std::size_t> m(k, 0);
  std::size_t index_a = 0;
  std::size_t index_b = 0;
  while (true) {
    visit(index_a, index_b);
    std::size_t i = 0;
    while (i < k && m[i] == bounds[i]) {  // odometer: reset saturated digits, carry
      index_a -= m[i] * a.stride(i);
      index_b -= m[i] * b.stride(i);
      m[i] = 0;
      ++i;
    }
    if (i == k)
      return;
    ++m[i];
    index_a += a.stride(i);
    index_b += b.stride(i);
  }
}

}  // namespace hbcast::ptas_detail
