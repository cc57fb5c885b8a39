# Benchmark programs (run by bench/*.sh through `make bench`): built with
# the rest, never run by the tests.
add_executable(fen_bench bench/fen_bench.c)
target_compile_options(fen_bench PRIVATE ${FENKIT_WARNINGS})
target_link_libraries(fen_bench PRIVATE fenkit_core)
