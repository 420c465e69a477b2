#pragma once
#include <hbcast/core/node_id.hpp>

#include <cstddef>

namespace hbcast {

struct HostBlocks;

/// Affine point-to-point cost model: sending S bytes from u to v takes
///   T_uv(S) = latency(u,v) + S * inverse_bandwidth(u,v)
/// (Beaumont-Marchal-Robert, section 2.1, with alpha = route latency and beta = 1 / bottleneck bandwidth).
/// For the multi-port model (Beaumont-Marchal-Robert, section 3.2) a sender is additionally busy for
///   send_u(S) = send_latency(u) + S * send_inverse_bandwidth(u)
/// per send and may overlap sends; the default is 0 (ideal multi-port).
class CostModel {
public:
  virtual ~CostModel() = default;

  virtual std::size_t size() const = 0;
  virtual double latency(NodeId from, NodeId to) const = 0;
  virtual double inverse_bandwidth(NodeId from, NodeId to) const = 0;
  virtual double send_latency(NodeId /*from*/) const { return 0.0; }
  virtual double send_inverse_bandwidth(NodeId /*from*/) const { return 0.0; }
  /// Hosts the model cannot tell apart (host_blocks.hpp), when it knows; null otherwise. Models
  /// built from the costs (latency grouping, sender-only medians) then work on blocks.
  virtual const HostBlocks* host_blocks() const { return nullptr; }

  double transfer_time(NodeId from, NodeId to, double bytes) const
  {
    return latency(from, to) + bytes * inverse_bandwidth(from, to);
  }
  double send_overhead(NodeId from, double bytes) const
  {
    return send_latency(from) + bytes * send_inverse_bandwidth(from);
  }
};

}  // namespace hbcast
