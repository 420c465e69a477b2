#pragma once

#include <simgrid/s4u/Link.hpp>

#include <set>

namespace hbcast {

/// Starts keeping links_down() (once per process: the signal is static), with the links already
/// down then. Called as a replay starts, before any of its transfers.
void watch_link_states();

/// The links that are down now, so that while none is, no route needs looking at.
const std::set<const simgrid::s4u::Link*>& links_down();

}  // namespace hbcast
