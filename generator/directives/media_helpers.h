// Shared by the image and video directives (gpu-media-fit, gpu-chart media-speed, the GPU
// page's "what it runs"): the constants of data/genmodels.json, the pipelines a call names,
// and how a fit (calc/media_fit.h) reads in a cell.
#pragma once

#include <string>
#include <vector>

#include "calc/media_fit.h"
#include "directives/directive.h"

namespace gg {

// The constants, or nullopt after a.Fail (data/genmodels.json incomplete).
std::optional<calc::MediaConstants> MediaConstantsOf(const Args& a, const PageContext& ctx);

// The pipelines named by the comma-separated `pipelines=` argument, in the written order; with
// none written, every pipeline of `kind` in data order. An unknown id fails the call with a
// did-you-mean (the result then holds the others).
std::vector<const MediaPipeline*> PipelinesOf(const Args& a, const PageContext& ctx,
                                              const std::string& kind);

// The card's fit for the guide's standard request (calc::StandardMediaRequest).
calc::MediaFit StandardFit(const MediaPipeline& p, const std::string& precision, const Gpu& g,
                           const calc::MediaConstants& k, const PageContext& ctx);

// "phases", "model + tiled VAE", … in the page's language.
std::string MediaModeLabel(const calc::MediaMode& m, const PageContext& ctx);
// A duration: seconds below 120 s, minutes above.
std::string MediaDuration(double seconds, const PageContext& ctx);
// A cell: "mode · time" as an answer (<data> with its question), or "—" when nothing fits.
std::string MediaFitCellHtml(const MediaPipeline& p, const std::string& precision, const Gpu& g,
                             const calc::MediaFit& f, const PageContext& ctx);
// "1,024 × 1,024" or "1,280 × 720, 5 s": the standard request of a kind, in words.
std::string MediaSizeLabel(const std::string& kind, const PageContext& ctx);
// "BF16", "FP8", "GGUF Q4_K", … as practitioners write the formats.
std::string MediaPrecisionName(const std::string& precision);

}  // namespace gg
