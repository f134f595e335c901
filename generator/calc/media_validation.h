// The image and video calculation (calc/media.h) against the published measurements of
// data/genvalidation.json: each case recomputed with its own configuration, its relative error,
// and per kind (peak memory, speed) the median and worst |error|. The guide's methodology page
// shows it (gpu-media-validation); tests/unit/calc_media_validation_test.cc prints it.
// Pure: no I/O, threads, exceptions or locale; built for WebAssembly as well.
//
//   peak_memory     measured GiB or GB → GB; computed = the largest total of the phases the
//                   case covers (all three unless it lists them);
//   step_seconds    measured s/it (or it/s, inverted) against seconds_per_step;
//   total_seconds   measured seconds against total_seconds (denoising + offload transfers).
// Speed also gets a leave-one-source-out check: each speed case recomputed with its efficiency
// class's share of the peak (calc/media.h) fitted as the constants are, the median of achieved ÷
// peak, but over the cases of the other sources only (a case's source is the address its source
// text starts with), so that no publication validates a fit it took part in.
// A case whose pipeline or card is missing, or whose figure cannot be computed, is skipped
// (the loader reports unknown ids).
#pragma once

#include <vector>

#include "calc/media.h"
#include "model/model.h"

namespace gg::calc {

// The request a case describes (its pipeline's default steps when it gives none).
MediaRequest MediaCaseRequest(const MediaCase& c, const MediaPipeline& p);

struct MediaCaseResult {
  const MediaCase* c = nullptr;
  double measured = 0;  // GB or seconds
  double computed = 0;
  double error = 0;  // computed ÷ measured − 1
};

struct MediaValidationKind {
  std::vector<MediaCaseResult> cases;  // in data order
  double median_abs_error = 0;
  double worst_abs_error = 0;
  int within_10 = 0;  // cases with |error| ≤ 10 %
  // Speed only: the median |error| of the leave-one-source-out check, over the cases whose class
  // has cases of another source (loso_cases of them); 0 for memory.
  double loso_median_abs_error = 0;
  int loso_cases = 0;
};

struct MediaValidation {
  MediaValidationKind memory;
  MediaValidationKind speed;
};

MediaValidation ValidateMedia(const Dataset& data, const MediaConstants& k);

}  // namespace gg::calc
