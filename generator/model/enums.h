// The enums of the model as the rest of the program spells them. Each id is written once, in
// model.cc (SegmentId …) or calc/cost.cc (CostBasisId); an EnumSpelling adds on top of it what
// every user needs: the values and ids in order (directive argument schemas, --help, "expected
// one of"), parsing with "did you mean", and the UI-string key of each value's display name
// ("workload.training16", translated in content/<lang>/_strings.json).
//
// Header-only on purpose: calc.wasm is compiled from model/*.cc, and the site publishes it
// byte for byte, so the spelling of the calculator's enums stays in the functions it already
// calls.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/suggest.h"
#include "model/model.h"

namespace gg {

template <typename E>
class EnumSpelling {
 public:
  // noun: how messages name a value ("workload", "cost basis"); ui_prefix: the UI-string
  // prefix of the display names ("workload" → "workload.training16"); id: the spelling.
  EnumSpelling(std::string noun, std::string ui_prefix, std::vector<E> values, const char* (*id)(E))
      : noun_(std::move(noun)), ui_prefix_(std::move(ui_prefix)), values_(std::move(values)) {
    for (E v : values_) ids_.emplace_back(id(v));
  }

  const std::string& Noun() const { return noun_; }
  const std::vector<E>& Values() const { return values_; }      // in order
  const std::vector<std::string>& Ids() const { return ids_; }  // in the same order
  // The id of a value ("" for a value not listed).
  const std::string& Id(E value) const {
    for (size_t i = 0; i < values_.size(); ++i)
      if (values_[i] == value) return ids_[i];
    static const std::string kNone;
    return kNone;
  }
  // The value an id names; nullopt for anything else (ids are case-sensitive).
  std::optional<E> Parse(std::string_view id) const {
    for (size_t i = 0; i < values_.size(); ++i)
      if (ids_[i] == id) return values_[i];
    return std::nullopt;
  }
  // The UI-string key of a value's display name: "<ui_prefix>.<id>".
  std::string UiKey(E value) const { return ui_prefix_ + "." + Id(value); }
  // "unknown workload 'training'; did you mean 'training16'?", or "…; expected one of a, b"
  // when no id is close.
  std::string Unknown(std::string_view word) const {
    std::string hint = DidYouMean(word, ids_);
    if (hint.empty()) hint = "expected one of " + IdList(", ");
    return "unknown " + noun_ + " '" + std::string(word) + "'; " + hint;
  }
  // The ids joined: "consumer, workstation, datacenter".
  std::string IdList(const std::string& separator) const {
    std::string out;
    for (size_t i = 0; i < ids_.size(); ++i) out += (i ? separator : "") + ids_[i];
    return out;
  }

 private:
  std::string noun_, ui_prefix_;
  std::vector<E> values_;
  std::vector<std::string> ids_;
};

inline const EnumSpelling<Segment>& Segments() {
  static const EnumSpelling<Segment> s(
      "segment", "segment", {Segment::kConsumer, Segment::kWorkstation, Segment::kDatacenter},
      SegmentId);
  return s;
}

inline const EnumSpelling<Workload>& Workloads() {
  static const EnumSpelling<Workload> s(
      "workload", "workload", {std::begin(kAllWorkloads), std::end(kAllWorkloads)}, WorkloadId);
  return s;
}

inline const EnumSpelling<Condition>& Conditions() {
  static const EnumSpelling<Condition> s("condition", "condition",
                                         {Condition::kNew, Condition::kUsed}, ConditionId);
  return s;
}

}  // namespace gg
