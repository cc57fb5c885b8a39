# What the embed-*.cmake scripts share: a file's bytes as a C array, and
# writing the generated source only when it changed (so nothing rebuilds
# for nothing).

# embed_array(PATH NAME OUT_LEN [EXTERN]): appends to `out` a C array NAME
# holding the bytes of PATH (and a 0 after them), static unless EXTERN, and
# sets OUT_LEN to their count.
function(embed_array path name out_len)
  set(storage "static ")
  if(ARGV3 STREQUAL "EXTERN")
    set(storage "")
  endif()
  file(READ ${path} hex HEX)
  string(LENGTH "${hex}" hexlen)
  math(EXPR bytes "${hexlen} / 2")
  string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," body "${hex}")
  set(out "${out}${storage}const unsigned char ${name}[] = {\n${body}0};\n" PARENT_SCOPE)
  set(${out_len} ${bytes} PARENT_SCOPE)
endfunction()

# embed_write(OUTPUT TEXT): writes TEXT to OUTPUT unless it already holds it.
function(embed_write output text)
  file(WRITE ${output}.tmp "${text}")
  file(COPY_FILE ${output}.tmp ${output} ONLY_IF_DIFFERENT)
  file(REMOVE ${output}.tmp)
endfunction()
