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

# The from-source test (tests/install/test-fromsource.sh): README.md's first command on an empty
# Debian 12 root (mmdebstrap --variant=apt): the git-tracked files copied in, ./scripts/run.sh
# --smoke-test there (install-deps.sh without --tests, configure, build and start flickdesk
# offscreen), then flickdesk-cli built and run on tests/install/history. Label `fromsource`; needs
# root, mmdebstrap, git and a Debian mirror (skipped without them, except under CI=true). It shares
# the bootstrapped root's cache with install.deb. Run it alone with
# `ctest --test-dir BUILD -L fromsource`.
# Measured on 2 cores: 5 min 25 s from nothing (no tarball, no .debs: mmdebstrap about 70 s, apt
# fetches 179 MB, building flickdesk most of the rest, deleting the root over a minute), 5 min 22 s
# with the cache beside install.deb (ctest -j2; the build dominates); 9 min 40 s either way while
# other builds loaded the 2 cores (load 6-9). With libqt6opengl6-dev left out of install-deps.sh it
# fails at the CMake configure, in 3 min. The rest of the suite takes about 3.5 min (ctest -j2).
if(UNIX AND NOT APPLE)
    add_test(NAME install.fromsource
        COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/test-fromsource.sh
            --source-dir ${PROJECT_SOURCE_DIR}
            --work ${PROJECT_BINARY_DIR}/fromsource-test
            --cache ${PROJECT_BINARY_DIR}/install-test/cache
            --cli $<TARGET_FILE:flickdesk-cli>)
    # The script's own limits (10 min bootstrap, 30 run.sh, 10 flickdesk-cli, 2 rate) end first.
    set_tests_properties(install.fromsource PROPERTIES
        LABELS fromsource
        TIMEOUT 3600
        SKIP_RETURN_CODE 77)
endif()
