# ui.smoke_test_settings: `flickdesk --smoke-test --db X` (the real program, offscreen) leaves the
# settings the next normal start reads as they were: X does not become the database it opens.
# The settings live in a folder of this test's own (XDG_CONFIG_HOME), never the person's.
# -DFLICKDESK=<program> -DWORK=<an empty folder to use>
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}/config/FlickDesk")
set(settings "${WORK}/config/FlickDesk/FlickDesk.conf")
set(before "[Database]\nlast=${WORK}/everyday.sqlite\n")
file(WRITE "${settings}" "${before}")
set(ENV{XDG_CONFIG_HOME} "${WORK}/config")
set(ENV{QT_QPA_PLATFORM} offscreen)
execute_process(COMMAND "${FLICKDESK}" --smoke-test --db "${WORK}/checked.sqlite"
                RESULT_VARIABLE result OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT result EQUAL 0)
    message(FATAL_ERROR "the smoke test failed (${result}): ${out}${err}")
endif()
if(NOT EXISTS "${WORK}/checked.sqlite")
    message(FATAL_ERROR "the smoke test did not open ${WORK}/checked.sqlite: ${out}${err}")
endif()
file(READ "${settings}" after)
if(NOT after STREQUAL before)
    message(FATAL_ERROR "the smoke test changed the settings:\n${after}")
endif()
message(STATUS "settings unchanged after: ${out}")
