# libfenkit.so: every installed layer in one shared library, for programs
# and other languages (Python) that load fenkit at run time. The static
# layer libraries stay as they are. Only what include/fenkit/ marks FK_API
# is exported (the layers build with hidden visibility), under the version
# node of cmake/fenkit.map.
# The library layers compile with hidden visibility; programs and tests
# keep the default, which hooks the sanitizer runtime looks up in them
# (__lsan_default_suppressions in cmd_render.c) need.
set(FENKIT_SHARED_OBJECTS "")
foreach(lib fenkit_core ${FENKIT_LAYER_LIBS})
  set_target_properties(${lib} PROPERTIES C_VISIBILITY_PRESET hidden)
  list(APPEND FENKIT_SHARED_OBJECTS $<TARGET_OBJECTS:${lib}>)
endforeach()
add_library(fenkit_shared SHARED ${FENKIT_SHARED_OBJECTS})
target_include_directories(fenkit_shared INTERFACE
  $<BUILD_INTERFACE:${CMAKE_CURRENT_SOURCE_DIR}/include>
  $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
# What the layers' objects need: the heavy libraries are opened at run time
# (src/lazy.h), except in sanitizer builds, which link them (layer-vision).
target_link_libraries(fenkit_shared PRIVATE Threads::Threads m ${CMAKE_DL_LIBS})
if((FENKIT_SANITIZE OR FENKIT_FUZZ) AND TARGET fenkit_vision)
  target_link_libraries(fenkit_shared PRIVATE PkgConfig::LEPT PkgConfig::OPENBLAS PkgConfig::EXIF)
endif()
set(FENKIT_MAP ${CMAKE_CURRENT_SOURCE_DIR}/cmake/fenkit.map)
target_link_options(fenkit_shared PRIVATE "LINKER:--version-script=${FENKIT_MAP}")
if(NOT FENKIT_SANITIZE AND NOT FENKIT_FUZZ)
  # Every symbol resolved at link time, so a missing one fails the build,
  # not a program that loads the library.
  target_link_options(fenkit_shared PRIVATE "LINKER:--no-undefined")
endif()
set_target_properties(fenkit_shared PROPERTIES OUTPUT_NAME fenkit LINK_DEPENDS ${FENKIT_MAP}
  VERSION ${PROJECT_VERSION} SOVERSION ${PROJECT_VERSION_MAJOR} EXPORT_NAME fenkit)
