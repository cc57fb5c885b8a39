# Installing: headers, libraries, a pkg-config file and a CMake package, so
# that another project can find_package(fenkit) or pkg-config --cflags fenkit.
# Targets are exported as fenkit::core, fenkit::render, ... (the library
# name without its fenkit_ prefix).
include(CMakePackageConfigHelpers)
install(DIRECTORY include/fenkit DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
foreach(lib fenkit_core ${FENKIT_LAYER_LIBS})
  string(REGEX REPLACE "^fenkit_" "" export_name ${lib})
  set_target_properties(${lib} PROPERTIES EXPORT_NAME ${export_name})
endforeach()
install(TARGETS fenkit_core ${FENKIT_LAYER_LIBS} EXPORT fenkitTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(TARGETS fenkit RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(EXPORT fenkitTargets NAMESPACE fenkit:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/fenkit)
configure_package_config_file(cmake/fenkitConfig.cmake.in
  ${CMAKE_CURRENT_BINARY_DIR}/fenkitConfig.cmake
  INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/fenkit)
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/fenkitConfigVersion.cmake
  COMPATIBILITY SameMajorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/fenkitConfig.cmake
  ${CMAKE_CURRENT_BINARY_DIR}/fenkitConfigVersion.cmake
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/fenkit)

# pkg-config: the prefix is found from where the .pc file lies, so the tree
# still works when installed with `cmake --install --prefix DIR` or moved.
# -l flags list the layers before the core they depend on.
if(IS_ABSOLUTE "${CMAKE_INSTALL_LIBDIR}")
  set(FENKIT_PC_PREFIX "${CMAKE_INSTALL_PREFIX}")
  set(FENKIT_PC_LIBDIR "${CMAKE_INSTALL_LIBDIR}")
else()
  file(RELATIVE_PATH FENKIT_PC_UP "/root/${CMAKE_INSTALL_LIBDIR}/pkgconfig" "/root")
  string(REGEX REPLACE "/$" "" FENKIT_PC_UP "${FENKIT_PC_UP}")
  set(FENKIT_PC_PREFIX "\${pcfiledir}/${FENKIT_PC_UP}")
  set(FENKIT_PC_LIBDIR "\${prefix}/${CMAKE_INSTALL_LIBDIR}")
endif()
set(FENKIT_PC_LIBS "")
foreach(lib ${FENKIT_LAYER_LIBS})
  get_target_property(name ${lib} OUTPUT_NAME)
  string(PREPEND FENKIT_PC_LIBS "-l${name} ")
endforeach()
string(APPEND FENKIT_PC_LIBS "-lfenkit-core")
configure_file(cmake/fenkit.pc.in ${CMAKE_CURRENT_BINARY_DIR}/fenkit.pc @ONLY)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/fenkit.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
