// Several input errors of one file, raised together so that `arbiter validate` reports them all in one run instead of
// one per run. It is an InputError (located at the first error) whose what() lists every error, one per line, so a
// caller that knows only InputError still prints all of them.
#pragma once

#include "core/error.h"

#include <vector>

namespace arbiter::rulebook {

class InputErrors : public InputError {
public:
    explicit InputErrors(std::vector<InputError> errors);
    const std::vector<InputError>& errors() const { return errors_; }

private:
    std::vector<InputError> errors_;
};

// Collects the errors found while reading one file; each check that fails is recorded and the reading goes on
// wherever what follows does not depend on it.
class ErrorCollector {
public:
    // Runs `check`; an InputError it throws is recorded instead of propagated (an InputErrors adds all of its).
    template <typename Check>
    void attempt(Check&& check) {
        try {
            check();
        } catch (const InputErrors& e) {
            errors_.insert(errors_.end(), e.errors().begin(), e.errors().end());
        } catch (const InputError& e) {
            errors_.push_back(e);
        }
    }
    // Throws what was recorded: nothing for none, the error itself for one, InputErrors for more.
    void throw_if_any() const;

private:
    std::vector<InputError> errors_;
};

}  // namespace arbiter::rulebook
