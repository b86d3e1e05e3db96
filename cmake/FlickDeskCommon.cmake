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
    # Hardening, as Debian's dpkg-buildflags would add it (lintian looks for it in the package):
    # checked string and memory functions where the optimiser can see the sizes, and the
    # relocations resolved and made read-only at start. Not in Debug, where _FORTIFY_SOURCE
    # needs optimisation to work and warns without it.
    target_compile_definitions(flickdesk_common INTERFACE
        $<$<NOT:$<CONFIG:Debug>>:_FORTIFY_SOURCE=2>)
    target_compile_options(flickdesk_common INTERFACE -fstack-protector-strong)
    if(CMAKE_SYSTEM_NAME STREQUAL "Linux")
        target_link_options(flickdesk_common INTERFACE -Wl,-z,relro -Wl,-z,now)
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
