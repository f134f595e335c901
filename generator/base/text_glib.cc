// The functions of base/text.h that use system libraries: UTF-8 validation (GLib) and SHA-256
// (Nettle). Kept apart from text.cc so that the WebAssembly build (generator/wasm), which has
// neither, compiles text.cc.
#include <glib.h>
#include <nettle/sha2.h>

#include <cstdint>
#include <cstring>

#include "base/text.h"

namespace gg {

size_t FindInvalidUtf8(std::string_view text) {
  // Most of a page is ASCII: it is skipped eight bytes at a time, and GLib validates each run of
  // bytes >= 0x80 alone (a run ends where an ASCII byte, always a character boundary, starts).
  // NUL is refused, as GLib refuses it. GLib over the whole text read a byte at a time (1.5 %
  // of a synthetic build), and from the first non-ASCII byte on when only the head was skipped.
  const auto* bytes = reinterpret_cast<const unsigned char*>(text.data());
  const size_t n = text.size();
  size_t at = 0;
  while (at < n) {
    for (; at + 8 <= n; at += 8) {
      uint64_t v;
      std::memcpy(&v, bytes + at, 8);
      if (((v | ((v - 0x0101010101010101u) & ~v)) & 0x8080808080808080u) != 0) break;
    }
    for (; at < n && bytes[at] != 0 && bytes[at] < 0x80; ++at) {
    }
    if (at == n) break;
    if (bytes[at] == 0) return at;
    size_t run_end = at;
    while (run_end < n && bytes[run_end] >= 0x80) ++run_end;
    const char* end = nullptr;
    if (!g_utf8_validate(text.data() + at, static_cast<gssize>(run_end - at), &end))
      return static_cast<size_t>(end - text.data());
    at = run_end;
  }
  return std::string_view::npos;
}

std::string Sha256Hex(std::string_view bytes) {
  // Nettle picks the processor's SHA instructions when it has them: 3.4x faster than GLib's
  // g_compute_checksum_for_data on 6 KB pages (33 against 110 ms for 10,000).
  sha256_ctx ctx;
  sha256_init(&ctx);
  sha256_update(&ctx, bytes.size(), reinterpret_cast<const uint8_t*>(bytes.data()));
  uint8_t digest[SHA256_DIGEST_SIZE];
  sha256_digest(&ctx, sizeof digest, digest);
  return LowerHex({reinterpret_cast<const char*>(digest), sizeof digest});
}

}  // namespace gg
