#include "rulebook/validate.h"

#include "core/game_def.h"
#include "rulebook/balances.h"
#include "rulebook/event.h"
#include "rulebook/game_loader.h"
#include "rulebook/warnings.h"
#include "rulebook/timeline.h"

#include <algorithm>

namespace arbiter::rulebook {

namespace {

void check_effects(const std::vector<Effect>& effects, const Rulebook& book, const core::GameDefinition& game) {
    const EngineWords* engine = engine_words();
    if (!engine || game.placement.enabled) return;
    auto refuse = [&](const std::string& name, const SourceLocation& where) {
        if (std::find(engine->counted_game_effects.begin(), engine->counted_game_effects.end(), name) !=
            engine->counted_game_effects.end())
            throw InputError(where, "found the effect '" + name + "' in a rulebook of " + book.game +
                                        ", whose games end without a count of pieces; expected it only in a game "
                                        "decided by counting pieces (othello)");
    };
    for (const auto& e : effects) {
        refuse(e.name, e.where);
        // A formula's declared returns stand where its rule's effects do.
        if (e.name != "hook" || !e.fields.IsMap() || !e.fields["returns"].IsSequence()) continue;
        for (const auto& item : e.fields["returns"]) {
            if (item.IsScalar()) refuse(item.Scalar(), e.where);
            if (item.IsMap())
                for (const auto& entry : item) refuse(entry.first.Scalar(), e.where);
        }
    }
}

// A condition or material property that the board answers from an analysis the game file does not name
// (EngineWords::analysis_words): refused here, where the rulebook meets its game, with the word's place.
void check_analyses(const Rule& r, const Rulebook& book, const core::GameDefinition& game) {
    const EngineWords* engine = engine_words();
    if (!engine) return;
    auto refuse = [&](std::string_view word, const SourceLocation& where) {
        for (std::string_view pair : engine->analysis_words) {
            const std::size_t space = pair.find(' ');
            if (pair.substr(0, space) != word) continue;
            const std::string_view needed = pair.substr(space + 1);
            for (unsigned a = 0; a <= unsigned(core::Analysis::cycle_facts); ++a)
                if (core::analysis_name(core::Analysis(a)) == needed && !game.profile.offers(core::Analysis(a)))
                    throw InputError(where, "found '" + std::string(word) + "' in a rulebook of " + book.game +
                                                ", whose game file names no " + std::string(needed) +
                                                " analysis; expected it only in a game whose analyses: list " +
                                                std::string(needed));
        }
    };
    for (const auto& c : r.cases)
        if (c.when.IsMap())
            for (const auto& kv : c.when) refuse(kv.first.Scalar(), location_of(r.from.file, kv.first));
    for (const auto& p : r.params) {
        if (p.value.unit != Unit::balances) continue;
        std::string why;
        if (const auto items = parse_balances(p.value.text, why))
            for (const auto& item : *items)
                if (!item.property.empty()) refuse(item.property, p.where);
    }
}

// The conditions whose text lists piece letters (Board::material's: the game file's `letter` of each piece, spaces
// and the ';' between sets aside). A letter the game has no piece for was accepted and read as a piece nobody has:
// `offender_material_lacks: p` (lower case) was always true, `opponent_material_in: KZ` never; refused here.
void check_material_letters(const Rule& r, const Rulebook& book, const core::GameDefinition& game) {
    for (const auto& c : r.cases) {
        if (!c.when.IsMap()) continue;
        for (const auto& kv : c.when) {
            const std::string word = kv.first.Scalar();
            if ((word != "opponent_material_in" && word != "offender_material_lacks") || !kv.second.IsScalar())
                continue;
            std::string letters;
            for (const auto& piece : game.pieces) letters += piece.letter;
            for (const char letter : kv.second.Scalar()) {
                if (letter == ' ' || letter == ';' || letters.find(letter) != std::string::npos) continue;
                const auto u = static_cast<unsigned char>(letter);
                const std::string shown = u > 0x20 && u < 0x7F ? "the letter '" + std::string(1, letter) + "'"
                                                               : std::string("a control or non-ASCII byte");
                throw InputError(location_of(r.from.file, kv.second),
                                 "found " + shown + " in " + word + ", and " + book.game +
                                     " has no piece of that letter; expected the letters of its game file's pieces (" +
                                     letters + ")");
            }
        }
    }
}

void check_rules(const RuleMap& rules, const Rulebook& book, const core::GameDefinition& game) {
    for (const auto& [topic, r] : rules) {
        check_analyses(r, book, game);
        check_material_letters(r, book, game);
        check_effects(r.effects, book, game);
        if (!r.hook.empty()) check_effects({r.hook_call}, book, game);
        for (const auto& c : r.cases) check_effects(c.effects, book, game);
        for (const auto& step : r.ladder) check_effects(step.effects, book, game);
    }
}

}  // namespace

void check_for_game(const Rulebook& book, const core::GameDefinition& game) {
    check_rules(book.rules, book, game);
    for (const auto& [name, category] : book.categories) check_rules(category.rules, book, game);
    for (const auto& [name, mode] : book.modes) check_rules(mode.rules, book, game);
}

Validation validate_file(const std::filesystem::path& path, const Library& library, const std::string& rulebook_override) {
    YamlFile file = read_yaml_file(path);
    Validation result{detect_kind(file), true};
    switch (result.kind) {
        case Kind::rulebook: {
            const Rulebook book = library.load_file(path);
            check_for_game(book, *load_game(book.game, library.folder_of_game(book.game)));
            warn_categories_over_changes(book);
            break;
        }
        case Kind::registry:
            Registry::load(path);
            break;
        case Kind::event: {
            check_schema(file, Kind::event);
            Event event = read_event(file.root, file.name);
            check_event(event, event_rulebook(event, library, rulebook_override), library.registry());
            break;
        }
        case Kind::timeline:
            check_schema(file, Kind::timeline);
            check_timeline(file, library, rulebook_override);
            break;
        case Kind::game:
            result.schema_checked = check_schema(file, Kind::game);
            try {
                check_start_position(core::GameDefinition::from_yaml(file.root, file.name), file);
            } catch (const InputError&) {
                throw;
            } catch (const std::exception& e) {
                throw InputError(location_of(file.name, file.root), std::string("game definition: ") + e.what());
            }
            break;
    }
    return result;
}

}  // namespace arbiter::rulebook
