# Checks the includes of ROOT/src/FOLDER/* and ROOT/include/hbcast/FOLDER/* against the layers
# below (docs/architecture.md). Usage: cmake -DROOT=<plugin dir> -P check_layering.cmake
# Prints every include against the layering and fails when there is one.
#
# A file may include its own folder and the folders of lower levels only, so no include cycle
# between folders can exist. The model families share one level and never include one another.
set(HBCAST_LEVELS
  "util"
  "core"
  "model"
  "eval"
  "sender_only platform_graph grid cluster link_aware calibration"
  "sched"
  "plan"
  "platform"
  "replay"
  "simulation"
  "entry"
  "report"
  "sweep"
  "experiments"
  "cli")
set(HBCAST_FAMILIES sender_only platform_graph grid cluster link_aware calibration)
# Levels that must not see SimGrid: everything up to and including sched/.
set(HBCAST_PURE util core model eval sender_only platform_graph grid cluster link_aware calibration sched plan)
# Tests of a pure folder (*_test.cpp, *test_support*.hpp) may also include sched/: the baselines'
# trees and the registry, to check that a family's schedulers are registered as they should be.
set(HBCAST_TESTS_MAY_INCLUDE sched)
# Besides the adapters (platform/, replay/), the code that owns an engine: the one-scheduler
# simulation and `hbcast lp`; and the entry header include/hbcast/hbcast.hpp ("entry": the level
# above simulation/, gathering the installed API).
set(HBCAST_SIMGRID_ALLOWED platform replay simulation entry cli)

cmake_policy(VERSION 3.22)

if(NOT DEFINED ROOT)
  message(FATAL_ERROR "usage: cmake -DROOT=<plugin dir> -P check_layering.cmake")
endif()

set(level 0)
foreach(group IN LISTS HBCAST_LEVELS)
  string(REPLACE " " ";" folders "${group}")
  foreach(folder IN LISTS folders)
    set(level_of_${folder} ${level})
  endforeach()
  math(EXPR level "${level} + 1")
endforeach()

# The folder a file belongs to: src/FOLDER/... or include/hbcast/FOLDER/...
function(folder_of path out)
  file(RELATIVE_PATH relative ${ROOT} ${path})
  if(relative MATCHES "^src/([^/]+)/")
    set(${out} ${CMAKE_MATCH_1} PARENT_SCOPE)
  elseif(relative MATCHES "^include/hbcast/([^/]+)/")
    set(${out} ${CMAKE_MATCH_1} PARENT_SCOPE)
  elseif(relative MATCHES "^include/hbcast/[^/]+\\.hpp$")
    set(${out} entry PARENT_SCOPE)
  else()
    set(${out} "" PARENT_SCOPE)
  endif()
endfunction()

set(simgrid_folder_list ${HBCAST_SIMGRID_ALLOWED})
list(REMOVE_ITEM simgrid_folder_list entry)  # not a folder: the entry header may include SimGrid too
list(JOIN simgrid_folder_list "/, " simgrid_folders)
set(simgrid_folders "${simgrid_folders}/")
# Messages are list items: they must hold no semicolon.
set(violations)
file(GLOB_RECURSE files ${ROOT}/src/*.cpp ${ROOT}/src/*.hpp ${ROOT}/include/*.hpp)
list(SORT files)
foreach(path IN LISTS files)
  file(RELATIVE_PATH name ${ROOT} ${path})
  folder_of(${path} folder)
  if(folder STREQUAL "")
    list(APPEND violations "${name}: outside any folder of src/ or include/hbcast/")
    continue()
  endif()
  if(NOT DEFINED level_of_${folder})
    list(APPEND violations "${name}: folder ${folder}/ has no level in cmake/check_layering.cmake")
    continue()
  endif()
  set(is_test FALSE)
  if(name MATCHES "_test\\.cpp$" OR name MATCHES "test_support[^/]*\\.hpp$")
    set(is_test TRUE)
  endif()
  file(STRINGS ${path} includes REGEX "^[ \t]*#[ \t]*include")
  foreach(line IN LISTS includes)
    if(line MATCHES "include[ \t]*[<\"]((simgrid|xbt|smpi)[/.][^>\"]*)")
      if(NOT folder IN_LIST HBCAST_SIMGRID_ALLOWED)
        if(folder IN_LIST HBCAST_PURE)
          list(APPEND violations "${name}: includes SimGrid (${CMAKE_MATCH_1}) in the pure layer ${folder}/")
        else()
          list(APPEND violations "${name}: includes SimGrid (${CMAKE_MATCH_1}) outside ${simgrid_folders}")
        endif()
      endif()
      continue()
    endif()
    if(line MATCHES "include[ \t]*[<\"](hbcast/([^/>\"]+)/[^>\"]*)")
      set(header ${CMAKE_MATCH_1})
      set(target ${CMAKE_MATCH_2})
    elseif(line MATCHES "include[ \t]*\"(\\.\\./([^/\"]+)/[^\"]*)\"")
      set(header ${CMAKE_MATCH_1})
      set(target ${CMAKE_MATCH_2})
      if(target STREQUAL "..")  # ../../tests/support: test helpers outside the layers
        continue()
      endif()
    else()
      continue()
    endif()
    if(target STREQUAL folder)
      continue()
    endif()
    if(is_test AND folder IN_LIST HBCAST_PURE AND target IN_LIST HBCAST_TESTS_MAY_INCLUDE)
      continue()
    endif()
    if(NOT DEFINED level_of_${target})
      list(APPEND violations "${name}: includes ${header}, from a folder with no level")
    elseif(target STREQUAL "cli")
      list(APPEND violations "${name}: includes ${header}, but nothing outside cli/ may include cli/")
    elseif(folder IN_LIST HBCAST_FAMILIES AND target IN_LIST HBCAST_FAMILIES)
      list(APPEND violations
        "${name}: the ${folder}/ family includes the ${target}/ family (${header}), move what both need lower")
    elseif(NOT level_of_${target} LESS level_of_${folder})
      list(APPEND violations "${name}: ${folder}/ includes ${header} from ${target}/, a higher layer")
    endif()
  endforeach()
endforeach()

list(LENGTH violations count)
if(count GREATER 0)
  list(JOIN violations "\n" text)
  message(FATAL_ERROR "${count} include(s) against the layering (cmake/check_layering.cmake):\n${text}")
endif()
list(LENGTH files checked)
message(STATUS "layering: ${checked} files, every include follows the layers")
