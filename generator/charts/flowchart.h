// Decision tree ("which GPU should I buy?"): questions, answers (GPU picks, optionally linking
// to the GPU's row in a table) and text leaves, drawn top-down with children centred under
// their parents. Node sizes come from the shaped text, wrapped to a maximum width.
//
// Width. (Outline form: see FlowchartSpec::outline.) When the tree does not fit style.width, the layout retries with narrower text, then
// in compact form, where a parent whose children are all leaves lists them in a column below
// it (joined by a bracket) instead of side by side. If even that is too wide the SVG is made
// wider than asked and `overflow` is set (the caller can let it scroll horizontally).
//
// Links. Cairo cannot emit <a>. Render returns every node's rectangle and href, so the caller
// can build an HTML image map or overlay; with spec.embed_links the SVG also gets, after the
// drawing, one transparent <a xlink:href><rect/></a> per linked node (clickable when the SVG is
// inlined or embedded with <object>; an <img> never follows links). The root then has
// role="group" instead of role="img" so the links stay reachable by keyboard and screen readers.
#pragma once

#include <string>
#include <vector>

#include "charts/common.h"

namespace gg::charts {

enum class NodeKind { kQuestion, kAnswer, kText };

struct FlowNode {
  std::string id;
  std::string text;  // already translated; "\n" forces a line break
  NodeKind kind = NodeKind::kQuestion;
  std::string href;  // optional, usually for answers ("#gpu-rtx-4090")
};

struct FlowEdge {
  std::string from;
  std::string to;
  std::string label;  // the answer leading there: "yes", "no", "cheaper?"
};

struct FlowchartSpec {
  std::string title;
  std::string description;
  std::vector<FlowNode> nodes;
  // Parent → child; a node's children are drawn left to right in edge order. Each node has at
  // most one parent; nodes without one are roots, drawn side by side in node order.
  std::vector<FlowEdge> edges;
  double max_text_width = 170;  // node text wraps here (and at min_text_width when too wide)
  double min_text_width = 100;
  int max_lines = 6;  // per node; further text is ellipsised
  bool embed_links = false;
  // Outline form, for phones: one node per row in depth-first order, indented by depth, each
  // box as wide as the row allows; an edge runs down a trunk from the parent's left side to
  // its child, with the answer written above the child. Never wider than style.width.
  bool outline = false;
};

struct FlowchartLayout {
  struct Node {
    std::string id;
    NodeKind kind = NodeKind::kQuestion;
    std::string href;
    bool placed = false;  // false for nodes that are unreachable (cycles) or duplicates
    int depth = 0;
    int parent = -1;       // index into nodes, -1 for roots
    bool stacked = false;  // listed in a column under its parent (compact form)
    Rect rect;
    TextBox text;
  };
  struct Edge {
    int from = 0;  // indices into nodes
    int to = 0;
    std::vector<Point> path;  // polyline from the parent's box to the child's box
    TextBox label;            // empty text when the edge has no label
  };
  std::vector<Node> nodes;            // same order as spec.nodes
  std::vector<Edge> edges;            // the edges drawn, in spec order
  std::vector<std::string> problems;  // unknown ids, second parents, cycles, duplicate ids
  double text_width = 0;              // wrap width finally used
  bool compact = false;
  bool overflow = false;  // wider than style.width even in compact form
};

FlowchartLayout Layout(const FlowchartSpec& spec, const Style& style);
Rendered<FlowchartLayout> Render(const FlowchartSpec& spec, const Style& style);

}  // namespace gg::charts
