// PNG files of Cairo's RGB24 image surfaces, for link previews (og:image). The container
// (signature, IHDR, one IDAT, IEND) is written here; the pixels are compressed by libdeflate
// (Debian's libdeflate-dev), which makes the same zlib stream format as libpng's zlib in a third of
// the time on these previews (see png_writer.cc). Output is a pure function of the pixels.
#pragma once

#include <string>

namespace gg::charts::internal {

// The PNG bytes (8-bit RGB, no interlace, row filter None) of a w x h image whose rows start every
// `stride` bytes at `bgrx` in Cairo's little-endian RGB24 layout (B, G, R, unused). Empty when the
// compressor cannot be made (out of memory): the page then has no link-preview image, which is not
// an error.
std::string EncodeRgbPng(const unsigned char* bgrx, int w, int h, int stride);

}  // namespace gg::charts::internal
