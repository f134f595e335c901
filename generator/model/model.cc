#include "model/model.h"

#include <algorithm>

namespace gg {

const char* SegmentId(Segment s) {
  switch (s) {
    case Segment::kConsumer:
      return "consumer";
    case Segment::kWorkstation:
      return "workstation";
    case Segment::kDatacenter:
      return "datacenter";
  }
  return "";
}

const char* WorkloadId(Workload w) {
  switch (w) {
    case Workload::kInference8:
      return "inference8";
    case Workload::kInference16:
      return "inference16";
    case Workload::kTraining16:
      return "training16";
  }
  return "";
}

const char* ConditionId(Condition c) {
  return c == Condition::kNew ? "new" : "used";
}

const std::vector<std::string>& EstimateMethodIds() {
  static const std::vector<std::string> ids = {
      "launch_price", "list_price",     "carried_forward", "interpolated",    "extrapolated",
      "depreciation", "market_reports", "source_estimate", "source_adjusted", "judgement"};
  return ids;
}

const char* PriceKindId(PriceKind k) {
  switch (k) {
    case PriceKind::kListing:
      return "listing";
    case PriceKind::kSold:
      return "sold";
    case PriceKind::kMsrp:
      return "msrp";
    case PriceKind::kQuote:
      return "quote";
    case PriceKind::kEstimate:
      return "estimate";
  }
  return "listing";
}

const std::vector<std::string>& PriceKindIds() {
  static const std::vector<std::string> ids = {"listing", "sold", "msrp", "quote", "estimate"};
  return ids;
}

std::optional<PriceKind> ParsePriceKind(const std::string& s) {
  for (PriceKind k : {PriceKind::kListing, PriceKind::kSold, PriceKind::kMsrp, PriceKind::kQuote,
                      PriceKind::kEstimate})
    if (s == PriceKindId(k)) return k;
  return std::nullopt;
}

const std::vector<std::string>& PriceRegionIds() {
  static const std::vector<std::string> ids = {"US", "EU", "CN"};
  return ids;
}

std::string RegionCurrency(const std::string& region) {
  if (region == "US") return "USD";
  if (region == "EU") return "EUR";
  if (region == "CN") return "CNY";
  return "";
}

std::optional<Segment> ParseSegment(const std::string& s) {
  for (Segment v : {Segment::kConsumer, Segment::kWorkstation, Segment::kDatacenter})
    if (s == SegmentId(v)) return v;
  return std::nullopt;
}

std::optional<Workload> ParseWorkload(const std::string& s) {
  for (Workload v : kAllWorkloads)
    if (s == WorkloadId(v)) return v;
  return std::nullopt;
}

std::optional<Condition> ParseCondition(const std::string& s) {
  if (s == "new") return Condition::kNew;
  if (s == "used") return Condition::kUsed;
  return std::nullopt;
}

namespace {
template <typename T>
const T* FindById(const std::vector<T>& v, const std::string& id) {
  auto it = std::find_if(v.begin(), v.end(), [&](const T& x) { return x.id == id; });
  return it == v.end() ? nullptr : &*it;
}
}  // namespace

const Gpu* Dataset::FindGpu(const std::string& id) const {
  return FindById(gpus, id);
}
const LlmModel* Dataset::FindModel(const std::string& id) const {
  return FindById(models, id);
}
const CloudOffer* Dataset::FindOffer(const std::string& id) const {
  return FindById(cloud, id);
}
const Persona* Dataset::FindPersona(const std::string& id) const {
  return FindById(personas, id);
}
const Machine* Dataset::FindMachine(const std::string& id) const {
  return FindById(machines, id);
}
const Assumption* Dataset::FindAssumption(const std::string& id) const {
  return FindById(assumptions, id);
}
const Region* Dataset::FindRegion(const std::string& id) const {
  return FindById(regions, id);
}
const MediaPipeline* Dataset::FindPipeline(const std::string& id) const {
  return FindById(media, id);
}

const MediaComponent* MediaPipeline::Find(const std::string& role) const {
  for (const auto& c : components)
    if (c.role == role) return &c;
  return nullptr;
}

}  // namespace gg
