set(FENKIT_TEST_TIMEOUT 300 CACHE STRING "seconds before ctest calls a test hung")

# Unit tests: one cmocka program per tests/<layer>/test_<file>.c.
find_library(CMOCKA_LIBRARY cmocka REQUIRED)
find_path(CMOCKA_INCLUDE_DIR cmocka.h REQUIRED)
file(GLOB FENKIT_UNIT_TESTS CONFIGURE_DEPENDS tests/*/test_*.c)
foreach(src ${FENKIT_UNIT_TESTS})
  get_filename_component(name ${src} NAME_WE)
  get_filename_component(dir ${src} DIRECTORY)
  get_filename_component(layer ${dir} NAME)
  add_executable(${layer}_${name} ${src})
  target_include_directories(${layer}_${name} PRIVATE ${CMOCKA_INCLUDE_DIR} ${CMAKE_CURRENT_SOURCE_DIR}/src ${CMAKE_CURRENT_SOURCE_DIR}/tests)
  target_compile_options(${layer}_${name} PRIVATE ${FENKIT_WARNINGS})
  target_link_libraries(${layer}_${name} PRIVATE fenkit_tool_common fenkit_core ${FENKIT_LAYER_LIBS} ${CMOCKA_LIBRARY})
  if(layer STREQUAL "render" OR layer STREQUAL "vision")
    target_link_libraries(${layer}_${name} PRIVATE PkgConfig::RSVG)
  endif()
  target_compile_definitions(${layer}_${name} PRIVATE
    FENKIT_TEST_DATA="${CMAKE_CURRENT_SOURCE_DIR}/tests/data")
  add_test(NAME ${layer}/${name} COMMAND ${layer}_${name})
  # A hung test fails after FENKIT_TEST_TIMEOUT seconds instead of holding CI
  # (the slowest take about 20 s, under the sanitizers too).
  set_tests_properties(${layer}/${name} PROPERTIES ENVIRONMENT "CMOCKA_MESSAGE_OUTPUT=stdout"
    TIMEOUT ${FENKIT_TEST_TIMEOUT})
endforeach()

# test_source.c compresses its input with libzstd; fenkit itself only
# opens the library when it meets a compressed input (src/lazy.h).
if(TARGET cli_test_source)
  find_library(FENKIT_ZSTD_LIBRARY zstd REQUIRED)
  target_link_libraries(cli_test_source PRIVATE ${FENKIT_ZSTD_LIBRARY})
endif()

# Command-line tests: each tests/cli/*.sh runs the built binary.
file(GLOB FENKIT_CLI_TESTS CONFIGURE_DEPENDS tests/cli/*.sh)
foreach(script ${FENKIT_CLI_TESTS})
  get_filename_component(name ${script} NAME_WE)
  add_test(NAME cli/${name} COMMAND bash ${script} $<TARGET_FILE:fenkit>)
  set_tests_properties(cli/${name} PROPERTIES
    ENVIRONMENT "FENKIT_TEST_DATA=${CMAKE_CURRENT_SOURCE_DIR}/tests/data"
    TIMEOUT ${FENKIT_TEST_TIMEOUT})
endforeach()

# The fixture's probabilities are the ones PyTorch gives the committed model
# (training/parity.py; test_model.c holds the C inference to the same
# fixture). Debian's python3-torch is not part of the build: without it
# (`scripts/install-deps train` installs it) the test reports itself
# skipped. /usr/bin/python3 first, where Debian's packages are.
find_program(FENKIT_PYTHON3 python3 PATHS /usr/bin NO_DEFAULT_PATH)
find_program(FENKIT_PYTHON3 python3)
if(FENKIT_PYTHON3)
  add_test(NAME training/parity COMMAND ${FENKIT_PYTHON3}
    ${CMAKE_CURRENT_SOURCE_DIR}/training/parity.py ${CMAKE_CURRENT_SOURCE_DIR}/models/squares.fkm
    ${CMAKE_CURRENT_SOURCE_DIR}/tests/data/scan)
  set_tests_properties(training/parity PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT ${FENKIT_TEST_TIMEOUT})
endif()

# The Python package: built as a wheel from this build's libfenkit.so,
# installed into a fresh virtual environment, tested there (python/check.sh;
# skipped in sanitizer builds).
add_test(NAME python/package COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/python/check.sh
  ${CMAKE_CURRENT_BINARY_DIR} /usr/bin/python3)
set_tests_properties(python/package PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT ${FENKIT_TEST_TIMEOUT})
