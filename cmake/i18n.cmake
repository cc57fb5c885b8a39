# The message catalogs: each po/LANG.po compiled by msgfmt (GNU gettext)
# into build/locale/LANG/LC_MESSAGES/fenkit.mo, where the fenkit built here
# finds them, and installed under share/locale. A new po/LANG.po is picked
# up by the next cmake run: no list to edit.
find_program(FENKIT_MSGFMT msgfmt REQUIRED)
file(GLOB FENKIT_PO_FILES CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/po/*.po)
set(FENKIT_MO_FILES)
foreach(po ${FENKIT_PO_FILES})
  get_filename_component(lang ${po} NAME_WE)
  set(dir ${CMAKE_BINARY_DIR}/locale/${lang}/LC_MESSAGES)
  add_custom_command(OUTPUT ${dir}/fenkit.mo
    COMMAND ${CMAKE_COMMAND} -E make_directory ${dir}
    COMMAND ${FENKIT_MSGFMT} --check -o ${dir}/fenkit.mo ${po}
    DEPENDS ${po} COMMENT "msgfmt po/${lang}.po" VERBATIM)
  list(APPEND FENKIT_MO_FILES ${dir}/fenkit.mo)
  install(FILES ${dir}/fenkit.mo DESTINATION ${CMAKE_INSTALL_LOCALEDIR}/${lang}/LC_MESSAGES)
endforeach()
add_custom_target(fenkit_catalogs ALL DEPENDS ${FENKIT_MO_FILES})
add_dependencies(fenkit_tool_common fenkit_catalogs)
target_compile_definitions(fenkit_tool_common PRIVATE
  FENKIT_LOCALEDIR="${CMAKE_INSTALL_FULL_LOCALEDIR}")
