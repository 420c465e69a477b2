// SMPI 3.32's MPI_Waitall (simgrid::smpi::Request::waitall), waiting in index order.
//
// SMPI 3.32 waits for N requests by N calls of waitany over all N of them: each call registers the
// caller on every pending communication and unregisters it when one ends, O(N^2) in all. Its
// segmenting MPI_Bcast algorithms (NTSL, NTSB, flattree_pipeline, arrival_pattern_aware, ...) post
// one request per 8 KiB segment and wait for them all at once: 8,192 requests at 64 MiB, 33 million
// registrations per rank, which is where such a broadcast's wall time goes. This library, preloaded
// into smpirun's simulator (LD_PRELOAD through `smpirun -wrapper`; libsimgrid calls waitall through
// its PLT), waits for request 0, then 1, ..., as SMPI's own waitall does under its model checker.
// waitall returns when its last request completes either way, and nothing in it takes simulated
// time, so the simulated times are unchanged (checked bit for bit on every MPI_Bcast algorithm:
// docs/deployment.md). Used only for SMPI's MPI_Bcast baselines, whose requests are plain
// point-to-point sends and receives (no persistent, RMA or generalized requests).
#include <smpi/smpi.h>

namespace simgrid::smpi {
// The two static members of SMPI's Request that this file uses or defines (smpi_request.hpp is
// not installed); their mangled names are libsimgrid's.
class Request {
public:
  static int wait(MPI_Request* request, MPI_Status* status);
  static int waitall(int count, MPI_Request requests[], MPI_Status status[]);
};
}  // namespace simgrid::smpi

namespace {

// SMPI's Status::empty.
void set_empty(MPI_Status* status)
{
  status->MPI_SOURCE = MPI_ANY_SOURCE;
  status->MPI_TAG = MPI_ANY_TAG;
  status->MPI_ERROR = MPI_SUCCESS;
  status->count = 0;
  status->cancelled = 0;
}

}  // namespace

int simgrid::smpi::Request::waitall(int count, MPI_Request requests[], MPI_Status status[])
{
  int result = MPI_SUCCESS;
  for (int c = 0; c < count; ++c) {
    MPI_Status one;
    set_empty(&one);
    if (requests[c] != MPI_REQUEST_NULL)
      wait(&requests[c], status == MPI_STATUSES_IGNORE ? MPI_STATUS_IGNORE : &one);
    if (status != MPI_STATUSES_IGNORE) {
      status[c] = one;
      if (one.MPI_ERROR == MPI_ERR_TRUNCATE)
        result = MPI_ERR_IN_STATUS;
    }
  }
  return result;
}
