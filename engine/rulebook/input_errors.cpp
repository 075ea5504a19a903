#include "rulebook/input_errors.h"

#include <stdexcept>

namespace arbiter::rulebook {

namespace {

// The first error's message, then every other error's full "file:line:column: message" on its own line, so that
// what() (the location followed by this) reads as one error per line.
std::string joined(const std::vector<InputError>& errors) {
    if (errors.empty()) throw std::logic_error("InputErrors needs at least one error");
    std::string out = errors.front().message();
    for (std::size_t i = 1; i < errors.size(); ++i) out += std::string("\n") + errors[i].what();
    return out;
}

}  // namespace

InputErrors::InputErrors(std::vector<InputError> errors)
    : InputError(errors.empty() ? SourceLocation{} : errors.front().where(), joined(errors)), errors_(std::move(errors)) {}

void ErrorCollector::throw_if_any() const {
    if (errors_.empty()) return;
    if (errors_.size() == 1) throw errors_.front();
    throw InputErrors(errors_);
}

}  // namespace arbiter::rulebook
