# One INTERFACE target carries the language standard, the warnings and the Qt defines,
# so that no target repeats them. Every FlickDesk target links FlickDesk::common.
add_library(flickdesk_common INTERFACE)
add_library(FlickDesk::common ALIAS flickdesk_common)

target_compile_features(flickdesk_common INTERFACE cxx_std_20)
set(CMAKE_CXX_EXTENSIONS OFF)

if(CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
    target_compile_options(flickdesk_common INTERFACE -Wall -Wextra -Wpedantic)
    option(FLICKDESK_WERROR "Treat warnings as errors" OFF)
    if(FLICKDESK_WERROR)
        target_compile_options(flickdesk_common INTERFACE -Werror)
    endif()
elseif(MSVC)
    target_compile_options(flickdesk_common INTERFACE /W4 /permissive-)
endif()

# Qt hygiene: no implicit conversions from char*, no connections without a context object,
# nothing deprecated up to the Qt version we build against.
target_compile_definitions(flickdesk_common INTERFACE
    QT_NO_CAST_FROM_ASCII
    QT_NO_CAST_TO_ASCII
    QT_NO_CONTEXTLESS_CONNECT
    QT_NO_KEYWORDS
    QT_DISABLE_DEPRECATED_UP_TO=0x060400
    FLICKDESK_VERSION="${PROJECT_VERSION}")
