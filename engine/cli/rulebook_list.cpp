#include "cli/rulebook_list.h"

#include <iostream>
#include <set>
#include <sstream>

namespace arbiter::cli {

std::optional<std::vector<std::string>> rulebook_ids(const std::string& list, const std::string& command) {
    std::vector<std::string> ids;
    std::set<std::string> named;
    std::stringstream items(list);
    for (std::string id; std::getline(items, id, ',');) {
        if (id.empty()) continue;
        if (!named.insert(id).second) {
            std::cerr << "arbiter: " << command << ": --rulebooks names '" << id
                      << "' twice; expected each rulebook once\n";
            return std::nullopt;
        }
        ids.push_back(id);
    }
    return ids;
}

}  // namespace arbiter::cli
