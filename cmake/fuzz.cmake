# libFuzzer targets: one per fuzz/fuzz_*.c, each with a seed corpus in
# fuzz/corpus/<name>/.
# The fuzzed core checks its fast paths against its careful ones (fen.c).
target_compile_definitions(fenkit_core PRIVATE FENKIT_CHECK_FAST_PATHS)
file(GLOB FENKIT_FUZZERS CONFIGURE_DEPENDS fuzz/fuzz_*.c)
foreach(src ${FENKIT_FUZZERS})
  get_filename_component(name ${src} NAME_WE)
  add_executable(${name} ${src})
  target_compile_options(${name} PRIVATE ${FENKIT_WARNINGS})
  target_link_options(${name} PRIVATE -fsanitize=fuzzer)
  target_link_libraries(${name} PRIVATE fenkit_tool_common fenkit_core ${FENKIT_LAYER_LIBS})
endforeach()
