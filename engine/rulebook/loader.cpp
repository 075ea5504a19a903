#include "rulebook/loader.h"

#include "clock/duration.h"
#include "core/record/bounded_read.h"
#include "rulebook/balances.h"
#include "rulebook/rule_checker.h"
#include "rulebook/schema.h"
#include "rulebook/suggest.h"

#include <algorithm>
#include <charconv>

namespace arbiter::rulebook {

void fail_at(const std::string& file, const YAML::Node& node, const std::string& message) {
    throw InputError(location_of(file, node), message);
}

std::string scalar_or_empty(const YAML::Node& node) {
    return node && node.IsScalar() ? node.Scalar() : std::string();
}

namespace {

bool is_integer(const std::string& text) {
    if (text.empty()) return false;
    std::int64_t value = 0;
    auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    return ec == std::errc() && ptr == text.data() + text.size();
}

bool is_number(const std::string& text) {
    if (text.empty()) return false;
    char* end = nullptr;
    std::strtod(text.c_str(), &end);
    return end == text.c_str() + text.size();
}

std::optional<std::chrono::milliseconds> bound(const YAML::Node& node, const std::string& file, const std::string& what) {
    if (!node) return std::nullopt;
    return read_value(Unit::duration, node, file, what).ms;
}

}  // namespace

std::string unit_expectation(Unit unit) {
    switch (unit) {
        case Unit::duration: return "a duration such as 3min, 90s, 1h30min or 1:30:00";
        case Unit::moves: return "a whole number of moves";
        case Unit::count: return "a whole number";
        case Unit::points: return "a number of points";
        case Unit::fraction: return "a number";
        case Unit::boolean: return "true or false";
        case Unit::text: return "text";
        case Unit::choice: return "a name";
        case Unit::balances: return "material balances such as 'KR v KR; KBP v K (wrong_rook_pawn)'";
    }
    return "a value";
}

Value read_value(Unit unit, const YAML::Node& node, const std::string& file, const std::string& what) {
    Value value;
    value.unit = unit;
    if (!node || !node.IsScalar())
        throw InputError(location_of(file, node), what + ": found " + describe(node) + "; expected " + unit_expectation(unit));
    value.text = node.Scalar();
    bool ok = true;
    switch (unit) {
        case Unit::duration: {
            auto parsed = clock::parse_duration(value.text);
            ok = parsed.value.has_value();
            if (ok) value.ms = *parsed;
            break;
        }
        case Unit::moves:
        case Unit::count:
            ok = is_integer(value.text) && value.text[0] != '-';
            if (ok) std::from_chars(value.text.data(), value.text.data() + value.text.size(), value.integer);
            break;
        case Unit::points:
        case Unit::fraction:
            ok = is_number(value.text);
            if (ok) value.number = std::strtod(value.text.c_str(), nullptr);
            break;
        case Unit::boolean:
            ok = value.text == "true" || value.text == "false";
            value.flag = value.text == "true";
            break;
        case Unit::text:
        case Unit::choice:
            break;
        case Unit::balances: {
            std::string why;
            if (!parse_balances(value.text, why))
                throw InputError(location_of(file, node), what + ": " + why + "; expected " + unit_expectation(unit));
            break;
        }
    }
    if (!ok)
        throw InputError(location_of(file, node), what + ": found " + describe(node) + "; expected " + unit_expectation(unit));
    return value;
}

const Param* basis_moves_beside_category_basis(const Rulebook& book, const Registry& registry) {
    if (!book.category_basis_moves) return nullptr;
    const std::string& topic = registry.setting_topic("categories");
    auto in = [&](const RuleMap& rules) -> const Param* {
        const auto it = rules.find(topic);
        return it == rules.end() || it->second.removed ? nullptr : it->second.param("basis_moves");
    };
    if (const Param* p = in(book.rules)) return p;
    for (const auto& [_, category] : book.categories)
        if (const Param* p = in(category.rules)) return p;
    for (const auto& [_, mode] : book.modes)
        if (const Param* p = in(mode.rules)) return p;
    return nullptr;
}

std::string two_category_bases(const Param& p, const std::string& topic, const std::string& where_basis) {
    return "found the parameter " + p.name + " (" + p.value.text + ") on " + topic + " beside category_basis.moves (" +
           where_basis + "), which takes precedence so that " + p.name + " would never be read; expected one of the " +
           "two: keep category_basis: {moves: ...} in the header and remove " + p.name + ", or remove category_basis";
}

RulebookFile parse_rulebook(const YamlFile& file, const Registry& registry, const std::vector<std::string>& games) {
    check_schema(file, Kind::rulebook);
    const YAML::Node& root = file.root;
    const MapKeys top(root);
    RulebookFile out;
    out.root = root;
    Rulebook& book = out.own;
    book.file = file.name;
    book.id = child(top, "rulebook").Scalar();
    // Errors of meaning are collected and raised together at the end, so that `validate` names them all at once;
    // the schema check above stays first because everything below relies on the shapes it guarantees.
    ErrorCollector errors;
    const std::string stem = std::filesystem::path(file.name).stem().string();
    if (book.id != stem)
        errors.attempt([&] {
            fail_at(file.name, child(top, "rulebook"), "found the id '" + book.id + "' in " + stem +
                                                     ".yaml; expected the id to equal the file name ('" + stem + "')");
        });
    // The format the file was written for: one newer than this registry's cannot be read as meant.
    if (const auto format = child(top, "format"); format && format.as<int>() > registry.format())
        errors.attempt([&] {
            fail_at(file.name, format, "found format " + format.Scalar() + ", newer than this program's rulebook format " +
                                           std::to_string(registry.format()) + "; expected format " +
                                           std::to_string(registry.format()) + " or older (a newer arbiter reads it)");
        });
    book.lineage = {book.id};
    book.title = read_text(child(top, "title"));
    book.issuer = read_text(child(top, "issuer"));
    book.game = child(top, "game").Scalar();
    if (!games.empty() && std::find(games.begin(), games.end(), book.game) == games.end()) {
        std::string list;
        for (const auto& g : games) list += (list.empty() ? "" : ", ") + g;
        errors.attempt([&] {
            fail_at(file.name, child(top, "game"), "found the unknown game '" + book.game + "'; expected one of: " + list +
                                                 did_you_mean(book.game, games));
        });
    }
    out.extends_node = child(top, "extends");
    if (out.extends_node.IsDefined()) book.extends = out.extends_node.Scalar();
    book.adopted = scalar_or_empty(child(top, "adopted"));
    book.effective = scalar_or_empty(child(top, "effective"));
    if (const auto source = child(top, "source"))
        book.source = {scalar_or_empty(child(source, "file")), scalar_or_empty(child(source, "part")),
                       scalar_or_empty(child(source, "lines")), scalar_or_empty(child(source, "url"))};
    if (const auto basis = child(top, "category_basis"); basis && child(basis, "moves"))
        errors.attempt([&] {
            book.category_basis_moves =
                static_cast<int>(read_value(Unit::moves, child(basis, "moves"), file.name, "category_basis.moves").integer);
        });
    if (const auto basis = child(top, "category_basis"); basis && child(basis, "delay"))
        errors.attempt([&] {
            book.category_basis_delay =
                read_value(Unit::boolean, child(basis, "delay"), file.name, "category_basis.delay").flag;
        });
    book.default_mode = scalar_or_empty(child(top, "default_mode"));
    book.notes = read_text(child(top, "notes"));
    if (const auto labels = child(top, "article_labels"); labels && child(labels, "ja")) {
        auto read = std::make_shared<ArticleLabels>();
        for (const auto& entry : child(labels, "ja")) read->ja[entry.first.Scalar()] = entry.second.Scalar();
        book.article_labels = std::move(read);
    }

    std::string hooks_text;
    if (const auto hooks = child(top, "hooks")) {
        const auto path = std::filesystem::path(file.name).parent_path() / hooks.Scalar();
        if (std::error_code ec; !std::filesystem::exists(path, ec))
            fail_at(file.name, hooks, "found the hooks file '" + hooks.Scalar() + "', which cannot be read at " +
                                          path.string() + "; expected a Lua file beside the rulebook");
        // A regular file under 1 MiB only: a FIFO or /dev/zero named as the hooks file is refused, never read.
        try {
            hooks_text =
                core::record::read_regular_file(path.string(), std::size_t{1} << 20, "a Lua file beside the rulebook");
        } catch (const InputError& e) {
            refuse_named_file(file.name, "hooks", hooks, e, "a Lua file beside the rulebook");
        }
        book.hooks_file = path.string();
        if (const EngineWords* engine = engine_words(); engine && engine->compile_hooks)
            if (const std::string why = engine->compile_hooks(hooks_text, hooks.Scalar()); !why.empty()) {
                // The hooks file's own line: its text is not YAML, so the place is built from the message.
                int line = 0;
                std::from_chars(why.data(), why.data() + why.size(), line);
                const std::size_t colon = why.find(": ");
                errors.attempt([&] {
                    throw InputError({path.string(), line, 0},
                                     "found a Lua error: " + (colon == std::string::npos ? why : why.substr(colon + 2)) +
                                         "; expected hooks that compile (the rulebook names them with hooks: " +
                                         hooks.Scalar() + ")");
                });
            }
    }
    RuleReader checker(registry, file.name, hooks_text, child(top, "hooks").IsDefined());
    book.rules = checker.read(child(top, "rules"), book.id, book.hooks_file, errors);

    if (const auto categories = child(top, "categories")) {
        for (const auto& entry : categories) {
            const std::string name = entry.first.Scalar();
            const YAML::Node& node = entry.second;
            const MapKeys keys(node);
            if (child(keys, "removed") && child(keys, "removed").Scalar() == "true") {
                out.removed_categories.insert(name);
                continue;
            }
            Category category;
            category.name = name;
            category.article = scalar_or_empty(child(keys, "article"));
            category.summary = read_text(child(keys, "summary"));
            category.title = read_text(child(keys, "title"));
            category.base_rules_when_supervised = scalar_or_empty(child(keys, "adequate_supervision")) == "base_rules";
            category.from = {book.id, file.name, entry.first.Mark().line + 1};
            if (const auto when = child(keys, "when")) {
                out.categories_with_when.insert(name);
                const auto game_time = child(when, "game_time");
                const std::string what = "categories." + name + ".when.game_time.";
                errors.attempt([&] {
                    category.when = {bound(child(game_time, "over"), file.name, what + "over"),
                                     bound(child(game_time, "at_least"), file.name, what + "at_least"),
                                     bound(child(game_time, "under"), file.name, what + "under"),
                                     bound(child(game_time, "at_most"), file.name, what + "at_most")};
                });
            }
            category.rules = checker.read(child(keys, "rules"), book.id, book.hooks_file, errors);
            book.categories.emplace(name, std::move(category));
        }
    }
    if (const auto modes = child(top, "modes")) {
        for (const auto& entry : modes) {
            const std::string name = entry.first.Scalar();
            const YAML::Node& node = entry.second;
            const MapKeys keys(node);
            if (child(keys, "removed") && child(keys, "removed").Scalar() == "true") {
                out.removed_modes.insert(name);
                continue;
            }
            Mode mode;
            mode.name = name;
            mode.article = scalar_or_empty(child(keys, "article"));
            mode.summary = read_text(child(keys, "summary"));
            mode.title = read_text(child(keys, "title"));
            mode.from = {book.id, file.name, entry.first.Mark().line + 1};
            mode.rules = checker.read(child(keys, "rules"), book.id, book.hooks_file, errors);
            book.modes.emplace(name, std::move(mode));
        }
    }
    if (!book.default_mode.empty() && !book.modes.count(book.default_mode) && book.extends.empty()) {
        std::vector<std::string> names;
        for (const auto& [name, _] : book.modes) names.push_back(name);
        errors.attempt([&] {
            fail_at(file.name, child(top, "default_mode"), "found the default mode '" + book.default_mode +
                                                         "', which is not among the modes; expected one of the modes: " +
                                                         (names.empty() ? std::string("(none)") : names.front()) +
                                                         did_you_mean(book.default_mode, names));
        });
    }
    if (const Param* p = basis_moves_beside_category_basis(book, registry))
        errors.attempt([&] {
            const std::string& topic = registry.setting_topic("categories");
            throw InputError(p->where, two_category_bases(*p, topic, "this file's header"));
        });
    errors.throw_if_any();
    return out;
}

}  // namespace arbiter::rulebook
