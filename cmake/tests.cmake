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

# Command-line tests: each tests/cli/*.sh runs the built binary.
file(GLOB FENKIT_CLI_TESTS CONFIGURE_DEPENDS tests/cli/*.sh)
foreach(script ${FENKIT_CLI_TESTS})
  get_filename_component(name ${script} NAME_WE)
  add_test(NAME cli/${name} COMMAND bash ${script} $<TARGET_FILE:fenkit>)
  set_tests_properties(cli/${name} PROPERTIES
    ENVIRONMENT "FENKIT_TEST_DATA=${CMAKE_CURRENT_SOURCE_DIR}/tests/data"
    TIMEOUT ${FENKIT_TEST_TIMEOUT})
endforeach()
