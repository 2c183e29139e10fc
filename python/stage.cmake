# Stages the pip-installable tile_mlir (python/CMakeLists.txt): the
# package's sources, _installed.py, and links to the library and the MSL
# shim, laid out as an installation (lib/, include/tile/Runtime/msl) inside
# the package. Run with cmake -P by the tile-python-package target.
cmake_policy(SET CMP0009 NEW)  # GLOB_RECURSE does not follow the links
# Sources removed or moved in the source tree must not linger here.
file(GLOB_RECURSE _stale ${DEST}/*.py)
if(_stale)
  file(REMOVE ${_stale})
endif()
file(COPY ${SOURCE}/ DESTINATION ${DEST}
  FILES_MATCHING PATTERN "*.py"
  PATTERN "__pycache__" EXCLUDE)
file(COPY ${INSTALLED} DESTINATION ${DEST})
file(MAKE_DIRECTORY ${DEST}/lib ${DEST}/include/tile/Runtime)
file(CREATE_LINK ${LIBRARY} ${DEST}/lib/libTileCAPI.so SYMBOLIC)
file(CREATE_LINK ${SHIM} ${DEST}/include/tile/Runtime/msl SYMBOLIC)
