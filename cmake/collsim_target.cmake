# Compiler settings shared by every collsim target.
add_library(collsim_warnings INTERFACE)
target_compile_options(collsim_warnings INTERFACE -Wall -Wextra -Wpedantic -Wshadow
                                                  -Wnon-virtual-dtor -Wold-style-cast)
if(COLLSIM_WERROR)
  target_compile_options(collsim_warnings INTERFACE -Werror)
endif()
if(COLLSIM_SANITIZE)
  target_compile_options(collsim_warnings INTERFACE -fsanitize=address,undefined
                                                    -fno-sanitize-recover=all
                                                    -fno-omit-frame-pointer)
  target_link_options(collsim_warnings INTERFACE -fsanitize=address,undefined)
endif()
if(COLLSIM_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    message(FATAL_ERROR "COLLSIM_FUZZ needs clang (-DCMAKE_CXX_COMPILER=clang++)")
  endif()
  # Coverage instrumentation for every library; the fuzzer targets link libFuzzer itself.
  # Clang before 19 does not enable sized deallocation by default, which
  # memory/huge_page_allocator.cpp's operator delete(void*, size_t) needs.
  target_compile_options(collsim_warnings INTERFACE -fsized-deallocation
                                                    -fsanitize=fuzzer-no-link,address,undefined
                                                    -fno-sanitize-recover=undefined
                                                    -fno-omit-frame-pointer)
  target_link_options(collsim_warnings INTERFACE -fsanitize=address,undefined)
endif()

# collsim_library(NAME SOURCES... DEPS ...): one library per folder, public headers
# included as "<folder>/<file>.h" from the repository root.
function(collsim_library name)
  cmake_parse_arguments(ARG "" "" "SOURCES;DEPS" ${ARGN})
  add_library(${name} STATIC ${ARG_SOURCES})
  target_include_directories(${name} PUBLIC ${PROJECT_SOURCE_DIR})
  target_link_libraries(${name} PUBLIC ${ARG_DEPS} PRIVATE collsim_warnings)
endfunction()
