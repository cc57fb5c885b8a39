# Installing: headers, libraries, pkg-config files and a CMake package, so
# that another project can find_package(fenkit) or pkg-config --cflags fenkit.
# The shared library is fenkit::fenkit (pkg-config fenkit); the static layer
# libraries are fenkit::core, fenkit::render, ... (the library name without
# its fenkit_ prefix; pkg-config fenkit-static).
include(CMakePackageConfigHelpers)
install(DIRECTORY include/fenkit DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
foreach(lib fenkit_core ${FENKIT_LAYER_LIBS})
  string(REGEX REPLACE "^fenkit_" "" export_name ${lib})
  set_target_properties(${lib} PROPERTIES EXPORT_NAME ${export_name})
endforeach()
install(TARGETS fenkit_core ${FENKIT_LAYER_LIBS} fenkit_shared EXPORT fenkitTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(TARGETS fenkit RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(EXPORT fenkitTargets NAMESPACE fenkit:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/fenkit)
# A layer that links a PkgConfig::NAME target sets FENKIT_PKG_NAME to its
# pkg-config modules and appends NAME to FENKIT_PKG_IMPORTS; the package
# file makes the same target for its users, and fenkit.pc requires them.
set(FENKIT_CONFIG_DEPENDENCIES "")
set(FENKIT_PC_MODULES "")
if(FENKIT_PKG_IMPORTS)
  string(APPEND FENKIT_CONFIG_DEPENDENCIES "find_dependency(PkgConfig)\n")
endif()
foreach(name ${FENKIT_PKG_IMPORTS})
  list(JOIN FENKIT_PKG_${name} " " modules)
  string(APPEND FENKIT_CONFIG_DEPENDENCIES
    "pkg_check_modules(${name} REQUIRED QUIET IMPORTED_TARGET ${modules})\n")
  list(APPEND FENKIT_PC_MODULES ${FENKIT_PKG_${name}})
endforeach()
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
# Plain system libraries the layers link (like m) follow the core: static
# libraries need their dependencies at every link.
set(FENKIT_PC_LIBS "")
set(FENKIT_PC_SYSTEM_LIBS "")
foreach(lib ${FENKIT_LAYER_LIBS})
  get_target_property(name ${lib} OUTPUT_NAME)
  string(PREPEND FENKIT_PC_LIBS "-l${name} ")
  get_target_property(links ${lib} INTERFACE_LINK_LIBRARIES)
  foreach(link ${links})
    if(NOT TARGET ${link} AND link MATCHES "^[A-Za-z0-9_+-]+$")
      list(APPEND FENKIT_PC_SYSTEM_LIBS "-l${link}")
    endif()
  endforeach()
endforeach()
list(REMOVE_DUPLICATES FENKIT_PC_SYSTEM_LIBS)
list(JOIN FENKIT_PC_SYSTEM_LIBS " " FENKIT_PC_SYSTEM_LIBS)
list(JOIN FENKIT_PC_MODULES " " FENKIT_PC_REQUIRES)

# fenkit-static.pc: the layer libraries, with everything they need.
set(FENKIT_PC_NAME fenkit-static)
set(FENKIT_PC_DESCRIPTION "the static layer libraries")
set(FENKIT_PC_PRIVATE "")
string(APPEND FENKIT_PC_LIBS "-lfenkit-core ${FENKIT_PC_SYSTEM_LIBS} -lpthread")
set(FENKIT_PC_LIBS_PRIVATE "")
configure_file(cmake/fenkit.pc.in ${CMAKE_CURRENT_BINARY_DIR}/fenkit-static.pc @ONLY)

# fenkit.pc: libfenkit.so, which carries its own dependencies.
set(FENKIT_PC_NAME fenkit)
set(FENKIT_PC_DESCRIPTION "the shared library")
set(FENKIT_PC_PRIVATE ".private")
set(FENKIT_PC_LIBS "-lfenkit")
set(FENKIT_PC_LIBS_PRIVATE "Libs.private: -lpthread -lm")
configure_file(cmake/fenkit.pc.in ${CMAKE_CURRENT_BINARY_DIR}/fenkit.pc @ONLY)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/fenkit.pc ${CMAKE_CURRENT_BINARY_DIR}/fenkit-static.pc
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
