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

# The payout preview and simulator (tst_payoutviews) the same way: PNGs of both and the printed
# sheet (PDF) into build/screenshots. Its own display numbers, so that ctest -j can run both at once.
if(TARGET ui_tst_payoutviews AND FLICKDESK_XVFB_RUN)
    add_test(NAME ui.payoutviews_xvfb
        COMMAND ${FLICKDESK_XVFB_RUN} -a -n 140 -s "-screen 0 1280x1024x24" $<TARGET_FILE:ui_tst_payoutviews>)
    set_tests_properties(ui.payoutviews_xvfb PROPERTIES
        ENVIRONMENT "QT_QPA_PLATFORM=xcb;FLICKDESK_SCREENSHOT_DIR=${CMAKE_BINARY_DIR}/screenshots"
        LABELS "ui;screenshots"
        TIMEOUT 120)
endif()

# The ratings list, player page, recompute dialog, Tour standings and Tier report (tst_ratingviews,
# its screenshots function only) the same way, on a display number of its own.
if(TARGET ui_tst_ratingviews AND FLICKDESK_XVFB_RUN)
    add_test(NAME ui.ratingviews_xvfb
        COMMAND ${FLICKDESK_XVFB_RUN} -a -n 150 -s "-screen 0 1280x1024x24" $<TARGET_FILE:ui_tst_ratingviews> screenshots)
    set_tests_properties(ui.ratingviews_xvfb PROPERTIES
        ENVIRONMENT "QT_QPA_PLATFORM=xcb;FLICKDESK_SCREENSHOT_DIR=${CMAKE_BINARY_DIR}/screenshots"
        LABELS "ui;screenshots"
        TIMEOUT 180)
endif()

# The director's morning (tst_morning): PNGs of the event list, the entrants with the payout
# preview, the results, the awarded event and the ratings, on the smallest screen the morning must
# fit, 1280x800, on a display number of its own.
if(TARGET ui_tst_morning AND FLICKDESK_XVFB_RUN)
    add_test(NAME ui.morning_xvfb
        COMMAND ${FLICKDESK_XVFB_RUN} -a -n 160 -s "-screen 0 1280x800x24" $<TARGET_FILE:ui_tst_morning>)
    set_tests_properties(ui.morning_xvfb PROPERTIES
        ENVIRONMENT "QT_QPA_PLATFORM=xcb;FLICKDESK_SCREENSHOT_DIR=${CMAKE_BINARY_DIR}/screenshots"
        LABELS "ui;screenshots"
        TIMEOUT 180)
endif()

# The rating pools of the other systems (tst_pools, its screenshot function only): a PNG of the Pools
# tab with a Kings Cribbage pool, a player's history and a refused game, on a display number of its own.
if(TARGET ui_tst_pools AND FLICKDESK_XVFB_RUN)
    add_test(NAME ui.pools_xvfb
        COMMAND ${FLICKDESK_XVFB_RUN} -a -n 172 -s "-screen 0 1280x1024x24" $<TARGET_FILE:ui_tst_pools> screenshot)
    set_tests_properties(ui.pools_xvfb PROPERTIES
        ENVIRONMENT "QT_QPA_PLATFORM=xcb;FLICKDESK_SCREENSHOT_DIR=${CMAKE_BINARY_DIR}/screenshots"
        LABELS "ui;screenshots"
        TIMEOUT 120)
endif()

# The Results tab at the smaller screen (tst_resultspanel, on an 1280x800 X server): a PNG of the
# window with places typed and their points, and a page of the printed results sheet.
if(TARGET ui_tst_resultspanel AND FLICKDESK_XVFB_RUN)
    add_test(NAME ui.resultspanel_xvfb
        COMMAND ${FLICKDESK_XVFB_RUN} -a -n 181 -s "-screen 0 1280x800x24" $<TARGET_FILE:ui_tst_resultspanel>
                resultsSheetAsPdf screenshotAt1280x800)
    set_tests_properties(ui.resultspanel_xvfb PROPERTIES
        ENVIRONMENT "QT_QPA_PLATFORM=xcb;FLICKDESK_SCREENSHOT_DIR=${CMAKE_BINARY_DIR}/screenshots"
        LABELS "ui;screenshots"
        TIMEOUT 120)
endif()

# The entrants tab of the Event Day at 1280x800 (tst_entrantspanel, its columnsFitAt1280x800 function
# only): the columns fit without sideways scrolling; a PNG of the window, on a display number of its own.
if(TARGET ui_tst_entrantspanel AND FLICKDESK_XVFB_RUN)
    add_test(NAME ui.entrantspanel_xvfb
        COMMAND ${FLICKDESK_XVFB_RUN} -a -n 182 -s "-screen 0 1280x800x24" $<TARGET_FILE:ui_tst_entrantspanel> columnsFitAt1280x800)
    set_tests_properties(ui.entrantspanel_xvfb PROPERTIES
        ENVIRONMENT "QT_QPA_PLATFORM=xcb;FLICKDESK_SCREENSHOT_DIR=${CMAKE_BINARY_DIR}/screenshots"
        LABELS "ui;screenshots"
        TIMEOUT 120)
endif()

# A player's edits (tst_playerdialog): PNGs of the entrants with the Edit player button, the player
# dialog and the event editor's location, on a 1280x800 screen, on a display number of its own.
if(TARGET ui_tst_playerdialog AND FLICKDESK_XVFB_RUN)
    add_test(NAME ui.playerdialog_xvfb
        COMMAND ${FLICKDESK_XVFB_RUN} -a -n 190 -s "-screen 0 1280x800x24" $<TARGET_FILE:ui_tst_playerdialog>)
    set_tests_properties(ui.playerdialog_xvfb PROPERTIES
        ENVIRONMENT "QT_QPA_PLATFORM=xcb;FLICKDESK_SCREENSHOT_DIR=${CMAKE_BINARY_DIR}/screenshots"
        LABELS "ui;screenshots"
        TIMEOUT 180)
endif()

# Help > Keyboard Shortcuts and Help > User Guide (tst_help, its screenshots function only) at the
# smallest screen the morning must fit, 1280x800, on a display number of its own.
if(TARGET ui_tst_help AND FLICKDESK_XVFB_RUN)
    add_test(NAME ui.help_xvfb
        COMMAND ${FLICKDESK_XVFB_RUN} -a -n 185 -s "-screen 0 1280x800x24" $<TARGET_FILE:ui_tst_help> screenshots)
    set_tests_properties(ui.help_xvfb PROPERTIES
        ENVIRONMENT "QT_QPA_PLATFORM=xcb;FLICKDESK_SCREENSHOT_DIR=${CMAKE_BINARY_DIR}/screenshots"
        LABELS "ui;screenshots"
        TIMEOUT 120)
endif()

# The real program's --smoke-test leaves the settings as they were (tests/ui/smoke_settings.cmake).
if(TARGET flickdesk)
    add_test(NAME ui.smoke_test_settings
        COMMAND ${CMAKE_COMMAND} -DFLICKDESK=$<TARGET_FILE:flickdesk>
                -DWORK=${CMAKE_CURRENT_BINARY_DIR}/smoke_settings -P ${CMAKE_CURRENT_SOURCE_DIR}/ui/smoke_settings.cmake)
    set_tests_properties(ui.smoke_test_settings PROPERTIES LABELS ui TIMEOUT 120)
endif()

# The Event Day while the ratings of the event's month are computed in the background
# (tst_lockinbackground): a PNG of the preview saying so, on a display number of its own.
if(TARGET ui_tst_lockinbackground AND FLICKDESK_XVFB_RUN)
    add_test(NAME ui.lockinbackground_xvfb
        COMMAND ${FLICKDESK_XVFB_RUN} -a -n 197 -s "-screen 0 1280x1024x24" $<TARGET_FILE:ui_tst_lockinbackground>)
    set_tests_properties(ui.lockinbackground_xvfb PROPERTIES
        ENVIRONMENT "QT_QPA_PLATFORM=xcb;FLICKDESK_SCREENSHOT_DIR=${CMAKE_BINARY_DIR}/screenshots"
        LABELS "ui;screenshots"
        TIMEOUT 120)
endif()

# The day's play (tst_playmorning): PNGs of the Play tab before Start, during the pools and with the
# places of the play, at 1280x800, on a display number of its own (docs/user-guide.md, "The day's play").
if(TARGET ui_tst_playmorning AND FLICKDESK_XVFB_RUN)
    add_test(NAME ui.playmorning_xvfb
        COMMAND ${FLICKDESK_XVFB_RUN} -a -n 184 -s "-screen 0 1280x800x24" $<TARGET_FILE:ui_tst_playmorning>)
    set_tests_properties(ui.playmorning_xvfb PROPERTIES
        ENVIRONMENT "QT_QPA_PLATFORM=xcb;FLICKDESK_SCREENSHOT_DIR=${CMAKE_BINARY_DIR}/screenshots"
        LABELS "ui;screenshots"
        TIMEOUT 240)
endif()
