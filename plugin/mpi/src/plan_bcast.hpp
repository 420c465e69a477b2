#pragma once
#include "rank_plan.hpp"

#include <mpi.h>

namespace hbcast::mpi {

/// This rank's part of the broadcast of `count` elements of `datatype` along `plan` (docs/deployment.md,
/// "libhbcast_mpi"): all receives posted first (slice j from its tree's parent, tag j),
/// then slice by slice: wait for it, forward it to the children in send order, one MPI_Send
/// after the other (one-port) or as MPI_Isend, one slice in flight per edge (multi-port).
/// The caller has checked that `comm` has plan.rank_count ranks. Returns the first MPI error.
int plan_bcast(void* buffer, int count, MPI_Datatype datatype, const RankPlan& plan, MPI_Comm comm);

}  // namespace hbcast::mpi
