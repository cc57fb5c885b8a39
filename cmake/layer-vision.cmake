# The vision layer: decoding (Leptonica), locating, cutting, classifying
# (OpenBLAS) and the scan pipeline, with the default model built in.
find_package(PkgConfig REQUIRED)
pkg_check_modules(LEPT REQUIRED IMPORTED_TARGET lept)
pkg_check_modules(OPENBLAS REQUIRED IMPORTED_TARGET openblas)
pkg_check_modules(EXIF REQUIRED IMPORTED_TARGET libexif)
# Only their headers (and those of libdeflate, libjpeg and libexif): src/vision/
# opens the libraries when a picture is first read or classified, so other
# commands do not load them.

set(FENKIT_MODEL_FILE ${CMAKE_CURRENT_SOURCE_DIR}/models/squares.fkm)
set(FENKIT_MODEL_C ${CMAKE_CURRENT_BINARY_DIR}/generated/model_builtin_data.c)
add_custom_command(OUTPUT ${FENKIT_MODEL_C}
  COMMAND ${CMAKE_COMMAND} -DINPUT=${FENKIT_MODEL_FILE} -DOUTPUT=${FENKIT_MODEL_C}
          -P ${CMAKE_CURRENT_SOURCE_DIR}/cmake/embed-model.cmake
  DEPENDS ${FENKIT_MODEL_FILE} ${CMAKE_CURRENT_SOURCE_DIR}/cmake/embed-model.cmake ${CMAKE_CURRENT_SOURCE_DIR}/cmake/embed-common.cmake
  COMMENT "Embedding the square-classifier model")

file(GLOB FENKIT_VISION_SOURCES CONFIGURE_DEPENDS src/vision/*.c)
add_library(fenkit_vision STATIC ${FENKIT_VISION_SOURCES} ${FENKIT_MODEL_C})
target_compile_options(fenkit_vision PRIVATE ${FENKIT_WARNINGS})
target_include_directories(fenkit_vision PRIVATE ${LEPT_INCLUDE_DIRS} ${OPENBLAS_INCLUDE_DIRS}
  ${EXIF_INCLUDE_DIRS} ${CMAKE_CURRENT_SOURCE_DIR}/src)
target_link_libraries(fenkit_vision PUBLIC fenkit_core m ${CMAKE_DL_LIBS})
set_target_properties(fenkit_vision PROPERTIES OUTPUT_NAME fenkit-vision
  VERSION ${PROJECT_VERSION} SOVERSION ${PROJECT_VERSION_MAJOR})
list(APPEND FENKIT_LAYER_LIBS fenkit_vision)
if(FENKIT_SANITIZE OR FENKIT_FUZZ)
  # LeakSanitizer (GCC 12's and clang 14's) crashes at exit on the
  # thread-local storage of a library opened with dlopen, so sanitizer
  # builds load these at start; libs.c's dlopen then finds them loaded.
  target_link_libraries(fenkit_vision PUBLIC PkgConfig::LEPT PkgConfig::OPENBLAS PkgConfig::EXIF)
endif()
