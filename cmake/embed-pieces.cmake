# Turns the twelve SVG files of a piece set into a C source with one byte
# array per piece, so the built-in set lives inside the binary.
# Usage: cmake -DINPUT_DIR=dir -DOUTPUT=file.c -P embed-pieces.cmake
include(${CMAKE_CURRENT_LIST_DIR}/embed-common.cmake)
set(names wP wN wB wR wQ wK bP bN bB bR bQ bK)
set(out "/* Generated from ${INPUT_DIR} by cmake/embed-pieces.cmake: do not edit. */\n")
string(APPEND out "#include <stddef.h>\n\nstruct fk_embedded_piece { const unsigned char *svg; size_t len; };\n\n")
set(table "")
foreach(name ${names})
  embed_array(${INPUT_DIR}/${name}.svg piece_${name} bytes)
  string(APPEND table "    {piece_${name}, ${bytes}},\n")
endforeach()
string(APPEND out "\n/* In fk_piece order from FK_WP to FK_BK: the SVG text and its length. */\n")
string(APPEND out "const struct fk_embedded_piece render_builtin_pieces[12] = {\n${table}};\n")
embed_write(${OUTPUT} "${out}")
