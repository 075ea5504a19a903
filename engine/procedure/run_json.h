// A run's JSON in parts, for writers that stream a long run ruling by ruling (report/json_stream.h): the object
// `to_json(run)` builds (procedure.h) is run_json_without_rulings with "rulings": [ruling_json of each ruling].
#pragma once

#include "procedure/procedure.h"

#include <nlohmann/json.hpp>

namespace arbiter::procedure {

// Every key of to_json(run) but "rulings".
nlohmann::json run_json_without_rulings(const Run& run);

// One element of to_json(run)["rulings"].
nlohmann::json ruling_json(const Run& run, const Ruling& ruling);

}  // namespace arbiter::procedure
