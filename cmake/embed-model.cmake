# Turns the square-classifier model file into a C source holding its bytes,
# so the default model lives inside the library.
# Usage: cmake -DINPUT=models/squares.fkm -DOUTPUT=file.c -P embed-model.cmake
file(READ ${INPUT} hex HEX)
string(LENGTH "${hex}" hexlen)
math(EXPR bytes "${hexlen} / 2")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," body "${hex}")
set(out "/* Generated from ${INPUT} by cmake/embed-model.cmake: do not edit. */\n")
string(APPEND out "#include <stddef.h>\n\n")
string(APPEND out "const unsigned char fk_builtin_model[] = {\n${body}0};\n")
string(APPEND out "const size_t fk_builtin_model_len = ${bytes};\n")
file(WRITE ${OUTPUT}.tmp "${out}")
file(COPY_FILE ${OUTPUT}.tmp ${OUTPUT} ONLY_IF_DIFFERENT)
file(REMOVE ${OUTPUT}.tmp)
