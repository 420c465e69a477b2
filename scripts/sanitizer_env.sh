# Sourced by scripts/sanitize.sh and scripts/fuzz.sh: the sanitizers' run-time options.
# halt_on_error: the first report fails the test; the suppressions are SimGrid's, each justified
# in the file. malloc_context_size=2: a report, leaks included, names the function that allocated
# or freed the block (operator new and its caller), not its whole stack. ASan records every
# allocation's stack, and each of hbcast's forked replay children then copies the pages of that
# record on write: 30 frames (the default) cost about a third of the sanitized runs' time.
# ASAN_OPTIONS=malloc_context_size=30 in the environment gives the whole stack back.
here_supp=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/sanitizer.supp
export ASAN_OPTIONS="halt_on_error=1:abort_on_error=1:detect_leaks=1:detect_stack_use_after_return=0:malloc_context_size=2:${ASAN_OPTIONS:-}"
export LSAN_OPTIONS="suppressions=$here_supp:print_suppressions=0:${LSAN_OPTIONS:-}"
export UBSAN_OPTIONS="halt_on_error=1:abort_on_error=1:print_stacktrace=1:suppressions=$here_supp:${UBSAN_OPTIONS:-}"
