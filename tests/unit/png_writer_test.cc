// The link-preview PNG writer (charts/png_writer.h), checked by decoding its output with an
// independent reader: Cairo's PNG loader (libpng, which also verifies every chunk's CRC and the
// zlib stream's checksum and refuses the file on a mismatch).
#include <catch2/catch.hpp>

#include <cairo.h>

#include <cstring>
#include <string>
#include <vector>

#include "charts/png_writer.h"

namespace {

using gg::charts::internal::EncodeRgbPng;

struct Reader {
  const std::string* bytes;
  size_t at = 0;
};

cairo_status_t ReadPng(void* closure, unsigned char* data, unsigned int length) {
  auto* r = static_cast<Reader*>(closure);
  if (r->at + length > r->bytes->size()) return CAIRO_STATUS_READ_ERROR;
  std::memcpy(data, r->bytes->data() + r->at, length);
  r->at += length;
  return CAIRO_STATUS_SUCCESS;
}

// The pixel at (x, y) of an image in Cairo's RGB24 layout, as 0xRRGGBB.
unsigned PixelAt(const unsigned char* rows, int stride, int x, int y) {
  const unsigned char* p = rows + static_cast<ptrdiff_t>(y) * stride + 4 * x;
  return (static_cast<unsigned>(p[2]) << 16) | (static_cast<unsigned>(p[1]) << 8) | p[0];
}

}  // namespace

TEST_CASE("EncodeRgbPng: the image decodes to the same pixels", "[charts][png]") {
  struct Case {
    int w, h, stride_padding;
    const char* what;
  };
  const Case cases[] = {
      {1, 1, 0, "one pixel"},
      {3, 2, 8, "rows padded past their pixels (the padding is not image)"},
      {1200, 630, 0, "a link preview's size, with flat areas, gradients and noise"},
      {17, 300, 4, "taller than wide"},
  };
  for (const Case& c : cases) {
    INFO(c.what);
    const int stride = 4 * c.w + c.stride_padding;
    std::vector<unsigned char> rows(static_cast<size_t>(stride) * c.h, 0xAB);
    unsigned seed = 12345;
    for (int y = 0; y < c.h; ++y) {
      for (int x = 0; x < c.w; ++x) {
        seed = seed * 1103515245u + 12345u;
        unsigned rgb = y < c.h / 2 ? 0xFFFFFFu                                // flat
                                   : (x * 255 / c.w) << 16 | (y % 256) << 8;  // gradient
        if (x % 7 == 0) rgb = seed >> 8 & 0xFFFFFFu;                          // noise
        unsigned char* p = rows.data() + static_cast<ptrdiff_t>(y) * stride + 4 * x;
        p[0] = rgb & 0xFF;
        p[1] = rgb >> 8 & 0xFF;
        p[2] = rgb >> 16 & 0xFF;
        p[3] = 0x5A;  // Cairo leaves the fourth byte unused: it must not reach the file
      }
    }
    const std::string png = EncodeRgbPng(rows.data(), c.w, c.h, stride);
    REQUIRE(png.substr(0, 8) == std::string("\x89PNG\r\n\x1a\n", 8));
    CHECK(EncodeRgbPng(rows.data(), c.w, c.h, stride) == png);  // a pure function of the pixels

    Reader reader{&png};
    cairo_surface_t* decoded = cairo_image_surface_create_from_png_stream(ReadPng, &reader);
    REQUIRE(cairo_surface_status(decoded) == CAIRO_STATUS_SUCCESS);
    CHECK(reader.at == png.size());                                        // nothing after IEND
    CHECK(cairo_image_surface_get_format(decoded) == CAIRO_FORMAT_RGB24);  // no alpha channel
    REQUIRE(cairo_image_surface_get_width(decoded) == c.w);
    REQUIRE(cairo_image_surface_get_height(decoded) == c.h);
    cairo_surface_flush(decoded);
    const unsigned char* got = cairo_image_surface_get_data(decoded);
    const int got_stride = cairo_image_surface_get_stride(decoded);
    int wrong = 0;
    for (int y = 0; y < c.h; ++y) {
      for (int x = 0; x < c.w; ++x) {
        wrong += PixelAt(got, got_stride, x, y) != PixelAt(rows.data(), stride, x, y);
      }
    }
    CHECK(wrong == 0);
    cairo_surface_destroy(decoded);
  }
}

TEST_CASE("EncodeRgbPng: a corrupted byte is caught by the reader", "[charts][png]") {
  // The check above is only as good as the reader's checks: flip one byte of the compressed
  // pixels and the file must be refused, not shown with wrong pixels.
  std::vector<unsigned char> rows(4 * 64 * 64);
  for (size_t i = 0; i < rows.size(); ++i) rows[i] = static_cast<unsigned char>(i * 31);
  std::string png = EncodeRgbPng(rows.data(), 64, 64, 4 * 64);
  const size_t idat = png.find("IDAT");
  REQUIRE(idat != std::string::npos);
  png[idat + 4 + 20] = static_cast<char>(png[idat + 4 + 20] ^ 0x10);
  Reader reader{&png};
  cairo_surface_t* decoded = cairo_image_surface_create_from_png_stream(ReadPng, &reader);
  CHECK(cairo_surface_status(decoded) != CAIRO_STATUS_SUCCESS);
  cairo_surface_destroy(decoded);
}

TEST_CASE("EncodeRgbPng: an empty image has no file", "[charts][png]") {
  unsigned char pixel[4] = {};
  CHECK(EncodeRgbPng(pixel, 0, 1, 4).empty());
  CHECK(EncodeRgbPng(pixel, 1, 0, 4).empty());
}
