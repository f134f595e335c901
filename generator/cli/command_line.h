// The one argument parser of the gpuguide command line. Every command declares its options
// (name, value placeholder, help, repeatable) and positional words once; the same declaration
// parses the arguments and prints --help, so the two cannot disagree. Errors are one line
// with a did-you-mean for a mistyped option; the caller prints them and exits 2.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

namespace gg {

struct OptionDecl {
  std::string name;   // with the dashes: "--root"
  std::string value;  // placeholder of its value ("DIR"); "" for a switch
  std::string help;
  bool repeatable = false;  // values accumulate (--segment a --segment b)
};

struct CommandDecl {
  std::string name;     // as typed after "gpuguide": "build", "calc vram"
  std::string summary;  // one line, for the command list
  std::vector<OptionDecl> options;
  std::string positional;  // placeholder of the positional words ("FILE..."); "" for none
  std::string details;     // paragraph printed after the options in --help
};

struct ParsedArgs {
  std::map<std::string, std::vector<std::string>> values;  // option -> values, in order
  std::set<std::string> switches;
  std::vector<std::string> positional;

  bool Has(const std::string& option) const {
    return values.count(option) > 0 || switches.count(option) > 0;
  }
  // The last value given for the option, or nullptr.
  const std::string* Last(const std::string& option) const;
  std::string Or(const std::string& option, const std::string& fallback) const;
};

// Parses args[start..] against the declaration: "--name value", "--name=value", switches,
// and positional words when the command takes them. "--help" is always accepted (a switch).
// False with *error ("unknown option '--outt' for 'build'; did you mean '--out'?", "option
// --jobs needs a value", "option --json takes no value", "unexpected argument 'x' for 'build'").
bool ParseCommandLine(const CommandDecl& decl, const std::vector<std::string>& args, size_t start,
                      ParsedArgs* out, std::string* error);

// "usage: gpuguide build [--root DIR] …" followed by one line per option.
std::string CommandHelp(const CommandDecl& decl);
// "usage: gpuguide <command> …" and the list of commands with their summaries.
std::string CommandList(const std::string& prefix, const std::vector<CommandDecl>& commands,
                        const std::string& footer);

// A whole number in [min, max], the whole word; false otherwise.
bool ParseIntOption(const std::string& text, long min, long max, long* out);

}  // namespace gg
