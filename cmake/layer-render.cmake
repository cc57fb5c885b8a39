# The render layer: terminal text, SVG, PNG.
file(GLOB FENKIT_RENDER_SOURCES CONFIGURE_DEPENDS src/render/*.c)
add_library(fenkit_render ${FENKIT_RENDER_SOURCES})
target_compile_options(fenkit_render PRIVATE ${FENKIT_WARNINGS})
target_link_libraries(fenkit_render PUBLIC fenkit_core)
set_target_properties(fenkit_render PROPERTIES OUTPUT_NAME fenkit-render
  VERSION ${PROJECT_VERSION} SOVERSION ${PROJECT_VERSION_MAJOR})
list(APPEND FENKIT_LAYER_LIBS fenkit_render)
