#include "review/thumbnails.h"

#include <cairo.h>
#include <librsvg/rsvg.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "base/text.h"
#include "base/write_at.h"

namespace gg {

namespace {

cairo_status_t AppendPng(void* closure, const unsigned char* data, unsigned int length) {
  static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
  return CAIRO_STATUS_SUCCESS;
}

std::string SafeName(const std::string& path) {
  std::string out;
  for (char c : path) out += (c == '/' || c == '\\') ? '-' : c;
  for (const char* ext : {".svg", ".png"})
    if (EndsWith(out, ext)) out.resize(out.size() - 4);
  return out;
}

}  // namespace

std::string ChartThumbnail(const std::string& bytes, bool is_png, int max_width) {
  if (is_png) return bytes;
  GError* err = nullptr;
  RsvgHandle* h =
      rsvg_handle_new_from_data(reinterpret_cast<const guint8*>(bytes.data()), bytes.size(), &err);
  if (!h) {
    if (err) g_error_free(err);
    return "";
  }
  double w = 0, hgt = 0;
  if (!rsvg_handle_get_intrinsic_size_in_pixels(h, &w, &hgt) || w <= 0 || hgt <= 0) {
    w = 800;
    hgt = 500;
  }
  double scale = w > max_width ? max_width / w : 1.0;
  int W = static_cast<int>(w * scale + 0.5), H = static_cast<int>(hgt * scale + 0.5);
  cairo_surface_t* surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, W, H);
  cairo_t* cr = cairo_create(surface);
  // Charts have a transparent background; a reviewer's comment may be dark.
  cairo_set_source_rgb(cr, 1, 1, 1);
  cairo_paint(cr);
  RsvgRectangle viewport{0, 0, static_cast<double>(W), static_cast<double>(H)};
  std::string png;
  if (rsvg_handle_render_document(h, cr, &viewport, &err))
    cairo_surface_write_to_png_stream(surface, AppendPng, &png);
  if (err) g_error_free(err);
  cairo_destroy(cr);
  cairo_surface_destroy(surface);
  g_object_unref(h);
  return png;
}

bool WriteThumbnails(const Snapshot& before, const Snapshot& after, const std::string& dir,
                     Report* report, std::string* error) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  const int dir_fd = open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir_fd < 0) {
    *error = "cannot open the thumbnails folder " + dir + ": " + std::strerror(errno);
    return false;
  }
  auto put = [&](const std::string& name, const std::string& png) {
    struct stat st;
    if (fstatat(dir_fd, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) == 0 && !S_ISREG(st.st_mode)) {
      *error = dir + "/" + name +
               (S_ISLNK(st.st_mode) ? " is a symbolic link; a thumbnail is never written "
                                      "through a link (remove it, or choose another folder)"
                                    : " is not a regular file; remove it or choose another folder");
      return false;
    }
    std::string why;
    if (!WriteFileAt(dir_fd, "." + name + ".tmp", name, {png}, false, 0644, &why)) {
      *error = "cannot write " + dir + "/" + name + ": " + why;
      return false;
    }
    return true;
  };
  bool ok = true;
  for (auto& c : report->charts) {
    auto x = before.output.find(c.path), y = after.output.find(c.path);
    if (x == before.output.end() || y == after.output.end()) continue;
    bool png = EndsWith(c.path, ".png");
    std::string a = ChartThumbnail(x->second, png, 480), b = ChartThumbnail(y->second, png, 480);
    if (a.empty() || b.empty()) continue;
    std::string name = SafeName(c.path);
    if (!put(name + ".before.png", a) || !put(name + ".after.png", b)) {
      ok = false;
      break;
    }
    c.before_png = name + ".before.png";
    c.after_png = name + ".after.png";
  }
  close(dir_fd);
  return ok;
}

}  // namespace gg
