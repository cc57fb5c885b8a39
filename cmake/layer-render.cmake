# The render layer: terminal text, SVG, PNG (librsvg + cairo).
find_package(PkgConfig REQUIRED)
set(FENKIT_PKG_RSVG librsvg-2.0 cairo libpng)
pkg_check_modules(RSVG REQUIRED IMPORTED_TARGET ${FENKIT_PKG_RSVG})
# Only their headers: png.c opens the libraries when the first PNG is drawn
# (dlopen), so programs that never draw one do not load them. The render
# tests link them directly to read PNGs back.

# The built-in piece set, turned into a C source at build time.
file(GLOB FENKIT_BUILTIN_PIECES CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/assets/pieces/cburnett/*.svg)
set(FENKIT_PIECES_C ${CMAKE_CURRENT_BINARY_DIR}/generated/pieces_builtin_data.c)
add_custom_command(OUTPUT ${FENKIT_PIECES_C}
  COMMAND ${CMAKE_COMMAND} -DINPUT_DIR=${CMAKE_CURRENT_SOURCE_DIR}/assets/pieces/cburnett
          -DOUTPUT=${FENKIT_PIECES_C} -P ${CMAKE_CURRENT_SOURCE_DIR}/cmake/embed-pieces.cmake
  DEPENDS ${FENKIT_BUILTIN_PIECES} ${CMAKE_CURRENT_SOURCE_DIR}/cmake/embed-pieces.cmake ${CMAKE_CURRENT_SOURCE_DIR}/cmake/embed-common.cmake
  COMMENT "Embedding the built-in piece set")

file(GLOB FENKIT_RENDER_SOURCES CONFIGURE_DEPENDS src/render/*.c)
add_library(fenkit_render STATIC ${FENKIT_RENDER_SOURCES} ${FENKIT_PIECES_C})
target_compile_options(fenkit_render PRIVATE ${FENKIT_WARNINGS})
target_link_libraries(fenkit_render PUBLIC fenkit_core m ${CMAKE_DL_LIBS})
target_include_directories(fenkit_render PRIVATE ${RSVG_INCLUDE_DIRS} ${CMAKE_CURRENT_SOURCE_DIR}/src)
set_target_properties(fenkit_render PROPERTIES OUTPUT_NAME fenkit-render
  VERSION ${PROJECT_VERSION} SOVERSION ${PROJECT_VERSION_MAJOR})
list(APPEND FENKIT_LAYER_LIBS fenkit_render)
