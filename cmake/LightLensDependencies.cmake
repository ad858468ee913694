# Third-party libraries, found the way Debian 12 (bookworm) packages them.
# See docs/building.md for the quirks each block works around.

find_package(PkgConfig REQUIRED)

# Quirk 1: OpenColorIO's CMake config resolves its include dir to /include; use pkg-config instead.
pkg_check_modules(OCIO REQUIRED IMPORTED_TARGET OpenColorIO)
# libdeflate inflates plain 8-bit PNGs in one call (core/image/PngRgb8.h).
pkg_check_modules(DEFLATE REQUIRED IMPORTED_TARGET libdeflate)

# Quirk 2: OpenImageIO's exported target names /usr/include/opencv4, which only exists with OpenCV.
find_package(OpenImageIO REQUIRED)
get_target_property(_ll_oiio_inc OpenImageIO::OpenImageIO INTERFACE_INCLUDE_DIRECTORIES)
if(_ll_oiio_inc)
  list(FILTER _ll_oiio_inc EXCLUDE REGEX "opencv")
  set_target_properties(OpenImageIO::OpenImageIO PROPERTIES INTERFACE_INCLUDE_DIRECTORIES "${_ll_oiio_inc}")
endif()
foreach(_ll_t OpenImageIO::OpenImageIO_Util)
  if(TARGET ${_ll_t})
    get_target_property(_ll_inc ${_ll_t} INTERFACE_INCLUDE_DIRECTORIES)
    if(_ll_inc)
      list(FILTER _ll_inc EXCLUDE REGEX "opencv")
      set_target_properties(${_ll_t} PROPERTIES INTERFACE_INCLUDE_DIRECTORIES "${_ll_inc}")
    endif()
  endif()
endforeach()

find_package(Eigen3 3.3 REQUIRED NO_MODULE)
find_package(TBB REQUIRED)
find_package(nlohmann_json 3 REQUIRED)
find_package(Threads REQUIRED)
# Lens profiles for capture (liblensfun-dev, database in liblensfun-data-v1); libtiff writes the
# test DNG files of the capture tests.
# lensfun.pc lists glib-2.0 (private), which Debian's liblensfun-dev does not pull in and the
# header does not need: find the header and library directly.
find_path(LENSFUN_INCLUDE_DIR lensfun.h PATH_SUFFIXES lensfun REQUIRED)
find_library(LENSFUN_LIBRARY lensfun REQUIRED)
add_library(LightLens::lensfun UNKNOWN IMPORTED)
set_target_properties(LightLens::lensfun PROPERTIES IMPORTED_LOCATION "${LENSFUN_LIBRARY}"
                      INTERFACE_INCLUDE_DIRECTORIES "${LENSFUN_INCLUDE_DIR}/..")
find_package(TIFF REQUIRED)

# Quirk 3 (Qt's emit vs oneTBB) is handled by QT_NO_KEYWORDS in the top-level CMakeLists.txt.
# Qt is needed by the GUI, the test suite (Qt Test) and nothing in core/.
if(LIGHTLENS_BUILD_GUI OR LIGHTLENS_BUILD_TESTS)
  find_package(Qt6 REQUIRED COMPONENTS Core Gui Widgets Test Concurrent PrintSupport Svg SvgWidgets)
  set(CMAKE_AUTOMOC ON)
endif()
