# Included by tests/CMakeLists.txt after the ui tests are defined.
# ui.screenshots_xvfb runs the main-window test on a real X server (Xvfb) with the xcb platform,
# and its screenshots test saves PNGs of the window into build/screenshots for a person to look at.
# Skipped, with a note, where xvfb-run is not installed (scripts/install-deps.sh installs it).
find_program(FLICKDESK_XVFB_RUN xvfb-run)
if(TARGET ui_tst_mainwindow AND FLICKDESK_XVFB_RUN)
    add_test(NAME ui.screenshots_xvfb
        COMMAND ${FLICKDESK_XVFB_RUN} -a -s "-screen 0 1280x1024x24" $<TARGET_FILE:ui_tst_mainwindow>)
    set_tests_properties(ui.screenshots_xvfb PROPERTIES
        ENVIRONMENT "QT_QPA_PLATFORM=xcb;FLICKDESK_SCREENSHOT_DIR=${CMAKE_BINARY_DIR}/screenshots"
        LABELS "ui;screenshots"
        TIMEOUT 120)
elseif(TARGET ui_tst_mainwindow)
    message(STATUS "xvfb-run not found: ui.screenshots_xvfb is not registered")
endif()
