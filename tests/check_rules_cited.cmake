# Fails unless every rule the repository cites as `DECISIONS <id>` (N5, P1a, D1a, ...) has its entry
# in docs/rules.md, a heading that begins with the id. A clone holds only this tree, so the rules a
# comment names must be readable here (CODING_GUIDELINES.md). It also fails when a build or test file
# uses a path into the project folder beside the repository (../shared) outside a comment: the tests
# read tests/data only. Reads SOURCE_DIR's own files only. Run by CTest as `docs.rules_cited`.
cmake_minimum_required(VERSION 3.25)
if(NOT SOURCE_DIR)
    message(FATAL_ERROR "SOURCE_DIR is not set")
endif()

# The ids of a citation: "DECISIONS P3", "DECISIONS N2-N4, P3", "DECISIONS P1 and P2", and a citation
# broken over two comment lines ("(DECISIONS\n// P3)"). Ranges count by their two ends.
set(id_pattern "[NPTDAKSG][0-9]+a?")
set(citation_pattern
    "DECISIONS[ \t\r\n/*#]+${id_pattern}((, *| and | *- *| *–)${id_pattern}|-[0-9]+a?)*")

function(ids_of_citations text out)
    string(REGEX MATCHALL "${citation_pattern}" citations "${text}")
    set(ids "")
    foreach(citation IN LISTS citations)
        string(REGEX REPLACE "^DECISIONS" "" citation "${citation}")
        string(REGEX MATCHALL "${id_pattern}" found "${citation}")
        list(APPEND ids ${found})
    endforeach()
    set(${out} "${ids}" PARENT_SCOPE)
endfunction()

# The extraction itself, on known text: a scan that finds nothing would pass for the wrong reason.
ids_of_citations("a (DECISIONS N2-N4, P3) b\n// x (DECISIONS\n// P1a, D1a: y) DECISIONS.md N5 DECISIONS A4" sample)
if(NOT sample STREQUAL "N2;N4;P3;P1a;D1a;A4")
    message(FATAL_ERROR "the citation pattern reads \"${sample}\" from its sample, not N2;N4;P3;P1a;D1a;A4")
endif()

set(rules_file "${SOURCE_DIR}/docs/rules.md")
if(NOT EXISTS "${rules_file}")
    message(FATAL_ERROR "docs/rules.md is missing: the code cites rules that a clone cannot read")
endif()
file(READ "${rules_file}" rules)
string(REGEX MATCHALL "\n#+ ${id_pattern}[ .:\n]" headings "\n${rules}")
set(entries "")
foreach(heading IN LISTS headings)
    string(REGEX MATCH "${id_pattern}" id "${heading}")
    if(id IN_LIST entries)
        message(FATAL_ERROR "docs/rules.md has two entries ${id}")
    endif()
    list(APPEND entries ${id})
endforeach()
list(LENGTH entries entry_count)
if(entry_count EQUAL 0)
    message(FATAL_ERROR "docs/rules.md has no rule entries (headings such as \"### P7 ...\")")
endif()

# The repository's own sources and docs: not a build tree, not test data other than its READMEs.
set(files "")
foreach(folder app bench cmake docs engine installer resources scripts tests ui)
    file(GLOB_RECURSE found LIST_DIRECTORIES false
        "${SOURCE_DIR}/${folder}/*.cpp" "${SOURCE_DIR}/${folder}/*.h" "${SOURCE_DIR}/${folder}/*.md"
        "${SOURCE_DIR}/${folder}/*.cmake" "${SOURCE_DIR}/${folder}/CMakeLists.txt"
        "${SOURCE_DIR}/${folder}/*.sh" "${SOURCE_DIR}/${folder}/*.py")
    list(APPEND files ${found})
endforeach()
file(GLOB top "${SOURCE_DIR}/*.md" "${SOURCE_DIR}/CMakeLists.txt")
list(APPEND files ${top})

set(missing "")
set(cited "")
set(citing_files 0)
set(shared_paths "")
foreach(path IN LISTS files)
    file(READ "${path}" text)
    file(RELATIVE_PATH name "${SOURCE_DIR}" "${path}")
    ids_of_citations("${text}" ids)
    if(ids)
        math(EXPR citing_files "${citing_files} + 1")
    endif()
    list(REMOVE_DUPLICATES ids)
    foreach(id IN LISTS ids)
        list(APPEND cited ${id})
        if(NOT id IN_LIST entries)
            list(APPEND missing "${id} (${name})")
        endif()
    endforeach()
    # A build or test step that would read the folder beside the repository: a clone has none.
    if(path MATCHES "(\\.cmake|CMakeLists\\.txt|\\.sh|\\.py)$" OR name MATCHES "^tests/.*\\.(cpp|h)$")
        string(REPLACE ";" "," text "${text}") # a line, not a list
        string(REGEX MATCHALL "[^\n]*\\.\\./shared[^\n]*" lines "${text}")
        foreach(line IN LISTS lines)
            if(NOT line MATCHES "^[ \t]*(#|//|\\*)")
                list(APPEND shared_paths "${name}: ${line}")
            endif()
        endforeach()
    endif()
endforeach()

if(citing_files EQUAL 0)
    message(FATAL_ERROR "no file cites a rule as DECISIONS <id>: the sources were not found under ${SOURCE_DIR}")
endif()
if(missing)
    list(JOIN missing "\n  " text)
    message(FATAL_ERROR "cited as DECISIONS <id> but without an entry in docs/rules.md:\n  ${text}")
endif()
if(shared_paths)
    list(JOIN shared_paths "\n  " text)
    message(FATAL_ERROR "a build or test file names a path into the folder beside the repository, which a "
        "clone does not have:\n  ${text}")
endif()
list(REMOVE_DUPLICATES cited)
list(LENGTH cited cited_count)
message(STATUS "${cited_count} rule ids cited in ${citing_files} files, all among the ${entry_count} entries of docs/rules.md")
