# Runs the layering check (CHECK) on the fixture tree ROOT. EXPECTED is "accepted" (the check
# must pass) or a regular expression the refusal must match (the check must then fail).
execute_process(COMMAND ${CMAKE_COMMAND} -DROOT=${ROOT} -P ${CHECK}
  RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
set(text "${out}${err}")
string(REGEX REPLACE "[ \t\r\n]+" " " flat "${text}")  # CMake wraps long messages
if(EXPECTED STREQUAL "accepted")
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "the check refused ${ROOT}:\n${text}")
  endif()
elseif(status EQUAL 0)
  message(FATAL_ERROR "the check accepted ${ROOT}, expected a refusal matching '${EXPECTED}':\n${text}")
elseif(NOT flat MATCHES "${EXPECTED}")
  message(FATAL_ERROR "the refusal does not match '${EXPECTED}':\n${text}")
endif()
message(STATUS "as expected: ${EXPECTED}")
