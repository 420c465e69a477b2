# Installs hbcast from BUILD_DIR into SCRATCH/prefix, builds the example and the consumer against
# that installed tree only (a separate project, find_package(hbcast)) and runs both on PLATFORM.
# Any failing step fails the test.
file(REMOVE_RECURSE ${SCRATCH})
function(run_step)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "step failed (${status}): ${ARGN}\n${out}\n${err}")
  endif()
  set(step_output "${out}" PARENT_SCOPE)
endfunction()
run_step(${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${SCRATCH}/prefix)
run_step(${CMAKE_COMMAND} -S ${CONSUMER_DIR} -B ${SCRATCH}/build -DCMAKE_PREFIX_PATH=${SCRATCH}/prefix
         -DCMAKE_BUILD_TYPE=Release)
run_step(${CMAKE_COMMAND} --build ${SCRATCH}/build)
run_step(${SCRATCH}/build/broadcast_example ${PLATFORM})
message(STATUS "broadcast_example:\n${step_output}")
run_step(${SCRATCH}/build/consumer ${PLATFORM})
message(STATUS "consumer:\n${step_output}")
