// arbiter show: one resolved rulebook, rule by rule, with the file and line each rule came from.
#include "cli/command.h"
#include "cli/safe_stderr.h"
#include "report/rulebook_text.h"
#include "report/run_words.h"
#include "rulebook/game_loader.h"
#include "rulebook/loader.h"
#include "rulebook/paths.h"
#include "rulebook/rulebook.h"
#include "rulebook/suggest.h"
#include "report/json_stream.h"

#include <algorithm>
#include <iostream>

namespace arbiter::cli {

namespace {

using namespace arbiter::rulebook;

// Returns the rules whose topic is `filter` or starts with `filter` + "." (all when empty).
std::vector<const Rule*> select_rules(const Rulebook& book, const std::string& filter) {
    std::vector<const Rule*> out;
    for (const auto& [topic, rule] : book.rules)
        if (filter.empty() || topic == filter || topic.rfind(filter + ".", 0) == 0) out.push_back(&rule);
    return out;
}

// In Japanese an effect is written in words only (its name is the rulebook file's); with the rule, a field that
// names a parameter shows its value.
void print_effects(const std::vector<Effect>& effects, const Registry& registry, Lang lang, const std::string& indent,
                   const Rule& rule) {
    int n = 1;
    for (const auto& e : effects)
        std::cout << indent << n++ << ". " << (lang == Lang::ja ? "" : e.name + ": ") << report::effect_in_words(e, registry, lang, &rule)
                  << '\n';
}

void print_rule(const Rule& rule, const Registry& registry, Lang lang, const Rulebook& book) {
    const bool ja = lang == Lang::ja;
    std::cout << '\n' << rule.topic << "  " << book.article_in(rule.article, lang);
    if (rule.removed) {
        std::cout << (ja ? "  （この区分では適用しない）\n" : "  (does not apply here)\n");
        return;
    }
    if (!rule.also.empty()) {
        std::cout << (ja ? "  (関連 " : "  (also ");
        for (std::size_t i = 0; i < rule.also.size(); ++i) std::cout << (i ? ", " : "") << book.article_in(rule.also[i], lang);
        std::cout << ')';
    }
    std::cout << '\n';
    if (!rule.summary.empty()) std::cout << "  " << rule.summary.in(lang) << '\n';
    // The rule's parameters, then those it omits that the registry gives a default (topics.yaml `default`):
    // what the engine reads is shown either way.
    std::vector<Param> defaults;
    if (const auto* topic = registry.topic(rule.topic))
        for (const auto& spec : topic->params)
            if (spec.default_value.IsDefined() && !spec.default_value.IsNull() && !rule.param(spec.name))
                defaults.push_back({spec.name, read_value(spec.unit, spec.default_value, registry.file(), spec.name), false, {}, {}, {}, {}, {}});
    if (!rule.params.empty() || !defaults.empty()) {
        std::cout << (ja ? "  パラメータ:\n" : "  params:\n");
        for (const auto& p : rule.params) std::cout << "    " << report::param_in_words(p, lang, &registry, rule.topic) << '\n';
        for (const auto& p : defaults)
            std::cout << "    " << report::param_in_words(p, lang, &registry, rule.topic) << (ja ? "（既定値）" : " (default)") << '\n';
    }
    if (!rule.effects.empty()) {
        std::cout << (ja ? "  効果:\n" : "  effects:\n");
        print_effects(rule.effects, registry, lang, "    ", rule);
    }
    for (std::size_t i = 0; i < rule.cases.size(); ++i) {
        std::cout << "  " << (ja ? "場合 " : "case ") << i + 1 << (rule.cases[i].article.empty() ? "" : " (" + book.article_in(rule.cases[i].article, lang) + ")") << ":\n";
        if (rule.cases[i].when && !rule.cases[i].when.IsNull())
            std::cout << (ja ? "    条件: " : "    when: ") << report::conditions_in_words(rule.cases[i].when, registry, lang, &rule) << '\n';
        if (!rule.cases[i].summary.empty()) std::cout << "    " << rule.cases[i].summary.in(lang) << '\n';
        print_effects(rule.cases[i].effects, registry, lang, "    ", rule);
    }
    for (std::size_t i = 0; i < rule.ladder.size(); ++i) {
        const bool last = i + 1 == rule.ladder.size();
        if (ja)
            std::cout << "  違反" << i + 1 << (last ? "回目以降" : "回目") << ":\n";
        else
            std::cout << "  offence " << i + 1 << (last ? "+" : "") << ":\n";
        if (!rule.ladder[i].summary.empty()) std::cout << "    " << rule.ladder[i].summary.in(lang) << '\n';
        print_effects(rule.ladder[i].effects, registry, lang, "    ", rule);
    }
    if (rule.discretion) {
        std::cout << (ja ? "  裁量: " : "  discretion: ");
        for (std::size_t i = 0; i < rule.discretion->options.size(); ++i)
            std::cout << (i ? (ja ? "・" : ", ") : "") << report::effect_words(rule.discretion->options[i], &registry, lang);
        std::cout << '\n';
    }
    if (rule.discretion && !rule.discretion->summary.empty()) std::cout << "    " << rule.discretion->summary.in(lang) << '\n';
    if (rule.claim) std::cout << (ja ? "  申し立て: " : "  claim: ") << report::claim_in_words(*rule.claim, registry, lang) << '\n';
    if (!rule.restore.empty())
        std::cout << (ja ? "  局面の復元: " + report::effect_words(rule.restore, &registry, lang)
                         : "  restore: " + rule.restore)
                  << '\n';
    if (!rule.hook.empty()) std::cout << (ja ? "  計算式: " : "  hook: ") << report::rule_hook_words(rule, lang) << '\n';
    if (!rule.notes.empty()) std::cout << "  " << (ja ? "注: " : "note: ") << rule.notes.in(lang) << '\n';
    std::cout << (ja ? "  出典: " : "  from: ") << report::provenance_in_words(rule.from) << '\n';
}

// The game as `list` names it: its id in English, its name from the game file (names.ja) in Japanese.
std::string game_words(const std::string& game, const rulebook::Library& library, Lang lang) {
    if (lang != Lang::ja) return game;
    try {
        const auto& names = rulebook::game_profile(game, library.folder_of_game(game)).names;
        if (auto it = names.find("ja"); it != names.end()) return it->second;
    } catch (const InputError&) {  // a game file that does not load is the rulebook's own error elsewhere
    }
    return game;
}

// A header field on its line: a newline or tab in a title, issuer or source is a space, so a rulebook cannot add
// header lines of its own ("Forged\nissuer: FIDE" as a title printed a second issuer).
std::string one_line(std::string text) {
    std::replace_if(text.begin(), text.end(), [](char c) { return c == '\n' || c == '\t' || c == '\r'; }, ' ');
    return text;
}

void print_header(const Rulebook& book, const rulebook::Library& library, Lang lang) {
    const bool ja = lang == Lang::ja;
    const auto label = [ja](const char* en, const char* jp) { return ja ? jp : en; };
    std::cout << book.id << "  " << one_line(book.title.in(lang)) << '\n';
    std::cout << label("  game: ", "  種目: ") << game_words(book.game, library, lang);
    if (!book.extends.empty()) {
        std::cout << label("  extends:", "  継承:");
        for (std::size_t i = 1; i < book.lineage.size(); ++i) std::cout << (i > 1 ? " <- " : " ") << book.lineage[i];
    }
    if (!book.effective.empty()) std::cout << label("  effective: ", "  施行: ") << book.effective;
    std::cout << '\n';
    if (!book.adopted.empty()) std::cout << label("  adopted: ", "  採択: ") << one_line(book.adopted) << '\n';
    if (!book.issuer.empty()) std::cout << label("  issuer: ", "  発行者: ") << one_line(book.issuer.in(lang)) << '\n';
    std::cout << label("  source: ", "  出典: ") << one_line(book.source.file)
              << (book.source.part.empty() ? "" : " (" + one_line(book.source.part) + ")") << '\n';
    if (!book.categories.empty()) {
        std::cout << label("  categories:", "  種別:");
        for (const auto& [name, c] : book.categories)
            std::cout << ' ' << report::category_words(name, c.title, lang) << (c.article.empty() ? "" : " (" + c.article + ")");
        std::cout << '\n';
    }
    if (!book.modes.empty()) {
        std::cout << label("  modes:", "  方式:");
        for (const auto& [name, m] : book.modes)
            std::cout << ' ' << (m.title.empty() ? name : m.title.in(lang)) << (name == book.default_mode ? "*" : "");
        std::cout << '\n';
    }
    std::cout << label("  file: ", "  ファイル: ") << book.file << '\n';
}

}  // namespace

Command show_command() {
    return {"show", "Show a resolved rulebook rule by rule, with where each rule came from",
            "Prints rulebook ID after `extends` is resolved: its header, then each rule with its topic, article,\n"
            "summary, parameters (value, unit, whether an event may set them), effects in words, cases with\n"
            "their conditions, ladders, discretion, who may claim and until when, hooks and the file:line it came\n"
            "from; then the rules each category and mode brings. --topic keeps one topic or a prefix (draw, draw.repetition).",
            [](CLI::App& app, const GlobalOptions& global) {
                auto id = std::make_shared<std::string>();
                auto topic = std::make_shared<std::string>();
                auto lang = std::make_shared<std::string>("en");
                auto format = std::make_shared<std::string>("text");
                app.add_option("ID", *id, "Rulebook id (see arbiter list)")->required();
                // Empty, it was taken for not given and the whole rulebook shown (exit 0).
                app.add_option("--topic", *topic, "Show only this topic or topic prefix")->check(NonEmpty);
                app.add_option("--lang", *lang, "Language of summaries")->check(CLI::IsMember({"en", "ja"}));
                app.add_option("--format", *format, "Output format")->check(CLI::IsMember({"text", "json"}));
                return std::function<int()>([&global, id, topic, lang, format] {
                    const Library library = Library::open(rulesets_dir(global.rulesets_dir));
                    const Rulebook* book = library.find(*id);
                    if (!book) {
                        if (const InputError* failure = library.failure(*id)) {
                            std::cerr << failure->what() << '\n';
                            return 2;
                        }
                        std::string known;
                        for (const auto& k : library.ids()) known += (known.empty() ? "" : ", ") + k;
                        std::cerr << "arbiter: show: found the rulebook id '" << *id << "'; expected one of: " << known
                                  << did_you_mean(*id, library.ids()) << '\n';
                        return 2;
                    }
                    auto rules = select_rules(*book, *topic);
                    if (!topic->empty() && rules.empty()) {
                        const Registry& registry = library.registry();
                        bool registered = registry.topic(*topic) != nullptr;
                        for (const auto& name : registry.topic_names())
                            if (name.rfind(*topic + ".", 0) == 0) registered = true;
                        if (registered) {
                            std::cerr << "arbiter: show: " << book->id << " has no rule on " << *topic << '\n';
                            return 1;
                        }
                        std::vector<std::string> names = registry.topic_names();
                        std::cerr << "arbiter: show: found the unknown topic '" << *topic << "'; expected a topic of "
                                  << registry.file() << did_you_mean(*topic, names) << '\n';
                        return 2;
                    }
                    const Lang language = *lang == "ja" ? Lang::ja : Lang::en;
                    if (*format == "json") {
                        std::cout << report::json_stream::dump(report::rulebook_json(*book, rules), 2) << '\n';
                    } else {
                        const TerminalSafeStdout safe_text;  // the rulebook's own words, on a terminal
                        print_header(*book, library, language);
                        for (const Rule* rule : rules) print_rule(*rule, library.registry(), language, *book);
                        // What each category and mode changes, rule by rule, for the topics shown.
                        auto print_part = [&](const char* kind, const std::string& name, const std::string& article,
                                              const Text& summary, const RuleMap& map) {
                            std::vector<const Rule*> part;
                            for (const auto& [t, rule] : map)
                                if (topic->empty() || t == *topic || t.rfind(*topic + ".", 0) == 0) part.push_back(&rule);
                            if (part.empty()) return;
                            std::cout << "\n== " << kind << ' ' << name << (article.empty() ? "" : "  " + article) << '\n';
                            if (!summary.empty()) std::cout << "  " << summary.in(language) << '\n';
                            for (const Rule* rule : part) print_rule(*rule, library.registry(), language, *book);
                        };
                        const bool ja = language == Lang::ja;
                        for (const auto& [name, c] : book->categories) print_part(ja ? "区分" : "category", report::category_words(name, c.title, language), c.article, c.summary, c.rules);
                        for (const auto& [name, m] : book->modes)
                            print_part(ja ? "方式" : "mode", m.title.empty() ? name : m.title.in(language), m.article, m.summary, m.rules);
                    }
                    return 0;
                });
            }};
}

}  // namespace arbiter::cli
