#include "charts/flowchart.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "charts/frame.h"

namespace gg::charts {
namespace {

using namespace internal;

constexpr double kPadX = 10;  // text to box edge
constexpr double kPadY = 7;
constexpr double kHGap = 16;         // between neighbouring boxes (nodes and edge labels)
constexpr double kVClear = 4;        // boxes closer than this vertically must not share x
constexpr double kBusDrop = 10;      // parent level bottom → horizontal bus
constexpr double kArrow = 7;         // arrowhead length
constexpr double kStackIndent = 14;  // compact form: trunk x from the parent's left edge
constexpr double kStackGap = 8;      // compact form: between stacked leaves
constexpr double kMaxLabelWidth = 150;

struct Graph {
  std::vector<std::vector<int>> children;
  std::vector<int> parent;   // -1 for roots
  std::vector<int> in_edge;  // spec edge leading to the node, -1 for roots
  std::vector<int> roots;
  std::vector<bool> placed;
  std::vector<int> depth;
  std::vector<std::string> problems;
};

Graph BuildGraph(const FlowchartSpec& spec) {
  Graph g;
  const size_t n = spec.nodes.size();
  g.children.resize(n);
  g.parent.assign(n, -1);
  g.in_edge.assign(n, -1);
  g.placed.assign(n, false);
  g.depth.assign(n, 0);
  std::map<std::string, int> index;
  std::vector<bool> duplicate(n, false);
  for (size_t i = 0; i < n; ++i) {
    if (!index.emplace(spec.nodes[i].id, static_cast<int>(i)).second) {
      duplicate[i] = true;
      g.problems.push_back("duplicate node id '" + spec.nodes[i].id + "'");
    }
  }
  for (size_t e = 0; e < spec.edges.size(); ++e) {
    const FlowEdge& edge = spec.edges[e];
    auto from = index.find(edge.from), to = index.find(edge.to);
    std::string where = "edge " + edge.from + " -> " + edge.to + ": ";
    if (from == index.end()) {
      g.problems.push_back(where + "unknown node '" + edge.from + "'");
    } else if (to == index.end()) {
      g.problems.push_back(where + "unknown node '" + edge.to + "'");
    } else if (from->second == to->second) {
      g.problems.push_back(where + "a node cannot be its own child");
    } else if (g.parent[to->second] != -1) {
      g.problems.push_back(where + "'" + edge.to + "' already has a parent; edge ignored");
    } else {
      g.parent[to->second] = from->second;
      g.in_edge[to->second] = static_cast<int>(e);
      g.children[from->second].push_back(to->second);
    }
  }
  // Roots in node order, then depth-first from them; nodes on a cycle have a parent but are
  // never reached.
  for (size_t i = 0; i < n; ++i) {
    if (g.parent[i] == -1 && !duplicate[i]) g.roots.push_back(static_cast<int>(i));
  }
  std::vector<int> stack(g.roots.rbegin(), g.roots.rend());
  while (!stack.empty()) {
    int v = stack.back();
    stack.pop_back();
    g.placed[v] = true;
    for (auto it = g.children[v].rbegin(); it != g.children[v].rend(); ++it) {
      g.depth[*it] = g.depth[v] + 1;
      stack.push_back(*it);
    }
  }
  for (size_t i = 0; i < n; ++i) {
    if (!g.placed[i] && !duplicate[i]) {
      g.problems.push_back("node '" + spec.nodes[i].id + "' is not reachable from a root (cycle)");
    }
  }
  return g;
}

// Paints a finished layout: edges with arrowheads, then boxes and their text, then edge labels
// on a halo. specs and label_specs are the text specs the layout's texts were placed with.
void Draw(const FlowchartLayout& L, const std::vector<TextSpec>& specs,
          const std::vector<TextSpec>& label_specs, Scene* scene) {
  const size_t n = L.nodes.size();
  for (const auto& e : L.edges) {
    std::vector<Point> pts = e.path;
    Point tip = pts.back(), prev = pts[pts.size() - 2];
    double len = std::hypot(tip.x - prev.x, tip.y - prev.y);
    double ux = len > 0 ? (tip.x - prev.x) / len : 0, uy = len > 0 ? (tip.y - prev.y) / len : 1;
    pts.back() = {tip.x - ux * (kArrow - 1), tip.y - uy * (kArrow - 1)};
    LineItem line;
    line.pts = pts;
    line.stroke = Ink{Role::kAxis, 0, 1};
    line.line_width = 1.5;
    scene->Add(line);
    LineItem head;
    head.pts = {tip,
                {tip.x - ux * kArrow - uy * 4, tip.y - uy * kArrow + ux * 4},
                {tip.x - ux * kArrow + uy * 4, tip.y - uy * kArrow - ux * 4}};
    head.closed = true;
    head.fill = Ink{Role::kAxis, 0, 1};
    scene->Add(head);
  }
  for (size_t i = 0; i < n; ++i) {
    if (!L.nodes[i].placed) continue;
    const auto& node = L.nodes[i];
    BoxItem box{node.rect, std::nullopt, std::nullopt, 1.5, 8, {}};
    switch (node.kind) {
      case NodeKind::kQuestion:
        box.fill = Tint(kBlue);
        box.stroke = Hue(kBlue);
        break;
      case NodeKind::kAnswer:
        box.fill = Tint(kGreen);
        box.stroke = Hue(kGreen);
        box.line_width = 2.5;
        box.radius = std::min(node.rect.h / 2, 16.0);
        break;
      case NodeKind::kText:
        box.fill = Ink{Role::kBackground, 0, 1};
        box.stroke = Muted();
        box.dash = {4, 3};
        break;
    }
    box.r = box.r.Inflated(-box.line_width / 2);
    scene->Add(box);
    scene->Text(specs[i], node.text, Text());
  }
  for (const auto& e : L.edges) {
    if (e.label.text.empty()) continue;
    scene->Text(label_specs[e.to], e.label, Muted(), Ink{Role::kBackground, 0, 1});
  }
}

// One layout attempt for a given wrap width and form.
class Attempt {
 public:
  Attempt(const FlowchartSpec& spec, const Graph& g, TextMeasurer& m, double text_width,
          bool compact, double top)
      : spec_(spec), g_(g), m_(m), compact_(compact), text_width_(text_width) {
    const size_t n = spec.nodes.size();
    const Font font = Body(m), bold = BodyBold(m);
    specs_.resize(n);
    label_specs_.resize(n);
    w_.assign(n, 0);
    h_.assign(n, 0);
    lw_.assign(n, 0);
    lh_.assign(n, 0);
    y_.assign(n, 0);
    offset_.assign(n, 0);
    x_.assign(n, 0);
    stacked_.assign(n, false);
    label_rel_.assign(n, Rect{});
    double max_lh = 0;
    for (size_t i = 0; i < n; ++i) {
      if (!g.placed[i]) continue;
      const FlowNode& node = spec.nodes[i];
      specs_[i] = {node.text, node.kind == NodeKind::kAnswer ? bold : font, Align::kCenter,
                   text_width, std::max(1, spec.max_lines)};
      if (specs_[i].max_lines == 1) specs_[i].max_lines = 2;  // 1 would mean "ellipsise"
      TextMetrics tm = m.Measure(specs_[i]);
      w_[i] = std::max(tm.width + 2 * kPadX, 48.0);
      h_[i] = tm.height + 2 * kPadY;
      if (g.in_edge[i] >= 0 && !spec.edges[g.in_edge[i]].label.empty()) {
        label_specs_[i] = {spec.edges[g.in_edge[i]].label, font, Align::kCenter, kMaxLabelWidth, 1};
        TextMetrics lm = m.Measure(label_specs_[i]);
        lw_[i] = lm.width + 6;  // room for the halo
        lh_[i] = lm.height;
        max_lh = std::max(max_lh, lh_[i]);
      }
    }
    for (size_t i = 0; i < n; ++i) {
      if (g.placed[i] && g.parent[i] >= 0 && IsStackGroup(g.parent[i])) stacked_[i] = true;
    }
    // Levels: heights from the nodes that are not stacked.
    int max_depth = 0;
    for (size_t i = 0; i < n; ++i) {
      if (g.placed[i]) max_depth = std::max(max_depth, g.depth[i]);
    }
    std::vector<double> level_h(max_depth + 1, 0);
    for (size_t i = 0; i < n; ++i) {
      if (g.placed[i] && !stacked_[i]) level_h[g.depth[i]] = std::max(level_h[g.depth[i]], h_[i]);
    }
    band_ = kBusDrop + 5 + max_lh + 5 + kArrow + 2;
    level_top_.assign(max_depth + 1, top);
    for (int d = 1; d <= max_depth; ++d) level_top_[d] = level_top_[d - 1] + level_h[d - 1] + band_;
    level_bottom_.resize(max_depth + 1);
    for (int d = 0; d <= max_depth; ++d) level_bottom_[d] = level_top_[d] + level_h[d];
    for (size_t i = 0; i < n; ++i) {
      if (g.placed[i] && !stacked_[i]) y_[i] = level_top_[g.depth[i]];
    }

    // Horizontal placement: roots merged like the children of a virtual root.
    std::vector<std::vector<Rect>> parts;
    for (int r : g.roots) parts.push_back(Subtree(r));
    std::vector<double> pos = Merge(g.roots, parts, nullptr);
    for (size_t k = 0; k < g.roots.size(); ++k) Place(g.roots[k], pos[k]);
  }

  // Every box (nodes and edge labels) in absolute coordinates.
  std::vector<Rect> AllBoxes() const {
    std::vector<Rect> out;
    for (size_t i = 0; i < w_.size(); ++i) {
      if (!g_.placed[i]) continue;
      out.push_back(NodeRect(i));
      if (lw_[i] > 0) out.push_back(LabelRect(i));
    }
    return out;
  }
  double Width() const {
    double lo = INFINITY, hi = -INFINITY;
    for (const Rect& r : AllBoxes()) lo = std::min(lo, r.x), hi = std::max(hi, r.Right());
    return std::isfinite(lo) ? hi - lo : 0;
  }
  void ShiftX(double dx) {
    for (double& x : x_) x += dx;
  }
  double MinX() const {
    double lo = INFINITY;
    for (const Rect& r : AllBoxes()) lo = std::min(lo, r.x);
    return std::isfinite(lo) ? lo : 0;
  }
  double Bottom() const {
    double hi = 0;
    for (const Rect& r : AllBoxes()) hi = std::max(hi, r.Bottom());
    return hi;
  }

  Rect NodeRect(size_t i) const { return {x_[i] - w_[i] / 2, y_[i], w_[i], h_[i]}; }
  Rect LabelRect(size_t i) const {
    return {x_[i] + label_rel_[i].x, label_rel_[i].y, label_rel_[i].w, label_rel_[i].h};
  }

  void Fill(FlowchartLayout* L, Scene* scene) {
    const size_t n = spec_.nodes.size();
    L->text_width = text_width_;
    L->compact = compact_;
    L->nodes.clear();
    L->edges.clear();
    for (size_t i = 0; i < n; ++i) {
      FlowchartLayout::Node node;
      node.id = spec_.nodes[i].id;
      node.kind = spec_.nodes[i].kind;
      node.href = spec_.nodes[i].href;
      node.placed = g_.placed[i];
      node.depth = g_.depth[i];
      node.parent = g_.parent[i];
      node.stacked = stacked_[i];
      if (node.placed) {
        node.rect = NodeRect(i);
        node.text = m_.PlaceCentered(specs_[i], node.rect.CenterX(), node.rect.CenterY());
      }
      L->nodes.push_back(node);
    }
    // Edges in spec order.
    std::vector<int> by_edge(spec_.edges.size(), -1);
    for (size_t i = 0; i < n; ++i) {
      if (g_.placed[i] && g_.in_edge[i] >= 0) by_edge[g_.in_edge[i]] = static_cast<int>(i);
    }
    for (int c : by_edge) {
      if (c < 0) continue;
      int p = g_.parent[c];
      Rect P = NodeRect(p), C = NodeRect(c);
      FlowchartLayout::Edge e;
      e.from = p;
      e.to = c;
      if (stacked_[c]) {
        double trunk = P.x + kStackIndent;
        e.path = {{trunk, P.Bottom()}, {trunk, C.CenterY()}, {C.x, C.CenterY()}};
      } else {
        double bus = level_bottom_[g_.depth[p]] + kBusDrop;
        if (std::abs(P.CenterX() - C.CenterX()) < 0.5) {
          e.path = {{P.CenterX(), P.Bottom()}, {C.CenterX(), C.y}};
        } else {
          e.path = {{P.CenterX(), P.Bottom()},
                    {P.CenterX(), bus},
                    {C.CenterX(), bus},
                    {C.CenterX(), C.y}};
        }
      }
      if (lw_[c] > 0) {
        Rect lr = LabelRect(c);
        e.label = m_.PlaceCentered(label_specs_[c], lr.CenterX(), lr.CenterY());
      }
      L->edges.push_back(e);
    }

    Draw(*L, specs_, label_specs_, scene);
  }

 private:
  bool IsStackGroup(int v) const {
    const auto& ch = g_.children[v];
    if (!compact_ || ch.size() < 2) return false;
    return std::all_of(ch.begin(), ch.end(), [&](int c) { return g_.children[c].empty(); });
  }

  // Packs child subtrees left to right, each as close as its boxes allow; returns each child's
  // centre relative to the first child's. Boxes end up in *acc (relative to the same origin).
  std::vector<double> Merge(const std::vector<int>& kids,
                            const std::vector<std::vector<Rect>>& parts,
                            std::vector<Rect>* acc_out) {
    std::vector<Rect> acc;
    std::vector<double> pos;
    for (size_t k = 0; k < kids.size(); ++k) {
      double s = 0;
      if (k > 0) {
        s = -INFINITY;
        for (const Rect& a : acc) {
          for (const Rect& b : parts[k]) {
            if (a.y < b.Bottom() + kVClear && b.y < a.Bottom() + kVClear) {
              s = std::max(s, a.Right() + kHGap - b.x);
            }
          }
        }
        if (!std::isfinite(s)) s = pos.back() + kHGap;
      }
      pos.push_back(s);
      for (Rect b : parts[k]) {
        b.x += s;
        acc.push_back(b);
      }
    }
    if (acc_out) *acc_out = std::move(acc);
    return pos;
  }

  // Boxes of v's subtree relative to v's centre x (absolute y). Sets offset_ of descendants.
  std::vector<Rect> Subtree(int v) {
    const auto& ch = g_.children[v];
    Rect self{-w_[v] / 2, y_[v], w_[v], h_[v]};
    if (ch.empty()) return {self};
    std::vector<Rect> boxes;
    if (IsStackGroup(v)) {
      double trunk = -w_[v] / 2 + kStackIndent;
      double lw = 0;
      for (int c : ch) lw = std::max(lw, lw_[c]);
      double label_x = trunk + 6;
      double leaf_left = label_x + (lw > 0 ? lw + 4 : 0) + kArrow + 2;
      double cur = y_[v] + h_[v] + kStackGap + 4;
      double last_mid = cur;
      for (int c : ch) {
        y_[c] = cur;
        offset_[c] = leaf_left + w_[c] / 2;
        double mid = cur + h_[c] / 2;
        label_rel_[c] = {label_x - offset_[c], mid - lh_[c] / 2, lw_[c], lh_[c]};
        boxes.push_back({leaf_left, cur, w_[c], h_[c]});
        if (lw_[c] > 0) boxes.push_back({label_x, mid - lh_[c] / 2, lw_[c], lh_[c]});
        last_mid = mid;
        cur += h_[c] + kStackGap;
      }
      boxes.push_back({trunk - 1, y_[v] + h_[v], 2, last_mid - y_[v] - h_[v]});
      boxes.push_back(self);
      return boxes;
    }
    std::vector<std::vector<Rect>> parts;
    for (int c : ch) {
      std::vector<Rect> part = Subtree(c);
      if (lw_[c] > 0) {
        double top = level_bottom_[g_.depth[v]] + kBusDrop + 5;
        label_rel_[c] = {-lw_[c] / 2, top, lw_[c], lh_[c]};
        part.push_back(label_rel_[c]);
      }
      parts.push_back(std::move(part));
    }
    std::vector<Rect> acc;
    std::vector<double> pos = Merge(ch, parts, &acc);
    double centre = (pos.front() + pos.back()) / 2;
    for (size_t k = 0; k < ch.size(); ++k) offset_[ch[k]] = pos[k] - centre;
    for (Rect& r : acc) r.x -= centre;
    acc.push_back(self);
    return acc;
  }

  void Place(int v, double x) {
    x_[v] = x;
    for (int c : g_.children[v]) Place(c, x + offset_[c]);
  }

  const FlowchartSpec& spec_;
  const Graph& g_;
  TextMeasurer& m_;
  bool compact_;
  double text_width_;
  double band_ = 0;
  std::vector<TextSpec> specs_, label_specs_;
  std::vector<double> w_, h_, lw_, lh_, y_, offset_, x_;
  std::vector<bool> stacked_;
  std::vector<Rect> label_rel_;  // edge label box: x relative to the child's centre, absolute y
  std::vector<double> level_top_, level_bottom_;
};

struct Built {
  FlowchartLayout layout;
  Scene scene;
};

Built Build(const FlowchartSpec& spec, const Style& style_in) {
  TextMeasurer m(style_in);
  const Style& style = m.style();
  Built out;
  FlowchartLayout& L = out.layout;
  Scene& scene = out.scene;
  scene.width = style.width;
  double top = AddTitle(scene, m, spec.title, kPad) + 4;

  Graph g = BuildGraph(spec);
  L.problems = g.problems;
  double tw_max = std::max(spec.max_text_width, 40.0);
  double tw_min = std::clamp(spec.min_text_width, 40.0, tw_max);
  // Full form at the widest text, then narrower; then compact form, narrowing in 10 px steps.
  std::vector<std::pair<double, bool>> tries = {{tw_max, false}, {(tw_max + tw_min) / 2, false}};
  for (double tw = tw_max; tw > tw_min; tw -= 10) tries.push_back({tw, true});
  tries.push_back({tw_min, true});
  const double avail = style.width - 2 * kPad;
  std::optional<Attempt> best;
  for (const auto& [tw, compact] : tries) {
    Attempt a(spec, g, m, tw, compact, top);
    bool fits = a.Width() <= avail;
    if (!best || fits || a.Width() < best->Width()) best.emplace(std::move(a));
    if (fits) break;
  }
  Attempt& a = *best;
  double width = a.Width();
  L.overflow = width > avail + 0.01;
  scene.width = std::max(style.width, std::ceil(width + 2 * kPad));
  a.ShiftX((scene.width - width) / 2 - a.MinX());
  a.Fill(&L, &scene);
  scene.height = std::max(a.Bottom(), top) + kPad;
  return out;
}

constexpr double kOutlineIndent = 22;  // outline form: a child's left edge past its parent's
constexpr double kOutlineTrunk = 9;    // outline form: trunk x from the parent's left edge
constexpr double kOutlineGap = 6;      // outline form: between a box and the next row

Built BuildOutline(const FlowchartSpec& spec, const Style& style_in) {
  TextMeasurer m(style_in);
  const Style& style = m.style();
  Built out;
  FlowchartLayout& L = out.layout;
  Scene& scene = out.scene;
  scene.width = style.width;
  double y = AddTitle(scene, m, spec.title, kPad) + 4;
  Graph g = BuildGraph(spec);
  L.problems = g.problems;
  L.compact = true;
  const size_t n = spec.nodes.size();
  const Font font = Body(m), bold = BodyBold(m);
  std::vector<TextSpec> specs(n), label_specs(n);
  std::vector<TextBox> labels(n);
  L.nodes.resize(n);
  for (size_t i = 0; i < n; ++i) {
    auto& node = L.nodes[i];
    node.id = spec.nodes[i].id;
    node.kind = spec.nodes[i].kind;
    node.href = spec.nodes[i].href;
    node.placed = g.placed[i];
    node.depth = g.depth[i];
    node.parent = g.parent[i];
    node.stacked = node.parent >= 0;
  }
  // Depth-first, children in edge order: the order of the text version.
  std::vector<int> stack(g.roots.rbegin(), g.roots.rend());
  std::vector<int> order;
  while (!stack.empty()) {
    int v = stack.back();
    stack.pop_back();
    order.push_back(v);
    for (auto it = g.children[v].rbegin(); it != g.children[v].rend(); ++it) stack.push_back(*it);
  }
  // Deep trees keep at least 120 px of box: the indent shrinks rather than the text.
  int max_depth = 0;
  for (int v : order) max_depth = std::max(max_depth, g.depth[v]);
  const double avail = style.width - 2 * kPad;
  const double indent =
      max_depth > 0 ? std::min(kOutlineIndent, std::max(0.0, avail - 120) / max_depth) : 0;
  for (int v : order) {
    auto& node = L.nodes[v];
    const double x = kPad + g.depth[v] * indent;
    const double w = style.width - kPad - x;
    if (g.in_edge[v] >= 0 && !spec.edges[g.in_edge[v]].label.empty()) {
      label_specs[v] = {spec.edges[g.in_edge[v]].label, font, Align::kLeft, w, 1};
      TextMetrics lm = m.Measure(label_specs[v]);
      labels[v] = m.Place(label_specs[v], x + 2, y + lm.baseline);
      y += lm.height + 2;
    }
    specs[v] = {spec.nodes[v].text, node.kind == NodeKind::kAnswer ? bold : font, Align::kLeft,
                w - 2 * kPadX, std::max(2, spec.max_lines + 4)};
    TextMetrics tm = m.Measure(specs[v]);
    node.rect = {x, y, w, tm.height + 2 * kPadY};
    node.text = m.Place(specs[v], x + kPadX, y + kPadY + tm.baseline);
    y += node.rect.h + kOutlineGap;
  }
  // Edges in spec order: down the parent's trunk, then right into the child.
  for (size_t e = 0; e < spec.edges.size(); ++e) {
    for (size_t c = 0; c < n; ++c) {
      if (g.in_edge[c] != static_cast<int>(e) || !g.placed[c]) continue;
      const Rect P = L.nodes[g.parent[c]].rect, C = L.nodes[c].rect;
      FlowchartLayout::Edge edge;
      edge.from = g.parent[c];
      edge.to = static_cast<int>(c);
      const double trunk = P.x + std::min(kOutlineTrunk, indent / 2);
      edge.path = {{trunk, P.Bottom()}, {trunk, C.CenterY()}, {C.x, C.CenterY()}};
      edge.label = labels[c];
      L.edges.push_back(edge);
    }
  }
  Draw(L, specs, label_specs, &scene);
  scene.height = y - kOutlineGap + kPad;
  return out;
}

}  // namespace

FlowchartLayout Layout(const FlowchartSpec& spec, const Style& style) {
  return (spec.outline ? BuildOutline(spec, style) : Build(spec, style)).layout;
}

Rendered<FlowchartLayout> Render(const FlowchartSpec& spec, const Style& style) {
  Built b = spec.outline ? BuildOutline(spec, style) : Build(spec, style);
  internal::Accessibility a11y{spec.title, spec.description, {}};
  if (spec.embed_links) {
    for (size_t i = 0; i < b.layout.nodes.size(); ++i) {
      const auto& node = b.layout.nodes[i];
      if (!node.placed || node.href.empty()) continue;
      std::string label = spec.nodes[i].text;
      std::replace(label.begin(), label.end(), '\n', ' ');
      a11y.links.push_back({node.rect.x, node.rect.y, node.rect.w, node.rect.h, node.href, label});
    }
  }
  Rendered<FlowchartLayout> out;
  static_cast<RenderedChart&>(out) = internal::RenderScene(b.scene, style, a11y);
  out.layout = std::move(b.layout);
  return out;
}

}  // namespace gg::charts
