#pragma once
#include <hbcast/calibration/network_fit.hpp>

#include <string>

namespace hbcast::calibration {

/// The fit report as Markdown: inputs, the platform found (groups, host links, backbones,
/// uplinks, links between groups), the size factors, the residuals per size and the worst pairs,
/// every concurrent test (measured against the model's max-min rates, and what the fit read from
/// it), then the assumptions made where data was missing, the warnings and the readers' notes.
std::string fit_report_markdown(const Calibration& calibration);

/// Every residual, one CSV row per measured figure: src,dst,kind,bytes,measured_s,model_s,relative,source.
std::string residuals_csv(const Calibration& calibration);

/// A few lines for the terminal: hosts, groups, factors, the largest residuals, warnings.
std::string fit_summary(const Calibration& calibration);

}  // namespace hbcast::calibration
