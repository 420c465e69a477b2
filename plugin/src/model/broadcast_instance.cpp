#include <hbcast/model/broadcast_instance.hpp>

#include <hbcast/model/scheduler_not_applicable.hpp>

#include <stdexcept>

namespace hbcast {

BroadcastInstance::BroadcastInstance(std::shared_ptr<const CostModel> costs, std::vector<std::string> host_names,
                                     double transfer_bytes, PortModel port)
    : costs_(std::move(costs)), host_names_(std::move(host_names)), transfer_bytes_(transfer_bytes), port_(port)
{
  if (!costs_)
    throw std::invalid_argument("broadcast instance without a cost model");
  if (host_names_.size() != costs_->size())
    throw std::invalid_argument("broadcast instance: " + std::to_string(host_names_.size()) + " names for " +
                                std::to_string(costs_->size()) + " hosts");
  if (!(transfer_bytes_ >= 0.0))
    throw std::invalid_argument("broadcast instance: transfer size must be >= 0");
}

void BroadcastInstance::set_slices(std::size_t slices)
{
  if (slices == 0)
    throw std::invalid_argument("broadcast instance: at least one slice");
  slices_ = slices;
}

std::unique_ptr<BroadcastInstance> BroadcastInstance::for_slices(double slice_bytes, std::size_t slices) const
{
  auto instance = std::make_unique<BroadcastInstance>(costs_, host_names_, slice_bytes, port_);
  instance->set_slices(slices);
  instance->parameters_ = parameters_;
  instance->topology_ = topology_;
  instance->links_ = links_;
  return instance;
}

std::shared_ptr<const SenderOnlyModel> BroadcastInstance::sender_only() const
{
  std::call_once(sender_only_once_,
                 [this] { sender_only_ = std::make_shared<SenderOnlyModel>(SenderOnlyModel::from_pairwise(*costs_)); });
  return sender_only_;
}

const HostClustering& BroadcastInstance::latency_clusters() const
{
  std::call_once(clusters_once_, [this] { clusters_ = cluster_by_latency(*costs_, kLowekampTolerance); });
  return clusters_;
}

void BroadcastInstance::build_shared_models() const
{
  sender_only();
  latency_clusters();
}

double BroadcastInstance::parameter(const std::string& name, double fallback) const
{
  const auto it = parameters_.find(name);
  return it == parameters_.end() ? fallback : it->second;
}

const TopologyGraph& BroadcastInstance::topology(const std::string& who) const
{
  if (!topology_)
    throw SchedulerNotApplicable(who + " needs the platform graph (direct host-to-host links), which this platform "
                                      "does not provide");
  return *topology_;
}

const std::shared_ptr<const LinkRouteModel>& BroadcastInstance::links(const std::string& who) const
{
  if (!links_)
    throw std::invalid_argument(who + " needs the platform's links and routes, which this instance does not provide");
  if (links_->host_count() != size())
    throw std::invalid_argument(who + ": the link model has " + std::to_string(links_->host_count()) +
                                " hosts, the instance " + std::to_string(size()));
  return links_;
}

void BroadcastInstance::set_steady_state(std::shared_ptr<const SteadyStateSolution> solution, NodeId source)
{
  steady_state_ = std::move(solution);
  steady_state_source_ = source;
}

const SteadyStateSolution* BroadcastInstance::steady_state(NodeId source) const
{
  return steady_state_ && source == steady_state_source_ ? steady_state_.get() : nullptr;
}

}  // namespace hbcast
