// The data text translations (content/<lang>/_data_text.json, i18n/data_text.h) against the
// data: a translation whose English text no data field shown through DataTextHtml has any more
// (the note was edited or removed) is reported as a warning at its key, with the closest
// current text as the did-you-mean, so that a stale entry is retranslated or removed rather
// than kept silently. The edited note itself is shown in English, marked, meanwhile.
#pragma once

#include "base/diagnostics.h"
#include "i18n/ui_strings.h"
#include "model/model.h"

namespace gg {

void ValidateDataText(const Dataset& data, const UiStrings& strings, Diagnostics* diags);

}  // namespace gg
