# Installing: headers, libraries, a pkg-config file and a CMake package, so
# that another project can find_package(fenkit) or pkg-config --cflags fenkit.
include(CMakePackageConfigHelpers)
install(DIRECTORY include/fenkit DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
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
configure_file(cmake/fenkit.pc.in ${CMAKE_CURRENT_BINARY_DIR}/fenkit.pc @ONLY)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/fenkit.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
