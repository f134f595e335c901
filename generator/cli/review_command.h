// `gpuguide review [BASE] [--head REF] [--format text|markdown|json] …`: the command line of
// review/ (see review/review.h). Exit 0 when the head builds without errors, 1 when it has
// errors (the report marks those the change added), 2 on a bad command line or when the
// review cannot run (not a git checkout, unknown revision).
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "cli/command_line.h"

namespace gg {

int RunReviewCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace gg
