# bench.generate_history: bench/generate_history.py writes a history folder that flickdesk-cli rate
# reads (exit 0), and the same scale and seed give the same bytes (the benchmarks' figures on a
# generated history are comparable between machines and commits); another seed gives another
# history. Run by CTest as
#   cmake -DPYTHON=... -DGENERATOR=... -DCLI=... -DWORK=... -P check_generate_history.cmake
foreach(variable PYTHON GENERATOR CLI WORK)
    if(NOT DEFINED ${variable})
        message(FATAL_ERROR "check_generate_history.cmake: ${variable} is not set")
    endif()
endforeach()

file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}")

function(run)
    execute_process(COMMAND ${ARGN} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
    if(NOT status EQUAL 0)
        message(FATAL_ERROR "exit status ${status} of: ${ARGN}\n${out}${err}")
    endif()
    message(STATUS "${out}${err}")
endfunction()

# 1.5 copies of the sample: a whole copy and a share of a second, players shared between copies.
run("${PYTHON}" "${GENERATOR}" 1.5 "${WORK}/a" --seed 7)
run("${PYTHON}" "${GENERATOR}" 1.5 "${WORK}/b" --seed 7)
run("${PYTHON}" "${GENERATOR}" 1.5 "${WORK}/c" --seed 8)
foreach(file events.csv results.csv)
    execute_process(COMMAND "${CMAKE_COMMAND}" -E compare_files "${WORK}/a/${file}" "${WORK}/b/${file}"
                    RESULT_VARIABLE differs)
    if(NOT differs EQUAL 0)
        message(FATAL_ERROR "two runs with seed 7 wrote different ${file}")
    endif()
endforeach()
execute_process(COMMAND "${CMAKE_COMMAND}" -E compare_files "${WORK}/a/results.csv" "${WORK}/c/results.csv"
                RESULT_VARIABLE differs)
if(differs EQUAL 0)
    message(FATAL_ERROR "seeds 7 and 8 wrote the same results.csv: the seed is not used")
endif()

run("${CLI}" rate "${WORK}/a" -o "${WORK}/a-ratings.csv")
run("${CLI}" rate "${WORK}/b" -o "${WORK}/b-ratings.csv")
execute_process(COMMAND "${CMAKE_COMMAND}" -E compare_files "${WORK}/a-ratings.csv" "${WORK}/b-ratings.csv"
                RESULT_VARIABLE differs)
if(NOT differs EQUAL 0)
    message(FATAL_ERROR "rate gave different ratings for two identical generated histories")
endif()
file(STRINGS "${WORK}/a-ratings.csv" lines)
list(LENGTH lines count)
if(count LESS 1000)
    message(FATAL_ERROR "rate wrote only ${count} lines for a generated history of 1.5 samples")
endif()
file(REMOVE_RECURSE "${WORK}")
