# The web server (`fenkit serve`): libmicrohttpd, the JSON API and the page
# built into the binary. Part of the tool, not of the installed library, so
# it joins FENKIT_TOOL_LIBS rather than FENKIT_LAYER_LIBS.
find_package(PkgConfig REQUIRED)
pkg_check_modules(MHD REQUIRED IMPORTED_TARGET libmicrohttpd)

file(GLOB_RECURSE FENKIT_WEB_FILES CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/web/*)
set(FENKIT_WEB_C ${CMAKE_CURRENT_BINARY_DIR}/generated/web_assets_data.c)
add_custom_command(OUTPUT ${FENKIT_WEB_C}
  COMMAND ${CMAKE_COMMAND} -DWEB_DIR=${CMAKE_CURRENT_SOURCE_DIR}/web
          -DPIECES_DIR=${CMAKE_CURRENT_SOURCE_DIR}/assets/pieces/cburnett
          -DOUTPUT=${FENKIT_WEB_C} -P ${CMAKE_CURRENT_SOURCE_DIR}/cmake/embed-web.cmake
  DEPENDS ${FENKIT_WEB_FILES} ${FENKIT_BUILTIN_PIECES} ${CMAKE_CURRENT_SOURCE_DIR}/cmake/embed-web.cmake ${CMAKE_CURRENT_SOURCE_DIR}/cmake/embed-common.cmake
  COMMENT "Embedding the web page")

file(GLOB FENKIT_SERVER_SOURCES CONFIGURE_DEPENDS src/server/*.c)
add_library(fenkit_server STATIC ${FENKIT_SERVER_SOURCES} ${FENKIT_WEB_C})
target_include_directories(fenkit_server PUBLIC ${CMAKE_CURRENT_SOURCE_DIR}/src)
target_compile_options(fenkit_server PRIVATE ${FENKIT_WARNINGS})
# Only libmicrohttpd's header: http.c opens the library when a server starts.
target_include_directories(fenkit_server PRIVATE ${MHD_INCLUDE_DIRS})
target_link_libraries(fenkit_server PUBLIC fenkit_tool_common fenkit_engine fenkit_render fenkit_core Threads::Threads ${CMAKE_DL_LIBS})
# The scanner is used when the vision layer is built (its cmake file comes
# after this one, so the test is made when the build is generated).
target_link_libraries(fenkit_server PUBLIC $<TARGET_NAME_IF_EXISTS:fenkit_vision>)
target_compile_definitions(fenkit_server PRIVATE $<$<TARGET_EXISTS:fenkit_vision>:FENKIT_HAVE_SCAN=1>)
# libmicrohttpd's own error pages are swapped for JSON in http.c, by a
# function named as the library's MHD_queue_response that its calls bind to
# once the executable exports it.
target_link_options(fenkit_server INTERFACE "LINKER:--export-dynamic-symbol=MHD_queue_response")
list(APPEND FENKIT_TOOL_LIBS fenkit_server)
