# The package test (tests/install/test-package.sh): build the .deb with CPack, check and validate
# it, install it into a clean Debian root bootstrapped with mmdebstrap and run the programs from
# there. Label `install`; needs root, mmdebstrap and a Debian mirror (skipped without them,
# except under CI=true). Run it alone with `ctest --test-dir BUILD -L install`.
# Also: tests/ui/tst_about.cpp runs the built flickdesk (--version, --help) through QProcess.
if(TARGET ui_tst_about AND TARGET flickdesk)
    target_compile_definitions(ui_tst_about PRIVATE FLICKDESK_GUI_PATH="$<TARGET_FILE:flickdesk>")
    add_dependencies(ui_tst_about flickdesk)
endif()

if(UNIX AND NOT APPLE AND FLICKDESK_BUILD_GUI)
    add_test(NAME install.deb
        COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/test-package.sh
            --build-dir ${PROJECT_BINARY_DIR}
            --cli $<TARGET_FILE:flickdesk-cli>
            --source-dir ${PROJECT_SOURCE_DIR}
            --work ${PROJECT_BINARY_DIR}/install-test)
    # Measured on 2 cores: 55-102 s from nothing (mmdebstrap 30-75 s, apt 15-25 s), 30 s cached.
    set_tests_properties(install.deb PROPERTIES
        LABELS install
        TIMEOUT 1200
        SKIP_RETURN_CODE 77)
endif()
