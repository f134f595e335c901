# calc.wasm: the calculator (calc, calcapi, model, the pure parts of base and data) compiled
# to WebAssembly from the same sources as the native build, with Debian's clang-19 and
# wasi-libc (.ci/setup installs clang-19 lld-19 libc++-19-dev-wasm32 libc++abi-19-dev-wasm32
# libclang-rt-19-dev-wasm32 wasi-libc). The result is embedded in the gpuguide binary
# (cli/calc_wasm_bytes.h), which publishes it content-hashed with the calculator page.
#
# Why add_custom_command with clang directly, not ExternalProject with a toolchain file: the
# module is ~25 files and one link line; one custom command per object (with a depfile, so
# Ninja recompiles only what changed, through the same ccache as the native build) keeps it
# inside this build graph, with no second configure step to keep in sync.
#
# Without the toolchain (or with -DGPUGUIDE_WASM=OFF) everything else builds as before and the
# calculator page is published without its in-browser form (its explanation and links remain).

option(GPUGUIDE_WASM "Build calc.wasm, the in-browser calculator (needs clang-19 for wasm32-wasi)" ON)
set(GG_WASM_OUT ${CMAKE_BINARY_DIR}/wasm/calc.wasm)
set(GG_WASM_BYTES_CC ${CMAKE_BINARY_DIR}/generated/calc_wasm_bytes.cc)
set(GG_HAVE_WASM OFF)

if(GPUGUIDE_WASM)
  find_program(GG_WASM_CXX NAMES clang++-19)
  get_target_property(GG_JSON_INCLUDE nlohmann_json::nlohmann_json INTERFACE_INCLUDE_DIRECTORIES)
  # Debian's headers for nlohmann live in /usr/include, which must not be searched for wasm (it
  # holds the host's libc): give the wasm compiler a folder with only nlohmann/ in it.
  set(GG_WASM_INC ${CMAKE_BINARY_DIR}/wasm/include)
  file(MAKE_DIRECTORY ${GG_WASM_INC})
  list(GET GG_JSON_INCLUDE 0 GG_JSON_INCLUDE)
  if(EXISTS ${GG_JSON_INCLUDE}/nlohmann/json.hpp AND NOT EXISTS ${GG_WASM_INC}/nlohmann)
    file(CREATE_LINK ${GG_JSON_INCLUDE}/nlohmann ${GG_WASM_INC}/nlohmann SYMBOLIC)
  endif()
  set(GG_WASM_FLAGS --target=wasm32-wasi -std=c++20 -fno-exceptions -Oz -flto -DNDEBUG
      -DJSON_HAS_FILESYSTEM=0 -DJSON_HAS_EXPERIMENTAL_FILESYSTEM=0
      -ffile-prefix-map=${CMAKE_SOURCE_DIR}/=
      -I${CMAKE_SOURCE_DIR}/generator -isystem ${GG_WASM_INC}
      -Wall -Wextra -Wshadow -Wno-sign-conversion)
  if(CMAKE_COMPILE_WARNING_AS_ERROR)
    list(APPEND GG_WASM_FLAGS -Werror)
  endif()
  # The toolchain must compile and link a C++ program using the standard library.
  set(probe ${CMAKE_BINARY_DIR}/wasm/probe.cc)
  file(WRITE ${probe} "#include <string>\n#include <vector>\nextern \"C\" int f(int n) {\n"
                      "  std::vector<std::string> v(static_cast<size_t>(n), \"x\");\n"
                      "  return static_cast<int>(v.size());\n}\n")
  if(GG_WASM_CXX)
    execute_process(
      COMMAND ${GG_WASM_CXX} ${GG_WASM_FLAGS} -mexec-model=reactor -Wl,--export=f ${probe}
              -o ${CMAKE_BINARY_DIR}/wasm/probe.wasm
      RESULT_VARIABLE probe_rc OUTPUT_QUIET ERROR_VARIABLE probe_err)
    if(probe_rc EQUAL 0)
      set(GG_HAVE_WASM ON)
    endif()
  endif()
  if(NOT GG_HAVE_WASM)
    if(NOT GG_WASM_CXX)
      set(probe_err "clang++-19 not found")
    elseif(probe_err STREQUAL "")
      set(probe_err "the test program did not compile or link")
    endif()
    string(STRIP "${probe_err}" probe_err)
    message(WARNING "calc.wasm will not be built: clang++-19 cannot build for wasm32-wasi "
            "(${probe_err}). Install clang-19 lld-19 libc++-19-dev-wasm32 "
            "libc++abi-19-dev-wasm32 libclang-rt-19-dev-wasm32 wasi-libc (.ci/setup does), or "
            "pass -DGPUGUIDE_WASM=OFF to silence this. The site still builds; its calculator "
            "page then has no in-browser form.")
  endif()
endif()

if(GG_HAVE_WASM)
  file(GLOB GG_WASM_SOURCES CONFIGURE_DEPENDS
       ${CMAKE_SOURCE_DIR}/generator/calc/*.cc ${CMAKE_SOURCE_DIR}/generator/calcapi/*.cc
       ${CMAKE_SOURCE_DIR}/generator/model/*.cc ${CMAKE_SOURCE_DIR}/generator/wasm/*.cc)
  # The pure parts of base and data (no GLib, file I/O or threads).
  foreach(f base/diagnostics base/suggest base/dates base/text data/json_doc
            data/object_reader data/field_ranges data/load_dataset data/load_machines data/load_gates
            data/load_engines data/load_media data/load_regions
            data/calc_bundle data/price_fields)
    list(APPEND GG_WASM_SOURCES ${CMAKE_SOURCE_DIR}/generator/${f}.cc)
  endforeach()
  # Ninja creates the folders of a custom command's outputs, Make does not (a plain configure
  # uses Make): create them here.
  file(MAKE_DIRECTORY ${CMAKE_BINARY_DIR}/wasm/obj ${CMAKE_BINARY_DIR}/generated)
  set(objects "")
  foreach(src IN LISTS GG_WASM_SOURCES)
    file(RELATIVE_PATH rel ${CMAKE_SOURCE_DIR}/generator ${src})
    string(REPLACE "/" "_" name ${rel})
    set(obj ${CMAKE_BINARY_DIR}/wasm/obj/${name}.o)
    add_custom_command(OUTPUT ${obj}
      COMMAND ${CMAKE_CXX_COMPILER_LAUNCHER} ${GG_WASM_CXX} ${GG_WASM_FLAGS}
              -MD -MF ${obj}.d -c ${src} -o ${obj}
      DEPENDS ${src} DEPFILE ${obj}.d
      COMMENT "wasm: compiling ${rel}" VERBATIM)
    list(APPEND objects ${obj})
  endforeach()
  set(exports gg_alloc gg_free gg_load_data gg_answer)
  list(TRANSFORM exports PREPEND -Wl,--export=)
  # reactor: no main; the page calls _initialize once (static constructors), then the exports.
  add_custom_command(OUTPUT ${GG_WASM_OUT}
    COMMAND ${GG_WASM_CXX} ${GG_WASM_FLAGS} -mexec-model=reactor ${exports}
            -Wl,-z,stack-size=1048576 -Wl,--strip-all ${objects} -o ${GG_WASM_OUT}
    DEPENDS ${objects} COMMENT "wasm: linking calc.wasm" VERBATIM)
  add_custom_command(OUTPUT ${GG_WASM_BYTES_CC}
    COMMAND Python3::Interpreter ${CMAKE_SOURCE_DIR}/generator/wasm/embed_bytes.py ${GG_WASM_OUT}
            ${GG_WASM_BYTES_CC}
    DEPENDS ${GG_WASM_OUT} ${CMAKE_SOURCE_DIR}/generator/wasm/embed_bytes.py
    COMMENT "wasm: embedding calc.wasm" VERBATIM)
  add_custom_target(calc_wasm DEPENDS ${GG_WASM_OUT})
else()
  # No wasm: the binary publishes none.
  file(MAKE_DIRECTORY ${CMAKE_BINARY_DIR}/generated)
  file(WRITE ${GG_WASM_BYTES_CC}.tmp
       "// Generated by generator/wasm/calc_wasm.cmake: built without calc.wasm.\n"
       "#include \"cli/calc_wasm_bytes.h\"\n\n"
       "namespace gg {\n\nstd::string_view CalcWasmBytes() {\n  return {};\n}\n\n}  // namespace gg\n")
  file(COPY_FILE ${GG_WASM_BYTES_CC}.tmp ${GG_WASM_BYTES_CC} ONLY_IF_DIFFERENT)
endif()
