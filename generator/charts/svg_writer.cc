#include "charts/svg_writer.h"

#include "charts/svg_post.h"

#include <pango/pangocairo.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

#include "base/text.h"

namespace gg::charts::internal {
namespace {

// After the measured families: Latin fonts with DejaVu-like widths, then CJK system fonts.
constexpr const char* kFallbacks =
    "\"Noto Sans\",Verdana,\"PingFang SC\",\"Hiragino Sans GB\",\"Microsoft YaHei\",sans-serif";

std::string Hex(Rgb c) {
  auto byte = [](double v) { return static_cast<int>(std::lround(std::clamp(v, 0.0, 1.0) * 255)); };
  char buf[8];
  std::snprintf(buf, sizeof buf, "#%02x%02x%02x", byte(c.r), byte(c.g), byte(c.b));
  return buf;
}

// The class name part of an ink's colour: role letter, plus the hue index for hues and tints.
std::string InkCode(const Ink& ink) {
  switch (ink.role) {
    case Role::kBackground:
      return "b";
    case Role::kText:
      return "t";
    case Role::kMuted:
      return "m";
    case Role::kGrid:
      return "g";
    case Role::kAxis:
      return "a";
    case Role::kBand:
      return "n";
    case Role::kHue:
      return "h" + std::to_string(ink.index);
    case Role::kTint:
      return "i" + std::to_string(ink.index);
  }
  return "t";
}

// Collects the classes a document uses, so its <style> defines only those.
class Classes {
 public:
  std::string Fill(const Ink& ink) { return Use('f', ink); }
  std::string Stroke(const Ink& ink) { return Use('s', ink); }

  std::string Css(const std::string& font_stack) const {
    std::string light = "text{font-family:" + font_stack + "}";
    std::string dark;
    for (const auto& [name, entry] : used_) {
      const char* prop = name[0] == 'f' ? "fill" : "stroke";
      std::string l = Hex(Resolve(entry, Scheme::kLight));
      std::string d = Hex(Resolve(entry, Scheme::kDark));
      light += "." + name + "{" + prop + ":" + l + "}";
      if (d != l) dark += "." + name + "{" + prop + ":" + d + "}";
    }
    if (!dark.empty()) light += "@media (prefers-color-scheme:dark){" + dark + "}";
    return light;
  }

 private:
  std::string Use(char kind, const Ink& ink) {
    std::string name = kind + InkCode(ink);
    used_.emplace(name, Ink{ink.role, ink.index, 1});
    return name;
  }
  std::map<std::string, Ink> used_;  // sorted: the <style> does not depend on item order
};

class Writer {
 public:
  Writer(const TextMeasurer& m, Classes& classes, std::string& out)
      : m_(m), classes_(classes), out_(out) {}

  void operator()(const BoxItem& b) {
    double r = std::min({b.radius, b.r.w / 2, b.r.h / 2});
    out_ += "<rect x=\"" + SvgNumber(b.r.x) + "\" y=\"" + SvgNumber(b.r.y) + "\" width=\"" +
            SvgNumber(b.r.w) + "\" height=\"" + SvgNumber(b.r.h) + "\"";
    if (r > 0) out_ += " rx=\"" + SvgNumber(r) + "\"";
    Paint(b.fill, b.stroke, b.line_width, b.dash);
    out_ += "/>";
  }
  void operator()(const HatchItem& h) {
    std::string d;
    for (const auto& [a, b] : HatchSegments(h.r, h.spacing))
      d +=
          "M" + SvgNumber(a.x) + " " + SvgNumber(a.y) + "L" + SvgNumber(b.x) + " " + SvgNumber(b.y);
    if (d.empty()) return;
    out_ += "<path d=\"" + d + "\"";
    Paint(std::nullopt, h.ink, h.line_width, {});
    out_ += "/>";
  }
  void operator()(const LineItem& l) {
    if (l.pts.empty()) return;
    std::string d;
    for (size_t i = 0; i < l.pts.size(); ++i)
      d += (i == 0 ? "M" : "L") + SvgNumber(l.pts[i].x) + " " + SvgNumber(l.pts[i].y);
    if (l.closed) d += "Z";
    out_ += "<path d=\"" + d + "\"";
    Paint(l.fill, l.stroke, l.line_width, l.dash);
    out_ += "/>";
  }
  void operator()(const MarkerItem& mk);
  void operator()(const TextItem& t);

 private:
  // Class, opacity, stroke width and dashes of a shape; fill="none" when it has no fill.
  void Paint(const std::optional<Ink>& fill, const std::optional<Ink>& stroke, double width,
             const std::vector<double>& dash) {
    std::string cls;
    if (fill) cls = classes_.Fill(*fill);
    if (stroke) cls += (cls.empty() ? "" : " ") + classes_.Stroke(*stroke);
    if (!cls.empty()) out_ += " class=\"" + cls + "\"";
    if (!fill) out_ += " fill=\"none\"";
    if (fill && fill->alpha < 1) out_ += " fill-opacity=\"" + SvgNumber(fill->alpha) + "\"";
    if (!stroke) return;
    if (stroke->alpha < 1) out_ += " stroke-opacity=\"" + SvgNumber(stroke->alpha) + "\"";
    if (width != 1) out_ += " stroke-width=\"" + SvgNumber(width) + "\"";
    if (!dash.empty()) {
      out_ += " stroke-dasharray=\"";
      for (size_t i = 0; i < dash.size(); ++i) out_ += (i ? " " : "") + SvgNumber(dash[i]);
      out_ += "\"";
    }
  }

  const TextMeasurer& m_;
  Classes& classes_;
  std::string& out_;
};

void Writer::operator()(const MarkerItem& mk) {
  const double cx = mk.c.x, cy = mk.c.y;
  double s = mk.size;
  switch (mk.shape) {
    case MarkerShape::kCircle:
      out_ += "<circle cx=\"" + SvgNumber(cx) + "\" cy=\"" + SvgNumber(cy) + "\" r=\"" +
              SvgNumber(s) + "\"";
      break;
    case MarkerShape::kSquare:
      s *= 0.9;
      out_ += "<rect x=\"" + SvgNumber(cx - s) + "\" y=\"" + SvgNumber(cy - s) + "\" width=\"" +
              SvgNumber(2 * s) + "\" height=\"" + SvgNumber(2 * s) + "\"";
      break;
    case MarkerShape::kTriangle:
      s *= 1.2;
      out_ += "<path d=\"M" + SvgNumber(cx) + " " + SvgNumber(cy - s) + "L" +
              SvgNumber(cx + s * 0.94) + " " + SvgNumber(cy + s * 0.62) + "L" +
              SvgNumber(cx - s * 0.94) + " " + SvgNumber(cy + s * 0.62) + "Z\"";
      break;
    case MarkerShape::kDiamond:
      s *= 1.25;
      out_ += "<path d=\"M" + SvgNumber(cx) + " " + SvgNumber(cy - s) + "L" + SvgNumber(cx + s) +
              " " + SvgNumber(cy) + "L" + SvgNumber(cx) + " " + SvgNumber(cy + s) + "L" +
              SvgNumber(cx - s) + " " + SvgNumber(cy) + "Z\"";
      break;
  }
  Paint(mk.fill, mk.stroke, mk.line_width, {});
  out_ += "/>";
}

// Each line as its own <text>, anchored at the edge (or centre) its alignment keeps, so a
// reader whose fallback font is a little wider or narrower still sees the text in place.
void Writer::operator()(const TextItem& t) {
  if (t.spec.text.empty()) return;
  ShapedText st = Shape(m_, t.spec);
  const double w = st.logical.w;
  const double left = t.spec.align == Align::kLeft     ? 0
                      : t.spec.align == Align::kCenter ? -w / 2
                                                       : -w;
  // The layout's origin relative to the anchor (x, baseline), as the Cairo painter puts it.
  const double ox = left - st.logical.x, oy = -st.baseline;
  std::string rotate;
  if (t.angle_deg != 0)
    rotate = " transform=\"rotate(" + SvgNumber(t.angle_deg) + " " + SvgNumber(t.x) + " " +
             SvgNumber(t.baseline) + ")\"";
  if (t.halo) {
    out_ += "<rect x=\"" + SvgNumber(t.x + left - 3) + "\" y=\"" +
            SvgNumber(t.baseline + oy + st.logical.y - 1) + "\" width=\"" + SvgNumber(w + 6) +
            "\" height=\"" + SvgNumber(st.logical.h + 2) + "\" rx=\"3\"";
    Paint(*t.halo, std::nullopt, 1, {});
    out_ += rotate + "/>";
  }
  const char* anchor = t.spec.align == Align::kLeft     ? ""
                       : t.spec.align == Align::kCenter ? " text-anchor=\"middle\""
                                                        : " text-anchor=\"end\"";
  for (const ShapedLine& line : st.lines) {
    if (line.text.empty()) continue;
    double lx = t.x + ox + line.x;
    double ax = t.spec.align == Align::kLeft     ? lx
                : t.spec.align == Align::kCenter ? lx + line.width / 2
                                                 : lx + line.width;
    out_ += "<text x=\"" + SvgNumber(ax) + "\" y=\"" + SvgNumber(t.baseline + oy + line.baseline) +
            "\"";
    out_ += " class=\"" + classes_.Fill(t.ink) + "\"";
    if (t.ink.alpha < 1) out_ += " fill-opacity=\"" + SvgNumber(t.ink.alpha) + "\"";
    out_ += anchor;
    if (t.spec.font.px != m_.style().font_px)
      out_ += " font-size=\"" + SvgNumber(t.spec.font.px) + "\"";
    if (t.spec.font.bold) out_ += " font-weight=\"bold\"";
    if (t.spec.underline) out_ += " text-decoration=\"underline\"";
    out_ += rotate + ">" + HtmlEscape(line.text) + "</text>";
  }
}

// The text of one line: its runs in order, Pango's ellipsis run as "…", without the spaces
// a wrap leaves at its end.
std::string LineText(PangoLayoutLine* line, const char* text) {
  std::string s;
  for (GSList* r = line->runs; r; r = r->next) {
    auto* run = static_cast<PangoGlyphItem*>(r->data);
    if (run->item->analysis.flags & PANGO_ANALYSIS_FLAG_IS_ELLIPSIS) {
      s += "…";
    } else {
      s.append(text + run->item->offset, static_cast<size_t>(run->item->length));
    }
  }
  while (!s.empty() && (s.back() == ' ' || s.back() == '\n' || s.back() == '\t')) s.pop_back();
  return s;
}

}  // namespace

std::string CssFontStack(const std::string& pango_families) {
  std::string out;
  size_t start = 0;
  while (start <= pango_families.size()) {
    size_t end = pango_families.find(',', start);
    if (end == std::string::npos) end = pango_families.size();
    std::string name = pango_families.substr(start, end - start);
    name.erase(0, name.find_first_not_of(' '));
    name.erase(name.find_last_not_of(' ') + 1);
    if (!name.empty() && name.find_first_of("\"\\;{}<>&") == std::string::npos)
      out += "\"" + name + "\",";
    start = end + 1;
  }
  return out + kFallbacks;
}

ShapedText Shape(const TextMeasurer& measurer, const TextSpec& spec) {
  ShapedText out;
  PangoLayout* layout = measurer.NewLayout(measurer.context(), spec);
  PangoRectangle logical;
  pango_layout_get_extents(layout, nullptr, &logical);
  constexpr double kScale = PANGO_SCALE;
  out.logical = {logical.x / kScale, logical.y / kScale, logical.width / kScale,
                 logical.height / kScale};
  out.baseline = pango_layout_get_baseline(layout) / kScale;
  const char* text = pango_layout_get_text(layout);
  PangoLayoutIter* it = pango_layout_get_iter(layout);
  do {
    PangoLayoutLine* line = pango_layout_iter_get_line_readonly(it);
    PangoRectangle ext;
    pango_layout_iter_get_line_extents(it, nullptr, &ext);
    out.lines.push_back({LineText(line, text), ext.x / kScale, ext.width / kScale,
                         pango_layout_iter_get_baseline(it) / kScale});
  } while (pango_layout_iter_next_line(it));
  pango_layout_iter_free(it);
  g_object_unref(layout);
  return out;
}

std::string WriteSvg(const Scene& scene, const TextMeasurer& measurer) {
  Classes classes;
  std::string body;
  Writer writer(measurer, classes, body);
  writer(BoxItem{{0, 0, scene.width, scene.height}, Ink{Role::kBackground, 0, 1}, {}, 1, 0, {}});
  for (const Item& item : scene.items) {
    std::visit(writer, item);
    body += '\n';
  }
  const std::string w = SvgNumber(scene.width), h = SvgNumber(scene.height);
  std::string out =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" "
      "width=\"" +
      w + "px\" height=\"" + h + "px\" viewBox=\"0 0 " + w + " " + h +
      "\" version=\"1.1\" stroke-linejoin=\"round\" font-size=\"" +
      SvgNumber(measurer.style().font_px) + "\">\n<style type=\"text/css\">" +
      classes.Css(CssFontStack(measurer.style().font_family)) + "</style>\n";
  return out + body + "</svg>\n";
}

}  // namespace gg::charts::internal
