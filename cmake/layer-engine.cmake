# The engine layer: a UCI client (POSIX processes and sockets; libc only).
file(GLOB FENKIT_ENGINE_SOURCES CONFIGURE_DEPENDS src/engine/*.c)
add_library(fenkit_engine STATIC ${FENKIT_ENGINE_SOURCES})
target_compile_options(fenkit_engine PRIVATE ${FENKIT_WARNINGS})
target_link_libraries(fenkit_engine PUBLIC fenkit_core)
set_target_properties(fenkit_engine PROPERTIES OUTPUT_NAME fenkit-engine
  VERSION ${PROJECT_VERSION} SOVERSION ${PROJECT_VERSION_MAJOR})
list(APPEND FENKIT_LAYER_LIBS fenkit_engine)
