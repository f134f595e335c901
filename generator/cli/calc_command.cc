#include "cli/calc_command.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <sstream>

#include "base/files.h"
#include "base/suggest.h"
#include "calc/enums.h"
#include "calc/memory.h"
#include "calcapi/calc_api.h"
#include "calcapi/hf_config.h"
#include "calcapi/json_text.h"
#include "cli/calc_validation.h"
#include "cli/command_line.h"
#include "model/enums.h"

namespace gg {

namespace {

using Json = nlohmann::ordered_json;
using calcapi::UnknownId;

// ---------------------------------------------------------------- the command line

const OptionDecl kJson = {"--json", "",
                          "print the calculator's JSON answer instead of a table (a refusal too)"};

// With --json, the refusal being built: calcapi's own error answer (Ask), or the problems of a
// --config file (AddConfig); RunCalcCommand prints it on stdout.
thread_local Json* json_refusal = nullptr;

// Prints a JSON answer as calcapi writes one (AnswerText). An argument is any bytes: the fuzzer
// found a refusal echoing one that is not UTF-8, which made a plain dump() throw.
void PrintJson(const Json& j, std::ostream& out) {
  out << calcapi::AnswerText(j);
}
// Every amount in a region's money, on its prices (calcapi: fit, breakeven, rank and media).
const OptionDecl kRegion = {"--region", "ID",
                            "a region of data/regions.json (US, EU, CN): its prices, in its "
                            "currency (default: US dollars)"};
const OptionDecl kRoot = {"--root", "DIR",
                          "project whose data/ to use (default: the current folder)"};

// "a, b or c" of an enum's ids, for the help of its option.
template <typename E>
std::string OneOf(const EnumSpelling<E>& e) {
  const auto& ids = e.Ids();
  std::string text;
  for (size_t i = 0; i < ids.size(); ++i)
    text += (i == 0 ? "" : i + 1 == ids.size() ? " or " : ", ") + ids[i];
  return text;
}

const std::vector<OptionDecl> kModelOptions = {
    {"--model", "ID", "the LLM (an id of data/models.json)"},
    {"--config", "FILE", "instead of --model: a Hugging Face config.json"},
    {"--precision", "P", "format of the weights (calc --help lists them); native: as published"},
    {"--kv-precision", "P", "format of the KV cache"},
    {"--context", "N", "tokens per sequence (training modes: default the training length)"},
    {"--batch", "N", "sequences at once"},
    {"--mode", "M",
     OneOf(calc::MemoryModes()) + " (default " +
         calc::MemoryModes().Id(calc::MemoryMode::kInference) + ")"},
    {"--checkpointing", "", "gradient checkpointing (training modes)"},
    kJson,
    {"--no-flash-attention", "", "without flash attention (a larger compute buffer)"},
    {"--optimizer", "O", OneOf(calc::Optimizers()) + " (training modes)"},
    {"--lora-rank", "N", "rank of the LoRA adapters"},
    {"--engine", "ID",
     "inference engine of data/engines.json, e.g. llama.cpp, llama.cpp/vulkan, vllm, mlx "
     "(default: llama.cpp on the card's default back end)"},
    {"--users", "N", "concurrent users, one sequence each (sets the batch)"},
    {"--prompt", "N", "prompt tokens of the time to first token (default: the context)"},
};

const OptionDecl kMachine = {
    "--machine", "M",
    "desktop, workstation, server-pcie-4 or server-hgx-8 (default: desktop for consumer and "
    "workstation cards, a server for data-centre cards)"};
// The reader's own machine (calcapi/custom_machine.h); --machine names the kind it starts from.
const OptionDecl kSlots = {"--slots", "N",
                           "your own machine: the cards its board takes (with --psu-w, --circuit; "
                           "--machine is the kind it starts from, default desktop)"};
const OptionDecl kPsuW = {"--psu-w", "W", "your own machine: its PSU, watts"};
const OptionDecl kCircuit = {
    "--circuit", "ID",
    "your own machine: its circuit (120v-15a, 120v-20a, 230v-16a, 220v-10a, "
    "220v-16a, 415v-32a-3ph: the circuits of data/machines.json)"};
const OptionDecl kGpus = {"--gpus", "ID,ID,...",
                          "a mixed set of cards in one machine (a 3090 beside a 4090)"};
const OptionDecl kOffload = {"--offload", "M",
                             "none, layers or experts: weights kept in system RAM (default none)"};
const OptionDecl kRamGbs = {"--ram-gbs", "N",
                            "system RAM bandwidth, GB/s (default: the machine's platform)"};
const OptionDecl kRamGb = {"--ram-gb", "N",
                           "your system RAM size, GB (default: the machine's usual fitting)"};

std::vector<OptionDecl> ModelOptionsAnd(std::vector<OptionDecl> more) {
  std::vector<OptionDecl> options = kModelOptions;
  options.insert(options.end(), more.begin(), more.end());
  options.push_back(kRoot);
  return options;
}

}  // namespace

const std::vector<CommandDecl>& CalcCommands() {
  static const std::vector<CommandDecl> commands = {
      {"calc vram", "memory an LLM needs (weights, KV cache, activations, gradients, optimizer)",
       ModelOptionsAnd({kGpus, kMachine, kSlots, kPsuW, kCircuit}), "", ""},
      {"calc fit", "the GPUs, and how many of each, that hold it; price and decode speed",
       ModelOptionsAnd({{"--segment", "S", OneOf(Segments()) + " (repeatable)", true},
                        {"--condition", "C", OneOf(Conditions()) + " (repeatable)", true},
                        {"--max-gpus", "N", "most cards of one GPU tried (default 64)"},
                        kMachine,
                        kSlots,
                        kPsuW,
                        kCircuit,
                        kGpus,
                        kOffload,
                        kRamGbs,
                        kRamGb,
                        {"--min-tps", "N", "leave out configurations decoding below N tokens/s"},
                        kRegion}),
       "", ""},
      {"calc largest",
       "the largest LLM of the data that N cards of one GPU run at a minimum speed",
       {{"--gpu", "ID", "the GPU (an id of data/gpus.json)"},
        {"--count", "N", "how many cards (default 1)"},
        {"--precision", "P", "format of the weights (calc --help lists them)"},
        {"--kv-precision", "P", "format of the KV cache"},
        {"--context", "N", "tokens per sequence (default 8192, capped at each model's maximum)"},
        kMachine,
        kSlots,
        kPsuW,
        kCircuit,
        kOffload,
        kRamGbs,
        kRamGb,
        {"--min-tps", "N", "the lowest decode speed accepted, tokens/s"},
        kJson,
        kRoot},
       "",
       ""},
      {"calc maxctx", "the largest context that fits N cards of one GPU",
       ModelOptionsAnd({{"--gpu", "ID", "the GPU (an id of data/gpus.json)"},
                        {"--count", "N", "how many cards (default 1)"},
                        kMachine,
                        kSlots,
                        kPsuW,
                        kCircuit}),
       "", ""},
      {"calc validation",
       "the speed model against published runs: each case's error, medians per hardware class, "
       "the five worst, and a leave-one-source-out cross-check",
       {kJson, kRoot},
       "",
       ""},
      {"calc media",
       "image and video generation: peak memory by phase, system RAM, time on a GPU",
       {{"--pipeline", "ID", "the pipeline (an id of data/genmodels.json)"},
        {"--precision", "P",
         "format of the denoiser's weights (bf16, fp16, fp8, q8_0, q5_k, q4_k, nvfp4)"},
        {"--encoder-precision", "P", "format of the text encoders' weights (default bf16)"},
        {"--vae-precision", "P", "bf16 (default) or fp32: the VAE's weights and decoding"},
        {"--width", "PX", "image or frame width (default: the pipeline's)"},
        {"--height", "PX", "image or frame height (default: the pipeline's)"},
        {"--frames", "N", "frames of a video (default: the pipeline's)"},
        {"--steps", "N", "denoising steps (default: the pipeline's)"},
        {"--batch", "N", "images or clips at once (default 1)"},
        {"--offload", "M", "none, phases, model or sequential (default none)"},
        {"--tiled-vae", "", "decode the VAE in tiles"},
        {"--no-efficient-attention", "", "without a memory-efficient attention kernel"},
        {"--gpu", "ID", "a GPU of data/gpus.json: whether it fits and how long it takes"},
        kRegion,
        kJson,
        kRoot},
       "",
       ""},
      {"calc breakeven",
       "days of use after which a desktop costs less than renting in the cloud",
       {{"--desktop-cost", "USD", "price of the desktop"},
        {"--desktop-watts", "W", "its power draw under load"},
        {"--gpu", "ID", "instead of the two above: a desktop around this card of data/gpus.json"},
        {"--condition", "C", OneOf(Conditions()) + " (repeatable; the card's price, with --gpu)",
         true},
        {"--cloud-per-hour", "USD", "price of the cloud instance per hour"},
        {"--cloud", "ID", "instead of --cloud-per-hour: an offer of data/cloud.json"},
        {"--utilisation", "FRACTION", "share of the day in use, from 0 to 1"},
        {"--electricity", "USD_PER_KWH", "price of electricity"},
        kRegion,
        kJson,
        kRoot},
       "",
       ""},
      {"calc rank",
       "GPUs by performance, or performance per 1,000 USD",
       {{"--workload", "W", OneOf(Workloads())},
        {"--cost", "C",
         OneOf(calc::CostBases()) + " (default " + calc::CostBases().Id(calc::CostBasis::kGpu) +
             ")"},
        {"--electricity", "USD_PER_KWH", "price of electricity (--cost ownership)"},
        {"--utilisation", "FRACTION", "share of the day in use, 0 to 1 (--cost ownership)"},
        {"--years", "N", "years of electricity counted (--cost ownership)"},
        {"--budget", "USD", "only the cards that cost at most this on the cost basis"},
        {"--segment", "S", OneOf(Segments()) + " (repeatable)", true},
        {"--condition", "C", OneOf(Conditions()) + " (repeatable)", true},
        {"--count", "N", "cards per configuration (default 1)"},
        kRegion,
        kJson,
        kRoot},
       "",
       ""},
  };
  return commands;
}

namespace {

const CommandDecl* FindCalcCommand(const std::string& name) {
  for (const CommandDecl& c : CalcCommands())
    if (c.name == "calc " + name) return &c;
  return nullptr;
}

// "words: a b c …" wrapped at 80 columns, continuation lines indented under the first word.
std::string WrappedList(const std::string& label, const std::vector<std::string>& words) {
  std::string text = label, line = label;
  for (const std::string& w : words) {
    if (line.size() + 1 + w.size() > 80) {
      text += "\n" + std::string(label.size(), ' ') + w;
      line = std::string(label.size(), ' ') + w;
    } else {
      text += (line.size() == label.size() ? "" : " ") + w;
      line += (line.size() == label.size() ? "" : " ") + w;
    }
  }
  return text + "\n";
}

std::string CalcUsage() {
  std::vector<std::string> weights = calc::PrecisionIds();
  weights.push_back("native");
  return CommandList("gpuguide calc", CalcCommands(),
                     "gpuguide calc <command> --help shows the command's options.\n\n" +
                         WrappedList("precisions: ", weights) +
                         WrappedList("KV cache:   ", calc::KvPrecisionIds()) +
                         "exit codes: 0 ok, 1 problems in the data, 2 bad command line\n");
}

struct Options {
  std::map<std::string, std::vector<std::string>> values;  // repeated options accumulate
  std::set<std::string> flags;

  bool Has(const std::string& name) const { return values.count(name) || flags.count(name); }
  const std::string* Last(const std::string& name) const {
    auto it = values.find(name);
    return it == values.end() ? nullptr : &it->second.back();
  }
};

// Parses the subcommand's arguments with the shared command-line parser (cli/command_line.h).
// False with *error set on an unknown option, a missing value, a value given to a flag or a
// stray argument.
bool ParseOptions(const std::vector<std::string>& args, const CommandDecl& decl, Options* out,
                  std::string* error) {
  ParsedArgs parsed;
  if (!ParseCommandLine(decl, args, 1, &parsed, error)) return false;
  for (auto& [name, values] : parsed.values) out->values[name.substr(2)] = values;
  for (const auto& name : parsed.switches) out->flags.insert(name.substr(2));
  return true;
}

bool Require(const Options& o, const std::string& name, const std::string& command,
             std::string* error) {
  if (o.Last(name)) return true;
  *error = "'calc " + command + "' needs --" + name;
  return false;
}

// A finite number >= 0, without sign, spaces or trailing characters ("0.12", "2200", "1e3").
bool ParseAmount(const std::string& name, const std::string& text, double* out,
                 std::string* error) {
  double v = 0;
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, v);
  if (text.empty() || ec != std::errc() || ptr != end || !std::isfinite(v) || v < 0) {
    *error = "option --" + name + " expects a number of at least 0, got '" + text + "'";
    return false;
  }
  *out = v;
  return true;
}

// A whole number >= 1 ("8192").
bool ParseCount(const std::string& name, const std::string& text, int64_t* out,
                std::string* error) {
  int64_t v = 0;
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, v);
  if (text.empty() || ec != std::errc() || ptr != end || v < 1) {
    *error = "option --" + name + " expects a whole number of at least 1, got '" + text + "'";
    return false;
  }
  *out = v;
  return true;
}

// ---------------------------------------------------------------- shared pieces

std::string Fixed(double v, int decimals) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  return buf;
}

// Every value of a repeatable option, each possibly a comma list ("new,used"), as a list.
Json ListOf(const Options& o, const std::string& name) {
  Json list = Json::array();
  auto it = o.values.find(name);
  if (it == o.values.end()) return list;
  for (const std::string& value : it->second) {
    size_t start = 0;
    while (start <= value.size()) {
      size_t comma = value.find(',', start);
      if (comma == std::string::npos) comma = value.size();
      list.push_back(value.substr(start, comma - start));
      start = comma + 1;
    }
  }
  return list;
}

// Asks the calculator (calcapi); prints its errors and returns the exit code, or 0 with the
// result in *result.
// --region into the request (calcapi checks the id and says "did you mean").
void AddRegion(const Options& o, Json* request) {
  if (auto r = o.Last("region")) (*request)["region"] = *r;
}

// The money an answer's amounts are in: the region's currency, else US dollars.
std::string CurrencyOf(const Json& answer) {
  return answer.contains("currency") ? answer["currency"].get<std::string>() : "USD";
}

int Ask(const Dataset& data, const Json& request, Json* result, std::ostream& err) {
  calcapi::Answer a = calcapi::AnswerRequest(data, request);
  if (a.exit_code == calcapi::kOk) {
    *result = std::move(a.body);
    return 0;
  }
  if (json_refusal) *json_refusal = a.body;
  const Json& e = a.body["error"];
  for (const Json& m : e["messages"])
    err << (e["kind"] == "request" ? "error: " : "") << m.get<std::string>() << "\n";
  return a.exit_code;
}

double Num(const Json& v) {
  return v.is_number() ? v.get<double>() : 0.0;
}

// The request fields of vram and fit. The command line checks what only it knows (required
// options, number syntax); the calculator checks ids and ranges.
bool ModelRequest(const Options& o, const std::string& command, Json* request, std::string* error) {
  if (o.Last("model") && o.Last("config")) {
    *error = "give --model or --config, not both";
    return false;
  }
  if ((!o.Last("config") && !Require(o, "model", command, error)) ||
      !Require(o, "precision", command, error))
    return false;
  Json& r = *request;
  r["command"] = command;
  if (o.Last("model")) r["model"] = *o.Last("model");
  r["precision"] = *o.Last("precision");
  if (auto kv = o.Last("kv-precision")) r["kv_precision"] = *kv;
  if (auto mode = o.Last("mode")) r["mode"] = *mode;
  const bool inference = !o.Last("mode") || *o.Last("mode") == "inference";
  if (inference && command != "maxctx" && !Require(o, "context", command, error)) return false;
  int64_t n = 0;
  if (auto context = o.Last("context")) {
    if (!ParseCount("context", *context, &n, error)) return false;
    r["context"] = n;
  }
  if (auto batch = o.Last("batch")) {
    if (!ParseCount("batch", *batch, &n, error)) return false;
    r["batch"] = n;
  }
  if (o.Has("checkpointing")) r["gradient_checkpointing"] = true;
  if (o.Has("no-flash-attention")) r["flash_attention"] = false;
  if (auto opt = o.Last("optimizer")) r["optimizer"] = *opt;
  if (auto rank = o.Last("lora-rank")) {
    if (!ParseCount("lora-rank", *rank, &n, error)) return false;
    r["lora_rank"] = n;
  }
  if (auto engine = o.Last("engine")) r["engine"] = *engine;
  if (auto users = o.Last("users")) {
    if (!ParseCount("users", *users, &n, error)) return false;
    r["users"] = n;
  }
  if (auto prompt = o.Last("prompt")) {
    if (!ParseCount("prompt", *prompt, &n, error)) return false;
    r["prompt_tokens"] = n;
  }
  return true;
}

// The serving line of a configuration (fit, with --users or --prompt or --engine).
void PrintServing(const Json& c, std::ostream& out) {
  const Json& s = c["serving"];
  if (!s.is_object()) return;
  out << "  " << s["users"].get<int64_t>()
      << " user(s): " << Fixed(Num(s["per_user_tokens_per_s"]), 1) << " tokens/s each, "
      << Fixed(Num(s["aggregate_tokens_per_s"]), 1) << " in all"
      << (s["compute_bound"].get<bool>() ? " (compute-bound)" : "") << "; holds "
      << s["max_users"].get<int64_t>() << " sequence(s) of this context";
  if (!s["knee_users"].is_null())
    out << "; compute-bound from " << s["knee_users"].get<int64_t>() << " users";
  out << "\n";
  if (!s["time_to_first_token_s"].is_null())
    out << "  prompt of " << s["prompt_tokens"].get<int64_t>() << " tokens: prefill "
        << Fixed(Num(s["prefill_tokens_per_s"]), 0) << " tokens/s, first token after "
        << Fixed(Num(s["time_to_first_token_s"]), 2) << " s\n";
  const Json& e = c["engine"];
  if (e.is_object()) {
    out << "  engine " << e["id"].get<std::string>() << ": support "
        << e["level"].get<std::string>();
    if (e["reference"].get<bool>())
      out << ", the speed model's reference";
    else if (e["decode_factor"].is_null())
      out << ", no fitted speed factor (fewer than 2 published runs): llama.cpp's speed";
    else
      out << ", decode x " << Fixed(Num(e["decode_factor"]), 2);
    out << "\n";
  }
}

// "FILE:line:col" of a config field ("text_config.hidden_size": the first "hidden_size" key
// after "text_config"), or "FILE" when the key is not in the text.
std::string FieldPlace(const std::string& path, const std::string& text, const std::string& field) {
  size_t from = 0, at = std::string::npos;
  size_t start = 0;
  while (start <= field.size() && !field.empty()) {
    size_t dot = field.find('.', start);
    if (dot == std::string::npos) dot = field.size();
    const std::string key = "\"" + field.substr(start, dot - start) + "\"";
    for (at = text.find(key, from); at != std::string::npos; at = text.find(key, at + 1)) {
      size_t colon = text.find_first_not_of(" \t\r\n", at + key.size());
      if (colon != std::string::npos && text[colon] == ':') break;
    }
    if (at == std::string::npos) return path;
    from = at + key.size();
    start = dot + 1;
  }
  if (at == std::string::npos) return path;
  int line = 1, column = 1;
  calcapi::LineColumn(text, at, &line, &column);
  return path + ":" + std::to_string(line) + ":" + std::to_string(column);
}

// --config FILE: the file's config.json into the request; its problems printed as
// FILE:line:col: error: … (exit 1), as for the guide's own data files.
int AddConfig(const Options& o, Json* request, std::ostream& err) {
  const std::string* path = o.Last("config");
  if (path == nullptr) return 0;
  std::string text;
  if (!ReadWholeFile(*path, &text)) {
    err << *path << ": error: cannot read the file\n";
    return 1;
  }
  Json config;
  // Each problem at its place; with --json, also as {"file", "line", "column", "field",
  // "message"} (line and column null when the field's key is not in the text).
  Json problems = Json::array();
  auto problem = [&](const std::string& place, const std::string& field, const std::string& msg,
                     const std::string& code, const Json& detail) {
    err << place << ": error: " << msg << "\n";
    Json p = {{"file", *path}, {"line", nullptr}, {"column", nullptr}};
    const size_t colon = place.find(':', path->size());
    if (colon != std::string::npos && colon == path->size()) {
      const std::string at = place.substr(colon + 1);
      const size_t mid = at.find(':');
      p["line"] = std::stoi(at.substr(0, mid));
      p["column"] = std::stoi(at.substr(mid + 1));
    }
    p["field"] = field;
    p["code"] = code;
    p["detail"] = detail;
    p["message"] = msg;
    problems.push_back(std::move(p));
  };
  if (auto e = calcapi::ParseJsonText(text, &config)) {
    problem(*path + ":" + std::to_string(e->line) + ":" + std::to_string(e->column), "",
            e->Message(), calcapi::JsonTextErrorCode(*e),
            Json{{"line", e->line}, {"column", e->column}});
  } else {
    const calcapi::HfModel m = calcapi::ModelFromHfConfig(config);
    for (const calcapi::ConfigProblem& p : m.problems)
      problem(FieldPlace(*path, text, p.field), p.field, p.message, p.code, p.detail);
  }
  if (!problems.empty()) {
    if (json_refusal) {
      Json messages = Json::array();
      for (const Json& p : problems) messages.push_back(p["message"]);
      (*json_refusal)["error"] = {{"exit_code", 1},
                                  {"kind", "config"},
                                  {"messages", std::move(messages)},
                                  {"problems", std::move(problems)}};
    }
    return 1;
  }
  (*request)["config"] = std::move(config);
  return 0;
}

// The model's name: from the data, or the architecture a config.json named.
std::string ModelName(const Dataset& data, const Json& answer) {
  const std::string id = answer["model"].get<std::string>();
  const LlmModel* model = data.FindModel(id);
  return model ? model->name + " (" + model->id + ")" : id + " (config.json)";
}

void PrintNotices(const Json& answer, std::ostream& out) {
  if (answer.contains("config"))
    for (const Json& n : answer["config"]["notices"])
      out << "note: " << n.get<std::string>() << "\n";
}

// --slots, --psu-w, --circuit: the reader's own machine, an object in place of the machine id
// (calcapi/custom_machine.h checks it), starting from --machine's kind when given.
int AddCustomMachine(const Options& o, Json* request, std::ostream& err) {
  if (!o.Last("slots") && !o.Last("psu-w") && !o.Last("circuit")) return 0;
  Json m = Json::object();
  if (auto base = o.Last("machine")) m["base"] = *base;
  for (const char* name : {"slots", "psu-w"}) {
    auto text = o.Last(name);
    double v = 0;
    std::string error;
    if (!text) continue;
    if (!ParseAmount(name, *text, &v, &error)) {
      err << "error: " << error << "\n";
      return 2;
    }
    const char* field = std::string(name) == "slots" ? "slots" : "psu_w";
    if (v == std::floor(v) && v < 1e15)
      m[field] = static_cast<int64_t>(v);
    else
      m[field] = v;
  }
  if (auto c = o.Last("circuit")) m["circuit"] = *c;
  (*request)["machine"] = m;
  return 0;
}

// --machine, --gpus, --offload, --ram-gbs, --min-tps into the request (the calculator checks
// the ids); a malformed number is exit 2, as for the other options.
int AddPlacement(const Options& o, Json* request, std::ostream& err) {
  Json& r = *request;
  if (auto m = o.Last("machine")) r["machine"] = *m;
  if (o.Has("gpus")) r["gpus"] = ListOf(o, "gpus");
  if (auto m = o.Last("offload")) r["offload"] = *m;
  if (int code = AddCustomMachine(o, request, err)) return code;
  for (const char* name : {"ram-gbs", "ram-gb", "min-tps"}) {
    auto text = o.Last(name);
    if (!text) continue;
    double v = 0;
    std::string error;
    if (!ParseAmount(name, *text, &v, &error)) {
      err << "error: " << error << "\n";
      return 2;
    }
    std::string field = name;
    std::replace(field.begin(), field.end(), '-', '_');
    if (v == std::floor(v) && v < 1e15)  // a whole number as typed: "got 0", not "got 0.0"
      r[field] = static_cast<int64_t>(v);
    else
      r[field] = v;
  }
  return 0;
}

std::string MachineLabel(const Json& c) {
  const std::string m = c["machine"].is_string() ? c["machine"].get<std::string>() : "";
  if (m.empty()) return "itself";
  const int n = c["machines"].is_number() ? c["machines"].get<int>() : 1;
  return n > 1 ? std::to_string(n) + " x " + m : m;
}

// ---------------------------------------------------------------- subcommands

// What calc/sysram.h decided, in words: the need and the size it was held against.
std::string RamText(const Json& ram) {
  const std::string verdict = ram["verdict"].get<std::string>();
  std::string s = "needs " + Fixed(Num(ram["need_gb"]), 1) + " GB as RAM is sold, " +
                  Fixed(calc::ToGB(Num(ram["need_bytes"])), 1) + " GB of 10^9 bytes (offloaded " +
                  "weights, the engine's host part and " +
                  Fixed(calc::ToGB(Num(ram["reserve_bytes"])), 0) + " GB for the system)";
  auto gb = [&](const char* key) { return Fixed(Num(ram[key]), 0) + " GB"; };
  if (verdict == "fits" && ram["reader_gb"].is_number())
    return s + ": your " + gb("reader_gb") + " hold it";
  if (verdict == "fits" && ram["typical_gb"].is_number())
    return s + ": the machine's usual " + gb("typical_gb") + " hold it";
  if (verdict == "above_typical")
    return s + ": more than the machine's usual " + gb("typical_gb") +
           "; fit at least that much (its board takes up to " + gb("max_gb") + ")";
  if (verdict == "too_small") return s + ": more than your " + gb("reader_gb") + ", not possible";
  if (verdict == "above_max")
    return s + ": more than the machine's board takes (" + gb("max_gb") + "), not possible";
  return s;
}

// A mixed set's answer: the machine's verdict, each card's share, the speed and the warnings.
void PrintMixed(const Json& m, const std::string& money, std::ostream& out) {
  out << "mixed set:";
  for (const Json& id : m["gpus"]) out << " " << id.get<std::string>();
  out << " (" << m["precision"].get<std::string>() << ")\n";
  if (m["build"].is_object()) {
    const Json& b = m["build"];
    out << "  in a " << m["machine"].get<std::string>() << ": " << Fixed(Num(b["power_w"]), 0)
        << " W, "
        << (b["psu_w"].is_null() ? std::string("no PSU large enough")
                                 : Fixed(Num(b["psu_w"]), 0) + " W PSU")
        << ", " << Fixed(Num(b["wall_w"]), 0) << " W at the wall of "
        << Fixed(Num(b["wall_limit_w"]), 0) << ": "
        << (b["limit"] == "fits" ? std::string("fits")
                                 : "does not fit (" + b["limit"].get<std::string>() + ")")
        << "\n";
  }
  for (size_t i = 0; i < m["gpus"].size(); ++i)
    out << "  " << m["gpus"][i].get<std::string>() << ": " << Fixed(100 * Num(m["fractions"][i]), 1)
        << " % of the layers, " << Fixed(calc::ToGB(Num(m["card_bytes"][i])), 2) << " of "
        << Fixed(calc::ToGB(Num(m["usable_bytes"][i])), 2) << " GB\n";
  if (m.contains("offload") && m["offload"].is_object())
    out << "  offload: " << m["offload"]["layers_on_cpu"].get<int>() << " layers in system RAM ("
        << Fixed(calc::ToGB(Num(m["offload"]["ram_bytes"])), 2) << " GB, read at "
        << Fixed(Num(m["offload"]["ram_gbs"]), 1)
        << " GB/s)\n  system RAM: " << RamText(m["offload"]["ram"]) << "\n";
  out << "  " << (m["fits"].get<bool>() ? "fits in memory" : "does not fit in memory");
  if (!m["tokens_per_s"].is_null())
    out << ", " << Fixed(Num(m["tokens_per_s"]), 1) << " tokens/s (the cards one after another)";
  if (!m["price_usd"].is_null()) out << ", " << Fixed(Num(m["price_usd"]), 0) << " " << money;
  out << "\n";
  for (const Json& w : m["warnings"]) {
    const std::string id = w.get<std::string>();
    out << "  warning: "
        << (id == "pcie_lanes" ? "more than two cards in a tower: some sit in x4 or chipset slots"
            : id == "no_p2p"
                ? "cards of different kinds: no peer-to-peer, hand-overs go through "
                  "the host"
                : "NVIDIA beside AMD or Intel: no single CUDA or ROCm build; llama.cpp "
                  "Vulkan or RPC")
        << "\n";
  }
}

int RunVram(const Options& o, const Dataset& data, std::ostream& out, std::ostream& err) {
  std::string error;
  Json request;
  if (!ModelRequest(o, "vram", &request, &error)) {
    err << "error: " << error << "\n";
    return 2;
  }
  if (int code = AddConfig(o, &request, err)) return code;
  if (int code = AddPlacement(o, &request, err)) return code;
  Json j;
  if (int code = Ask(data, request, &j, err)) return code;
  if (o.Has("json")) {
    PrintJson(j, out);
    return 0;
  }
  PrintNotices(j, out);
  out << ModelName(data, j) << ", " << j["mode"].get<std::string>() << ", weights "
      << j["precision"].get<std::string>();
  if (j["mode"] == "inference") out << ", KV cache " << j["kv_precision"].get<std::string>();
  out << ", " << j["context"].get<int64_t>() << " tokens x batch " << j["batch"].get<int64_t>()
      << "\n";
  char line[128];
  std::snprintf(line, sizeof line, "%-12s %12s %12s\n", "part", "GB", "GiB");
  out << line;
  const std::pair<const char*, const char*> rows[] = {{"weights", "weights_bytes"},
                                                      {"kv cache", "kv_cache_bytes"},
                                                      {"activations", "activations_bytes"},
                                                      {"gradients", "gradients_bytes"},
                                                      {"optimizer", "optimizer_bytes"},
                                                      {"overhead", "overhead_bytes"},
                                                      {"total", "total_bytes"}};
  for (const auto& [label, key] : rows) {
    const double bytes = Num(j[key]);
    std::snprintf(line, sizeof line, "%-12s %12s %12s\n", label,
                  Fixed(calc::ToGB(bytes), 2).c_str(), Fixed(calc::ToGiB(bytes), 2).c_str());
    out << line;
  }
  out << "plus " << Fixed(calc::ToGB(Num(j["cuda_context_bytes_per_gpu"])), 2)
      << " GB of CUDA context on each GPU\n";
  if (j.contains("mixed") && j["mixed"].is_object()) PrintMixed(j["mixed"], CurrencyOf(j), out);
  return 0;
}

int RunLargest(const Options& o, const Dataset& data, std::ostream& out, std::ostream& err) {
  std::string error;
  Json request;
  request["command"] = "largest";
  bool ok = Require(o, "gpu", "largest", &error) && Require(o, "precision", "largest", &error) &&
            Require(o, "min-tps", "largest", &error);
  int64_t n = 0;
  if (ok) {
    request["gpu"] = *o.Last("gpu");
    request["precision"] = *o.Last("precision");
    if (auto kv = o.Last("kv-precision")) request["kv_precision"] = *kv;
    if (auto count = o.Last("count")) {
      ok = ParseCount("count", *count, &n, &error);
      request["count"] = n;
    }
    if (auto context = o.Last("context"); ok && context) {
      ok = ParseCount("context", *context, &n, &error);
      request["context"] = n;
    }
  }
  if (!ok) {
    err << "error: " << error << "\n";
    return 2;
  }
  if (int code = AddPlacement(o, &request, err)) return code;
  Json j;
  if (int code = Ask(data, request, &j, err)) return code;
  if (o.Has("json")) {
    PrintJson(j, out);
    return 0;
  }
  out << j["count"].get<int>() << " x " << j["gpu"].get<std::string>() << " ("
      << (j["machine"].get<std::string>().empty() ? std::string("its own machine")
                                                  : j["machine"].get<std::string>())
      << "), " << j["precision"].get<std::string>() << ", offload "
      << j["offload"].get<std::string>() << ", at least " << Fixed(Num(j["min_tps"]), 1)
      << " tokens/s: ";
  if (j["model"].is_null()) {
    out << "no model of the data\n";
    return 0;
  }
  const LlmModel* m = data.FindModel(j["model"].get<std::string>());
  out << (m ? m->name : j["model"].get<std::string>()) << ", " << Fixed(Num(j["tokens_per_s"]), 1)
      << " tokens/s";
  if (j["layers_on_cpu"].get<int>() > 0)
    out << " with " << j["layers_on_cpu"].get<int>() << " layers' "
        << (j["offload"] == "experts" ? "experts" : "weights") << " in system RAM read at "
        << Fixed(Num(j["ram_gbs"]), 1) << " GB/s (" << Fixed(calc::ToGB(Num(j["ram_bytes"])), 1)
        << " GB of RAM needed)";
  out << "\n";
  if (j["ram"].is_object()) out << "system RAM: " << RamText(j["ram"]) << "\n";
  return 0;
}

int RunFit(const Options& o, const Dataset& data, std::ostream& out, std::ostream& err) {
  std::string error;
  Json request;
  bool ok = ModelRequest(o, "fit", &request, &error);
  int64_t max_gpus = 64;
  if (ok && o.Last("max-gpus")) {
    ok = ParseCount("max-gpus", *o.Last("max-gpus"), &max_gpus, &error);
    if (ok && max_gpus > 4096) {
      error = "option --max-gpus expects at most 4096, got '" + *o.Last("max-gpus") + "'";
      ok = false;
    }
    if (ok) request["max_gpus"] = max_gpus;
  }
  if (!ok) {
    err << "error: " << error << "\n";
    return 2;
  }
  if (int code = AddConfig(o, &request, err)) return code;
  if (o.Has("segment")) request["segments"] = ListOf(o, "segment");
  if (o.Has("condition")) request["conditions"] = ListOf(o, "condition");
  if (int code = AddPlacement(o, &request, err)) return code;
  Json j;
  AddRegion(o, &request);
  if (int code = Ask(data, request, &j, err)) return code;
  if (o.Has("json")) {
    PrintJson(j, out);
    return 0;
  }
  PrintNotices(j["memory"], out);
  out << ModelName(data, j["memory"]) << ": "
      << Fixed(calc::ToGB(Num(j["memory"]["total_bytes"])), 2)
      << " GB before the per-GPU CUDA context\n";
  if (j["machine"].is_null())
    out << "machine: a desktop for consumer and workstation cards, server-pcie-4 for data-centre "
           "PCIe cards, server-hgx-8 for SXM/OAM modules (the defaults; --machine to choose)\n";
  else
    out << "machine: " << j["machine"].get<std::string>() << "\n";
  char line[200];
  std::snprintf(line, sizeof line, "%-24s %5s %12s %12s %10s %-18s %8s %8s\n", "gpu", "count",
                "GB/gpu", ("price " + CurrencyOf(j)).c_str(), "tokens/s", "machine", "power W",
                "PSU W");
  out << line;
  for (const Json& c : j["configs"]) {
    std::snprintf(line, sizeof line, "%-24s %5d %12s %12s %10s %-18s %8s %8s\n",
                  c["gpu"].get<std::string>().c_str(), c["count"].get<int>(),
                  Fixed(calc::ToGB(Num(c["per_gpu_bytes"])), 2).c_str(),
                  c["price_usd"].is_null() ? "-" : Fixed(Num(c["price_usd"]), 0).c_str(),
                  c["tokens_per_s"].is_null() ? "-" : Fixed(Num(c["tokens_per_s"]), 1).c_str(),
                  MachineLabel(c).c_str(),
                  c["power_w"].is_null() ? "-" : Fixed(Num(c["power_w"]), 0).c_str(),
                  c["psu_w"].is_null() ? "-" : Fixed(Num(c["psu_w"]), 0).c_str());
    out << line;
    if (c["offload"].is_object())
      out << "    offload: " << c["offload"]["layers_on_cpu"].get<int>()
          << (j["offload"] == "experts" ? " layers' experts" : " layers") << " in system RAM ("
          << Fixed(calc::ToGB(Num(c["offload"]["ram_bytes"])), 2) << " GB, read at "
          << Fixed(Num(c["offload"]["ram_gbs"]), 1) << " GB/s)\n";
    if (c["offload"].is_object() && c["offload"]["ram"].is_object())
      out << "    system RAM: " << RamText(c["offload"]["ram"]) << "\n";
  }
  if (!j["cheapest"].is_null()) {
    out << "cheapest: " << j["cheapest"]["count"].get<int>() << " x "
        << j["cheapest"]["gpu"].get<std::string>() << " for "
        << Fixed(Num(j["cheapest"]["price_usd"]), 0) << " " << CurrencyOf(j) << " in "
        << MachineLabel(j["cheapest"]) << "\n";
    if (o.Last("users") || o.Last("prompt") || o.Last("engine")) PrintServing(j["cheapest"], out);
  }
  if (!j["engine_unsupported"].empty()) {
    out << j["engine"].get<std::string>() << " does not run on:";
    for (const Json& id : j["engine_unsupported"]) out << " " << id.get<std::string>();
    out << "\n";
  }
  if (!j["not_fitting"].empty()) {
    out << "does not fit in " << max_gpus << " GPUs or its machine:";
    for (const Json& id : j["not_fitting"]) out << " " << id.get<std::string>();
    out << "\n";
  }
  if (!j["ram_short"].empty()) {
    out << "not enough system RAM for the offloaded weights:";
    for (const Json& id : j["ram_short"]) out << " " << id.get<std::string>();
    out << "\n";
  }
  if (!j["too_slow"].empty()) {
    out << "below the minimum speed:";
    for (const Json& id : j["too_slow"]) out << " " << id.get<std::string>();
    out << "\n";
  }
  if (j["mixed"].is_object()) PrintMixed(j["mixed"], CurrencyOf(j), out);
  return 0;
}

int RunMaxContext(const Options& o, const Dataset& data, std::ostream& out, std::ostream& err) {
  std::string error;
  Json request;
  bool ok = ModelRequest(o, "maxctx", &request, &error) && Require(o, "gpu", "maxctx", &error);
  if (ok) request["gpu"] = *o.Last("gpu");
  int64_t count = 1;
  if (ok && o.Last("count")) ok = ParseCount("count", *o.Last("count"), &count, &error);
  if (!ok) {
    err << "error: " << error << "\n";
    return 2;
  }
  request["count"] = count;
  if (auto m = o.Last("machine")) request["machine"] = *m;
  if (int code = AddCustomMachine(o, &request, err)) return code;
  if (int code = AddConfig(o, &request, err)) return code;
  Json j;
  if (int code = Ask(data, request, &j, err)) return code;
  if (o.Has("json")) {
    PrintJson(j, out);
    return 0;
  }
  out << j["model"].get<std::string>() << " (" << j["precision"].get<std::string>() << ", KV cache "
      << j["kv_precision"].get<std::string>() << ") on " << count << " x "
      << j["gpu"].get<std::string>() << ": ";
  const std::string limit = j["limited_by"].get<std::string>();
  if (limit == "weights")
    out << "does not fit, even with 256 tokens of context\n";
  else
    out << j["max_context"].get<int64_t>() << " tokens"
        << (limit == "model" ? " (the model's maximum)" : "") << "\n";
  if (j["build"].is_object() && j["build"]["limit"] != "fits")
    out << "but a " << j["machine"].get<std::string>() << " does not hold " << count << " of them ("
        << j["build"]["limit"].get<std::string>() << ")\n";
  if (j.contains("engine") && !j["engine"]["runs"].get<bool>())
    out << j["engine"]["id"].get<std::string>() << " does not run on "
        << j["gpu"].get<std::string>() << " (support: " << j["engine"]["level"].get<std::string>()
        << ")\n";
  return 0;
}

int RunBreakeven(const Options& o, const Dataset& data, std::ostream& out, std::ostream& err) {
  std::string error;
  Json request;
  request["command"] = "breakeven";
  // The desktop's figures unless --gpu prices it, the cloud's price unless --cloud names it
  // (given both ways, the request says what is wrong).
  std::vector<std::pair<const char*, const char*>> fields;
  if (!o.Last("gpu") || o.Last("desktop-cost") || o.Last("desktop-watts"))
    fields = {{"desktop-cost", "desktop_cost_usd"}, {"desktop-watts", "desktop_watts"}};
  if (!o.Last("cloud") || o.Last("cloud-per-hour"))
    fields.emplace_back("cloud-per-hour", "cloud_usd_per_hour");
  fields.emplace_back("utilisation", "utilisation");
  fields.emplace_back("electricity", "electricity_usd_per_kwh");
  if (o.Last("gpu")) {
    request["gpu"] = *o.Last("gpu");
    if (o.Has("condition")) request["conditions"] = ListOf(o, "condition");
  }
  if (o.Last("cloud")) request["cloud"] = *o.Last("cloud");
  for (const auto& [name, key] : fields) {
    double v = 0;
    if (!Require(o, name, "breakeven", &error) || !ParseAmount(name, *o.Last(name), &v, &error)) {
      err << "error: " << error << "\n";
      return 2;
    }
    request[key] = v;
  }
  if (request["utilisation"].get<double>() > 1) {
    err << "error: option --utilisation expects a fraction between 0 and 1, got '"
        << *o.Last("utilisation") << "'\n";
    return 2;
  }
  Json j;
  AddRegion(o, &request);
  if (int code = Ask(data, request, &j, err)) return code;
  if (o.Has("json")) {
    PrintJson(j, out);
    return 0;
  }
  const std::string money = CurrencyOf(j);
  out << "desktop: " << Fixed(Num(j["desktop_cost_usd"]), 2) << " " << money << ", "
      << Fixed(Num(j["desktop_watts"]), 0)
      << " W; cloud: " << Fixed(Num(j["cloud_usd_per_hour"]), 2) << " " << money << " per hour\n";
  out << "electricity: " << Fixed(Num(j["electricity_kwh_per_year"]), 0) << " kWh, "
      << Fixed(Num(j["electricity_usd_per_year"]), 2) << " " << money << " per year\n";
  if (!j["break_even_days"].is_null())
    out << "break-even after " << Fixed(Num(j["break_even_days"]), 0) << " days ("
        << Fixed(Num(j["break_even_months"]), 1) << " months)\n";
  else
    out << "no break-even: a day in the cloud costs no more than a day of electricity\n";
  return 0;
}

int RunRank(const Options& o, const Dataset& data, std::ostream& out, std::ostream& err) {
  std::string error;
  Json request;
  request["command"] = "rank";
  int64_t count = 1;
  bool ok = Require(o, "workload", "rank", &error);
  if (ok) request["workload"] = *o.Last("workload");
  if (ok && o.Last("cost")) request["cost"] = *o.Last("cost");
  if (ok && o.Last("count")) {
    ok = ParseCount("count", *o.Last("count"), &count, &error);
    if (ok && count > 4096) {
      error = "option --count expects at most 4096, got '" + *o.Last("count") + "'";
      ok = false;
    }
    request["count"] = count;
  }
  if (!ok) {
    err << "error: " << error << "\n";
    return 2;
  }
  if (o.Has("segment")) request["segments"] = ListOf(o, "segment");
  if (o.Has("condition")) request["conditions"] = ListOf(o, "condition");
  for (const auto& [name, key] : {std::pair{"electricity", "electricity_usd_per_kwh"},
                                  std::pair{"utilisation", "utilisation"},
                                  std::pair{"years", "years"}, std::pair{"budget", "budget_usd"}}) {
    double v = 0;
    if (!o.Last(name)) continue;
    if (!ParseAmount(name, *o.Last(name), &v, &error)) {
      err << "error: " << error << "\n";
      return 2;
    }
    request[key] = v;
  }
  Json j;
  AddRegion(o, &request);
  if (int code = Ask(data, request, &j, err)) return code;
  if (o.Has("json")) {
    PrintJson(j, out);
    return 0;
  }
  out << j["workload"].get<std::string>() << ", relative to " << j["baseline"].get<std::string>()
      << ", cost basis " << j["cost"].get<std::string>() << "\n";
  char line[160];
  std::snprintf(line, sizeof line, "%4s  %-24s %8s %-9s %12s %10s %s\n", "rank", "gpu", "perf",
                "source", ("cost " + CurrencyOf(j)).c_str(), ("perf/k" + CurrencyOf(j)).c_str(),
                "pareto");
  out << line;
  for (const Json& e : j["ranking"]) {
    std::snprintf(line, sizeof line, "%4d  %-24s %8s %-9s %12s %10s %s\n", e["rank"].get<int>(),
                  e["gpu"].get<std::string>().c_str(), Fixed(Num(e["relative_perf"]), 2).c_str(),
                  e["source"].get<std::string>().c_str(),
                  e["cost_usd"].is_null() ? "-" : Fixed(Num(e["cost_usd"]), 0).c_str(),
                  e["perf_per_kusd"].is_null() ? "-" : Fixed(Num(e["perf_per_kusd"]), 3).c_str(),
                  e["pareto"].get<bool>() ? "*" : "");
    out << line;
  }
  return 0;
}

int RunMedia(const Options& o, const Dataset& data, std::ostream& out, std::ostream& err) {
  std::string error;
  Json request;
  request["command"] = "media";
  bool ok = Require(o, "pipeline", "media", &error) && Require(o, "precision", "media", &error) &&
            Require(o, "width", "media", &error) && Require(o, "height", "media", &error);
  if (ok) {
    request["pipeline"] = *o.Last("pipeline");
    request["precision"] = *o.Last("precision");
    if (auto p = o.Last("encoder-precision")) request["encoder_precision"] = *p;
    if (auto p = o.Last("vae-precision")) request["vae_precision"] = *p;
    const std::pair<const char*, const char*> counts[] = {{"width", "width"},
                                                          {"height", "height"},
                                                          {"frames", "frames"},
                                                          {"steps", "steps"},
                                                          {"batch", "batch"}};
    for (const auto& [flag, field] : counts) {
      int64_t n = 0;
      if (!ok || !o.Last(flag)) continue;
      ok = ParseCount(flag, *o.Last(flag), &n, &error);
      if (ok) request[field] = n;
    }
    if (auto m = o.Last("offload")) request["offload"] = *m;
    if (o.Has("tiled-vae")) request["tiled_vae"] = true;
    if (o.Has("no-efficient-attention")) request["efficient_attention"] = false;
    if (auto g = o.Last("gpu")) request["gpu"] = *g;
  }
  if (!ok) {
    err << "error: " << error << "\n";
    return 2;
  }
  Json j;
  AddRegion(o, &request);
  if (int code = Ask(data, request, &j, err)) return code;
  if (o.Has("json")) {
    PrintJson(j, out);
    return 0;
  }
  out << j["pipeline"].get<std::string>() << ", " << j["precision"].get<std::string>()
      << " weights (encoders " << j["encoder_precision"].get<std::string>() << "), "
      << j["width"].get<int64_t>() << " x " << j["height"].get<int64_t>();
  if (j["kind"] == "video") out << ", " << j["frames"].get<int64_t>() << " frames";
  out << ", " << j["steps"].get<int64_t>() << " steps x " << j["passes"].get<int64_t>()
      << " passes, batch " << j["batch"].get<int64_t>() << ", offload "
      << j["offload"].get<std::string>() << (j["tiled_vae"].get<bool>() ? ", tiled VAE" : "")
      << "\n";
  out << Fixed(Num(j["tokens"]["attention_tokens"]), 0) << " tokens in attention ("
      << Fixed(Num(j["tokens"]["image_tokens"]), 0) << " latent)\n";
  char line[160];
  std::snprintf(line, sizeof line, "%-14s %10s %12s %10s %10s\n", "phase", "weights GB",
                "activations", "total GB", "RAM GB");
  out << line;
  for (const Json& ph : j["phases"]) {
    std::snprintf(line, sizeof line, "%-14s %10s %12s %10s %10s\n",
                  ph["phase"].get<std::string>().c_str(),
                  Fixed(calc::ToGB(Num(ph["weights_bytes"])), 2).c_str(),
                  Fixed(calc::ToGB(Num(ph["activation_bytes"])), 2).c_str(),
                  Fixed(calc::ToGB(Num(ph["total_bytes"])), 2).c_str(),
                  Fixed(calc::ToGB(Num(ph["host_bytes"])), 2).c_str());
    out << line;
  }
  out << "peak " << Fixed(calc::ToGB(Num(j["peak_bytes"])), 2) << " GB ("
      << j["peak_phase"].get<std::string>() << ") plus "
      << Fixed(calc::ToGB(Num(j["cuda_context_bytes"])), 2) << " GB of CUDA context; "
      << Fixed(calc::ToGB(Num(j["host_bytes"])), 2) << " GB of weights in system RAM\n";
  if (j.contains("gpu")) {
    const Json& g = j["gpu"];
    out << g["id"].get<std::string>() << ": " << (g["fits"].get<bool>() ? "fits" : "does not fit")
        << " (" << Fixed(calc::ToGB(Num(g["usable_bytes"])), 1) << " GB usable); "
        << Fixed(Num(g["seconds_per_step"]), 2) << " s per step, "
        << Fixed(Num(g["total_seconds"]), 1) << " s in all";
    if (!g["seconds_per_video_second"].is_null())
      out << ", " << Fixed(Num(g["seconds_per_video_second"]), 1) << " s per second of video";
    out << " (estimate)\n";
  }
  // The cards that hold it (calc/media_cards.h): the three cheapest and how many in all.
  const Json& cards = j["cards"];
  out << cards.size() << " cards hold it"
      << (j["machine"].is_null() ? "" : " in a " + j["machine"].get<std::string>());
  for (size_t i = 0; i < cards.size() && i < 3; ++i) {
    const Json& c = cards[i];
    out << (i ? ", " : "; cheapest first: ") << c["gpu"].get<std::string>();
    if (!c["price_usd"].is_null())
      out << " (" << (c["price_estimated"].get<bool>() ? "~" : "") << Fixed(Num(c["price_usd"]), 0)
          << " " << CurrencyOf(j) << ")";
  }
  out << "\n";
  return 0;
}

}  // namespace

int RunCalcCommand(const std::vector<std::string>& args, const Dataset& data, std::ostream& out,
                   std::ostream& err) {
  return RunCalcCommand(
      args, [&data](const std::string&, Dataset* d) { return *d = data, true; }, out, err);
}

static int RunCalcCommandText(const std::vector<std::string>& args, const DatasetLoader& load,
                              std::ostream& out, std::ostream& err);

// With --json, a refusal is JSON on stdout, as calcapi answers it ({"error": {"exit_code",
// "kind", "messages", …}}), whatever refused: the options, the config file or the calculator.
int RunCalcCommand(const std::vector<std::string>& args, const DatasetLoader& load,
                   std::ostream& out, std::ostream& err) {
  if (std::find(args.begin(), args.end(), "--json") == args.end())
    return RunCalcCommandText(args, load, out, err);
  Json refusal;
  std::ostringstream text;
  json_refusal = &refusal;
  const int code = RunCalcCommandText(args, load, out, text);
  json_refusal = nullptr;
  if (code == 0) {
    err << text.str();
    return 0;
  }
  if (!refusal.contains("error")) {  // refused by the command line itself, or by the data
    Json messages = Json::array();
    std::istringstream lines(text.str());
    for (std::string line; std::getline(lines, line);)
      if (!line.empty()) messages.push_back(line.rfind("error: ", 0) == 0 ? line.substr(7) : line);
    refusal["error"] = {{"exit_code", code},
                        {"kind", code == 2 ? "request" : "data"},
                        {"messages", std::move(messages)}};
  }
  PrintJson(refusal, out);
  return code;
}

static int RunCalcCommandText(const std::vector<std::string>& args, const DatasetLoader& load,
                              std::ostream& out, std::ostream& err) {
  if (args.empty()) {
    err << "error: 'calc' needs a command\n" << CalcUsage();
    return 2;
  }
  const std::string& command = args[0];
  if (command == "--help" || command == "-h" || command == "help") {
    out << CalcUsage();
    return 0;
  }
  const CommandDecl* decl = FindCalcCommand(command);
  for (const std::string& a : args)
    if (a == "--help" || a == "-h") {
      out << (decl ? CommandHelp(*decl) : CalcUsage());
      return 0;
    }
  if (!decl) {
    std::vector<std::string> names;
    for (const CommandDecl& c : CalcCommands()) names.push_back(c.name.substr(5));
    std::sort(names.begin(), names.end());
    err << "error: " << UnknownId("calc command", command, names) << "\n";
    return 2;
  }
  Options options;
  std::string error;
  if (!ParseOptions(args, *decl, &options, &error)) {
    err << "error: " << error << "\n";
    return 2;
  }
  Dataset data;
  if (!load(options.Last("root") ? *options.Last("root") : ".", &data)) return 1;
  if (command == "vram") return RunVram(options, data, out, err);
  if (command == "fit") return RunFit(options, data, out, err);
  if (command == "largest") return RunLargest(options, data, out, err);
  if (command == "maxctx") return RunMaxContext(options, data, out, err);
  if (command == "breakeven") return RunBreakeven(options, data, out, err);
  if (command == "media") return RunMedia(options, data, out, err);
  if (command == "validation") return RunCalcValidation(data, options.Has("json"), out, err);
  return RunRank(options, data, out, err);
}

}  // namespace gg
