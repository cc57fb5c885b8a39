# Turns the square-classifier model file into a C source holding its bytes,
# so the default model lives inside the library.
# Usage: cmake -DINPUT=models/squares.fkm -DOUTPUT=file.c -P embed-model.cmake
include(${CMAKE_CURRENT_LIST_DIR}/embed-common.cmake)
set(out "/* Generated from ${INPUT} by cmake/embed-model.cmake: do not edit. */\n")
string(APPEND out "#include <stddef.h>\n\n")
embed_array(${INPUT} fk_builtin_model bytes EXTERN)
string(APPEND out "const size_t fk_builtin_model_len = ${bytes};\n")
embed_write(${OUTPUT} "${out}")
