// The functions of base/text.h that use GLib (UTF-8 validation, SHA-256). Kept apart from
// text.cc so that the WebAssembly build (generator/wasm), which has no GLib, compiles text.cc.
#include <glib.h>

#include "base/text.h"

namespace gg {

size_t FindInvalidUtf8(std::string_view text) {
  const char* end = nullptr;
  if (g_utf8_validate(text.data(), static_cast<gssize>(text.size()), &end)) {
    return std::string_view::npos;
  }
  return static_cast<size_t>(end - text.data());
}

std::string Sha256Hex(std::string_view bytes) {
  gchar* hex = g_compute_checksum_for_data(
      G_CHECKSUM_SHA256, reinterpret_cast<const guchar*>(bytes.data()), bytes.size());
  std::string out(hex);
  g_free(hex);
  return out;
}

}  // namespace gg
