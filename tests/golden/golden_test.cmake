# Runs one example scenario and compares its output with the committed golden file (see
# CMakeLists.txt). Inputs: COLLSIM, SCENARIO, GOLDEN_DIR, ACTUAL_DIR; environment
# COLLSIM_UPDATE_GOLDEN=1 writes the golden instead of comparing.
get_filename_component(name ${SCENARIO} NAME_WE)
file(READ ${SCENARIO} text)
if(text MATCHES "\n  sweep:")
  set(args sweep ${SCENARIO} --csv --jobs 2)
  set(golden ${GOLDEN_DIR}/${name}.csv)
else()
  set(args run ${SCENARIO} --jobs 2)
  set(golden ${GOLDEN_DIR}/${name}.txt)
endif()
execute_process(COMMAND ${COLLSIM} ${args} OUTPUT_VARIABLE actual ERROR_VARIABLE errors
                RESULT_VARIABLE code)
if(NOT code EQUAL 0)
  message(FATAL_ERROR "collsim ${args} exited with ${code}: ${errors}")
endif()
if(DEFINED ENV{COLLSIM_UPDATE_GOLDEN} AND NOT "$ENV{COLLSIM_UPDATE_GOLDEN}" STREQUAL "0")
  file(WRITE ${golden} "${actual}")
  message(STATUS "updated ${golden}")
  return()
endif()
if(NOT EXISTS ${golden})
  message(FATAL_ERROR "no golden output ${golden}; create it with COLLSIM_UPDATE_GOLDEN=1 "
                      "ctest -R golden.${name} and review it")
endif()
file(READ ${golden} expected)
if(NOT actual STREQUAL expected)
  set(out ${ACTUAL_DIR}/${name}.actual)
  file(WRITE ${out} "${actual}")
  execute_process(COMMAND diff -u ${golden} ${out} OUTPUT_VARIABLE diff)
  message(FATAL_ERROR "collsim ${args} differs from ${golden} (output in ${out}):\n${diff}\n"
                      "If the change is intended: COLLSIM_UPDATE_GOLDEN=1 ctest -R golden, "
                      "then review git diff scenarios/examples/golden.")
endif()
