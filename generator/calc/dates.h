// The calendar functions calc uses, from base/dates.h.
#pragma once

#include "base/dates.h"

namespace gg::calc {
using gg::DaysFromCivil;
using gg::ParseIsoDate;
}  // namespace gg::calc
