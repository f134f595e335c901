// Decision-tree layout: no overlaps, children below their parents, wide trees compacted.
#include <catch2/catch.hpp>

#include <algorithm>

#include "charts/flowchart.h"

namespace gg::charts {
namespace {

FlowchartSpec BuyingTree(int extra_leaves = 0) {
  FlowchartSpec s;
  s.title = "Which GPU should I buy?";
  s.description = "A decision tree.";
  auto node = [&](const std::string& id, const std::string& text, NodeKind kind) {
    s.nodes.push_back({id, text, kind, kind == NodeKind::kAnswer ? "#gpu-" + id : ""});
  };
  auto edge = [&](const std::string& a, const std::string& b, const std::string& label) {
    s.edges.push_back({a, b, label});
  };
  node("q1", "Do you want to train models, or only run them?", NodeKind::kQuestion);
  node("q2", "Budget above $1500?", NodeKind::kQuestion);
  node("q3", "Large models (70B) at home?", NodeKind::kQuestion);
  node("q4", "Need more than 24 GB on one card?", NodeKind::kQuestion);
  node("q5", "Budget above $600?", NodeKind::kQuestion);
  node("q6", "Need fast iteration?", NodeKind::kQuestion);
  node("rtx4090", "RTX 4090", NodeKind::kAnswer);
  node("rtx6000", "RTX 6000 Ada", NodeKind::kAnswer);
  node("rtx3090u", "Used RTX 3090", NodeKind::kAnswer);
  node("dual3090", "2× used RTX 3090", NodeKind::kAnswer);
  node("rtx4060ti", "RTX 4060 Ti 16 GB", NodeKind::kAnswer);
  node("rtx3060", "RTX 3060 12 GB", NodeKind::kAnswer);
  node("rtx4070ts", "RTX 4070 Ti Super", NodeKind::kAnswer);
  node("cloud", "Rent in the cloud\nfor occasional large jobs", NodeKind::kText);
  edge("q1", "q2", "train");
  edge("q1", "q3", "run only");
  edge("q2", "q4", "yes");
  edge("q2", "q6", "no");
  edge("q4", "rtx6000", "yes");
  edge("q4", "rtx4090", "no");
  edge("q4", "cloud", "occasionally");
  edge("q6", "rtx4070ts", "yes");
  edge("q6", "rtx3090u", "no, cheaper");
  edge("q3", "dual3090", "yes");
  edge("q3", "q5", "no");
  edge("q5", "rtx4060ti", "yes");
  edge("q5", "rtx3060", "no");
  for (int i = 0; i < extra_leaves; ++i) {
    std::string id = "x" + std::to_string(i);
    node(id, "Option " + std::to_string(i), NodeKind::kAnswer);
    edge(i % 2 ? "q6" : "q5", id, i % 3 ? "maybe" : "if cheaper");
  }
  return s;
}

void CheckTidy(const FlowchartLayout& L, double width) {
  std::vector<Rect> boxes;
  for (const auto& n : L.nodes) {
    if (n.placed) boxes.push_back(n.rect);
  }
  for (const auto& e : L.edges) {
    if (!e.label.text.empty()) boxes.push_back(e.label.box);
  }
  for (size_t i = 0; i < boxes.size(); ++i) {
    CHECK(boxes[i].x >= 0);
    CHECK(boxes[i].Right() <= width);
    for (size_t j = i + 1; j < boxes.size(); ++j) {
      INFO("boxes " << i << " and " << j);
      CHECK_FALSE(boxes[i].Intersects(boxes[j]));
    }
  }
  for (const auto& n : L.nodes) {
    if (!n.placed || n.parent < 0) continue;
    const auto& p = L.nodes[n.parent];
    INFO(n.id << " under " << p.id);
    CHECK(n.rect.y >= p.rect.Bottom());  // children below parents
    CHECK(n.depth == p.depth + 1);
    CHECK(n.text.box.Right() <= n.rect.Right());  // text inside its box
    CHECK(n.text.box.x >= n.rect.x);
  }
  for (const auto& e : L.edges) {  // edges start on the parent and end on the child
    CHECK(L.nodes[e.from].rect.Inflated(0.5).Contains(e.path.front()));
    CHECK(L.nodes[e.to].rect.Inflated(0.5).Contains(e.path.back()));
  }
}

TEST_CASE("Flowchart: a wide page gets the full top-down form", "[charts][flowchart]") {
  Style style;
  style.width = 1400;
  FlowchartLayout L = Layout(BuyingTree(), style);
  CHECK(L.problems.empty());
  CHECK_FALSE(L.compact);
  CHECK_FALSE(L.overflow);
  CheckTidy(L, style.width);
  // Parents are centred over their first and last child; children left to right in edge order.
  for (size_t i = 0; i < L.nodes.size(); ++i) {
    std::vector<const FlowchartLayout::Node*> kids;
    for (const auto& e : L.edges) {
      if (e.from == static_cast<int>(i)) kids.push_back(&L.nodes[e.to]);
    }
    if (kids.empty()) continue;
    double mid = (kids.front()->rect.CenterX() + kids.back()->rect.CenterX()) / 2;
    CHECK(L.nodes[i].rect.CenterX() == Approx(mid).margin(0.01));
    for (size_t k = 1; k < kids.size(); ++k) CHECK(kids[k]->rect.x > kids[k - 1]->rect.Right());
  }
}

TEST_CASE("Flowchart: narrower pages wrap text, then stack leaves", "[charts][flowchart]") {
  for (int extra : {0, 11}) {
    for (double width : {760.0, 560.0}) {
      INFO("width " << width << " extra " << extra);
      Style style;
      style.width = width;
      Rendered<FlowchartLayout> r = Render(BuyingTree(extra), style);
      const FlowchartLayout& L = r.layout;
      CHECK(L.problems.empty());
      CHECK(r.width == (L.overflow ? r.width : width));
      CheckTidy(L, r.width);
      if (L.compact) {
        bool any_stacked = false;
        for (const auto& n : L.nodes) any_stacked = any_stacked || n.stacked;
        CHECK(any_stacked);
      }
    }
  }
  FlowchartLayout wide = Layout(BuyingTree(11), Style{});  // 25 leaves in 760 px
  CHECK(wide.compact);
  CHECK_FALSE(wide.overflow);
}

TEST_CASE("Flowchart: a tree too wide for the page overflows instead of overlapping",
          "[charts][flowchart]") {
  Style style;
  style.width = 360;
  Rendered<FlowchartLayout> r = Render(BuyingTree(4), style);
  CHECK(r.layout.overflow);
  CHECK(r.width > 360);
  CheckTidy(r.layout, r.width);
}

TEST_CASE("Flowchart: the outline form fits a phone at any size of tree", "[charts][flowchart]") {
  for (int extra : {0, 4, 11}) {
    Style style;
    style.width = 360;
    FlowchartSpec spec = BuyingTree(extra);
    spec.outline = true;
    Rendered<FlowchartLayout> r = Render(spec, style);
    const FlowchartLayout& L = r.layout;
    INFO("extra " << extra);
    CHECK(L.problems.empty());
    CHECK_FALSE(L.overflow);
    CHECK(r.width == 360);
    CheckTidy(L, r.width);
    // One row per node in depth-first order (the text version's), each child indented past
    // its parent, and the edge labels above their child.
    std::vector<const FlowchartLayout::Node*> rows;
    for (const auto& n : L.nodes) rows.push_back(&n);
    std::sort(rows.begin(), rows.end(), [](auto* a, auto* b) { return a->rect.y < b->rect.y; });
    CHECK(rows.front()->id == "q1");
    CHECK(rows[1]->id == "q2");  // q1's first answer, then its subtree
    CHECK(rows[2]->id == "q4");
    for (const auto& n : L.nodes) {
      if (n.parent >= 0) CHECK(n.rect.x > L.nodes[n.parent].rect.x);
    }
    for (const auto& e : L.edges) {
      if (e.label.text.empty()) continue;
      CHECK(e.label.box.Bottom() <= L.nodes[e.to].rect.y);
    }
  }
}

TEST_CASE("Flowchart: bad edges are reported and skipped", "[charts][flowchart]") {
  FlowchartSpec s;
  s.nodes = {{"a", "A", NodeKind::kQuestion, ""}, {"b", "B", NodeKind::kAnswer, ""},
             {"c", "C", NodeKind::kAnswer, ""},   {"d", "D", NodeKind::kQuestion, ""},
             {"e", "E", NodeKind::kQuestion, ""}, {"a", "dup", NodeKind::kText, ""}};
  s.edges = {{"a", "b", "yes"}, {"a", "zzz", "no"}, {"c", "b", ""}, {"a", "c", ""},
             {"d", "e", ""},    {"e", "d", ""},     {"b", "b", ""}};
  FlowchartLayout L = Layout(s, Style{});
  CHECK(L.problems == std::vector<std::string>{
                          "duplicate node id 'a'",
                          "edge a -> zzz: unknown node 'zzz'",
                          "edge c -> b: 'b' already has a parent; edge ignored",
                          "edge b -> b: a node cannot be its own child",
                          "node 'd' is not reachable from a root (cycle)",
                          "node 'e' is not reachable from a root (cycle)",
                      });
  CHECK(L.nodes[0].placed);
  CHECK(L.nodes[1].placed);
  CHECK(L.nodes[2].placed);
  CHECK_FALSE(L.nodes[3].placed);  // d <-> e is a cycle
  CHECK_FALSE(L.nodes[4].placed);
  CHECK_FALSE(L.nodes[5].placed);  // duplicate id
  CHECK(L.edges.size() == 2);
  CheckTidy(L, 760);
}

TEST_CASE("Flowchart: a cycle is reported, not drawn", "[charts][flowchart]") {
  FlowchartSpec s;
  s.nodes = {{"r", "Root", NodeKind::kQuestion, ""},
             {"x", "X", NodeKind::kQuestion, ""},
             {"y", "Y", NodeKind::kQuestion, ""}};
  s.edges = {{"x", "y", ""}, {"y", "x", ""}};
  FlowchartLayout L = Layout(s, Style{});
  CHECK(L.nodes[0].placed);
  CHECK_FALSE(L.nodes[1].placed);
  CHECK_FALSE(L.nodes[2].placed);
  CHECK(L.problems.size() == 2);
}

TEST_CASE("Flowchart: links are returned, and embedded on request", "[charts][flowchart]") {
  FlowchartSpec spec = BuyingTree();
  Rendered<FlowchartLayout> plain = Render(spec, Style{});
  int linked = 0;
  for (const auto& n : plain.layout.nodes) linked += n.href.empty() ? 0 : 1;
  CHECK(linked == 7);
  CHECK(plain.svg.find("<a ") == std::string::npos);
  CHECK(plain.svg.find("role=\"img\"") != std::string::npos);
  spec.embed_links = true;
  Rendered<FlowchartLayout> linkedr = Render(spec, Style{});
  size_t count = 0;
  for (size_t p = 0; (p = linkedr.svg.find("<a xlink:href=\"#gpu-", p)) != std::string::npos; ++p)
    ++count;
  CHECK(count == 7);
  CHECK(linkedr.svg.find("aria-label=\"RTX 4090\"") != std::string::npos);
  CHECK(linkedr.svg.find("role=\"group\"") != std::string::npos);
}

}  // namespace
}  // namespace gg::charts
