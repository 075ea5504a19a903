#include "cli/rulebook_list.h"

#include "rulebook/suggest.h"

#include <algorithm>
#include <iostream>
#include <set>

namespace arbiter::cli {

std::optional<std::vector<std::string>> rulebook_ids(const std::string& list, const std::string& command) {
    std::vector<std::string> ids;
    std::set<std::string> named;
    // An empty item among ids (`a,,b`, a trailing comma) is refused rather than skipped: it is most often an id
    // left out by mistake. A list of commas alone names nothing, which each command reports in its own words.
    if (list.find_first_not_of(',') == std::string::npos) return ids;
    std::size_t item = 0;
    for (std::size_t begin = 0;; ++item) {
        const std::size_t end = std::min(list.find(',', begin), list.size());
        const std::string id = list.substr(begin, end - begin);
        if (id.empty()) {
            std::cerr << "arbiter: " << command << ": --rulebooks has an empty item (item " << item + 1
                      << "); expected rulebook ids separated by single commas\n";
            return std::nullopt;
        }
        if (!named.insert(id).second) {
            std::cerr << "arbiter: " << command << ": --rulebooks names '" << id
                      << "' twice; expected each rulebook once\n";
            return std::nullopt;
        }
        ids.push_back(id);
        if (end == list.size()) return ids;
        begin = end + 1;
    }
}

void print_missing_rulebook(const std::string& command, const std::string& id, const rulebook::Library& library) {
    if (const InputError* failure = library.failure(id)) {
        std::cerr << failure->what() << '\n';
        return;
    }
    std::cerr << "arbiter: " << command << ": no rulebook '" << id << "'" << rulebook::did_you_mean(id, library.ids())
              << "\n";
}

}  // namespace arbiter::cli
