/* libhbcast_mpi: runs a broadcast plan written by `hbcast simulate --plan` on an MPI communicator.
 * C API, C++ inside. See docs/deployment.md, "libhbcast_mpi". */
#ifndef HBCAST_MPI_H
#define HBCAST_MPI_H

#include <mpi.h>

#ifdef __cplusplus
extern "C" {
#endif

/** A plan mapped onto the ranks of one communicator (opaque). */
typedef struct hbcast_plan hbcast_plan;

/** Collective over `comm`. Reads the plan at `path` and maps its host names to the ranks of
 *  `comm`: rank r runs on rank_hosts[r] when rank_hosts is not NULL (an array of comm-size
 *  names, the same on every rank), else on the name MPI_Get_processor_name gives it. Checks on
 *  every rank, before any broadcast, that the plan matches the communicator (one rank per host
 *  of the plan's trees, every rank reached by every tree exactly once); all ranks agree on the
 *  outcome. Returns MPI_SUCCESS and sets *plan, or an MPI error code (MPI_ERR_ARG for a plan that
 *  does not match, MPI_ERR_OTHER for an unreadable or invalid file) with one line on stderr
 *  from the lowest failing rank, "hbcast_mpi: error: ...", and *plan NULL. */
int hbcast_plan_load(const char* path, MPI_Comm comm, const char* const* rank_hosts, hbcast_plan** plan);

/** The rank that broadcasts (the plan's root), the number of slices and the number of trees. */
int hbcast_plan_root(const hbcast_plan* plan);
int hbcast_plan_slices(const hbcast_plan* plan);
int hbcast_plan_trees(const hbcast_plan* plan);

/** Collective over `comm` (the communicator the plan was loaded for): broadcasts `count`
 *  elements of `datatype` from the plan's root rank along the plan's trees. The message is cut
 *  into min(slices, count) slices at element boundaries; slices go to the trees in proportion to
 *  their weights (smooth weighted round robin); a rank forwards slice j while it receives later
 *  slices; one-port plans send each slice to the children one after the other in the plan's
 *  send order, multi-port plans to all children at once. A send the plan times starts no
 *  earlier than its time after the rank entered this call (MPI has no common clock: ranks that
 *  enter together keep the schedule). Returns MPI_SUCCESS, or an MPI error
 *  code (with a line on stderr) for a communicator of another size, a negative count or a NULL
 *  plan, before any communication. */
int hbcast_mpi_bcast(void* buffer, int count, MPI_Datatype datatype, const hbcast_plan* plan, MPI_Comm comm);

/** Frees a plan (NULL is allowed). */
void hbcast_plan_free(hbcast_plan* plan);

#ifdef __cplusplus
}
#endif

#endif /* HBCAST_MPI_H */
