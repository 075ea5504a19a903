// arbiter vocabulary: the registry and the engine's tables as docs/VOCABULARY.md.
#include "cli/command.h"
#include "report/vocabulary_doc.h"
#include "rulebook/paths.h"
#include "rulebook/rulebook.h"

#include <iostream>

namespace arbiter::cli {

Command vocabulary_command() {
    return {"vocabulary", "Print the vocabulary (topics, triggers, conditions, effects, parameters) as Markdown",
            "Writes docs/VOCABULARY.md from the topic registry (schemas/topics.yaml) and the engine's tables:\n"
            "for each topic what raises it, each condition, effect, parameter, claimant and deadline with its\n"
            "meaning in English and Japanese. `arbiter vocabulary > docs/VOCABULARY.md` regenerates the file.",
            [](CLI::App&, const GlobalOptions& global) {
                return std::function<int()>([&global] {
                    const auto library = rulebook::Library::open(rulebook::rulesets_dir(global.rulesets_dir));
                    std::cout << report::vocabulary_markdown(library.registry());
                    return 0;
                });
            }};
}

}  // namespace arbiter::cli
