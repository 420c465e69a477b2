#include <hbcast/core/tree_validation.hpp>
#include <hbcast/eval/atomic_evaluator.hpp>
#include <hbcast/model/sender_only_model.hpp>
#include <hbcast/sched/binomial.hpp>

#include <gtest/gtest.h>

#include <cmath>

using namespace hbcast;

TEST(BinomialScheduler, HomogeneousMakespanIsCeilLog2Rounds)
{
  // With unit transfers the binomial tree needs ceil(log2 n) rounds, the telephone-model optimum.
  for (std::size_t n = 1; n <= 70; ++n) {
    auto costs = SenderOnlyModel::from_times(std::vector<double>(n, 1.0));
    for (NodeId root : {NodeId{0}, NodeId{n / 2}, NodeId{n - 1}}) {
      auto tree = binomial_tree(n, root);
      ASSERT_NO_THROW(validate_tree(tree)) << "n " << n << " root " << root;
      const double rounds = n == 1 ? 0.0 : std::ceil(std::log2(static_cast<double>(n)));
      ASSERT_DOUBLE_EQ(evaluate_atomic(tree, costs, 1.0, PortModel::one_port).makespan, rounds) << "n " << n;
    }
  }
}
