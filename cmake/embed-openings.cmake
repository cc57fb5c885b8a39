# Turns the openings table (assets/openings) into a C source holding its
# text, so that fenkit pgn --eco needs no file beside the binary.
# Usage: cmake -DINPUT=file.tsv -DOUTPUT=file.c -P embed-openings.cmake
include(${CMAKE_CURRENT_LIST_DIR}/embed-common.cmake)
set(out "/* Generated from ${INPUT} by cmake/embed-openings.cmake: do not edit. */\n")
string(APPEND out "#include <stddef.h>\n\n")
embed_array(${INPUT} openings_text bytes)
string(APPEND out "\n/* The table's text (eco, name, epd; tab-separated, a header line first). */\n")
string(APPEND out "const unsigned char *const cli_openings_text = openings_text;\n")
string(APPEND out "const size_t cli_openings_len = ${bytes};\n")
embed_write(${OUTPUT} "${out}")
